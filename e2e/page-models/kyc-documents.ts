import sharp from 'sharp';
import { verhoeffCheckDigit } from '@sikka/contracts';

/** Files for the KYC form, made on the fly (nothing binary is committed). */

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A card-shaped PNG with a title and a few lines, so previews look like the document they stand for. */
export async function cardPng(
  name: string,
  title: string,
  lines: string[],
  tint: string,
): Promise<UploadFile> {
  const text = lines
    .map(
      (line, i) =>
        `<text x="190" y="${150 + i * 34}" font-size="22" fill="#1f2937">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#f8fafc"/>
    <rect width="640" height="72" rx="24" fill="${tint}"/><rect y="48" width="640" height="24" fill="${tint}"/>
    <text x="28" y="48" font-size="28" font-weight="bold" fill="#ffffff">${escape(title)}</text>
    <rect x="28" y="110" width="136" height="170" rx="10" fill="#cbd5e1"/>
    <circle cx="96" cy="170" r="34" fill="#94a3b8"/><rect x="52" y="214" width="88" height="50" rx="24" fill="#94a3b8"/>
    ${text}
  </svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

/** A small, clean one-page PDF (no scripts, actions or attachments). */
export function statementPdf(name = 'statement.pdf'): UploadFile {
  const content = 'BT /F1 18 Tf 72 720 Td (Statement of account: last 6 months) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(out, 'latin1') };
}

/** A 12-digit Aadhaar-shaped number with a valid Verhoeff check digit. */
export function validAadhaar(): string {
  const body = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return body + verhoeffCheckDigit(body);
}

/**
 * An individual's PAN (4th letter P), different on every call: one PAN verifies one account
 * (ADR 039), and the e2e users share one server.
 */
export function validPan(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
}

export interface KycDocuments {
  aadharFront: UploadFile;
  aadharBack: UploadFile;
  panFront: UploadFile;
  bankStatement: UploadFile;
}

export async function kycDocuments(fullName: string): Promise<KycDocuments> {
  return {
    aadharFront: await cardPng(
      'aadhaar-front.png',
      'Aadhaar',
      [fullName, 'DOB: 01/01/1990', 'XXXX XXXX 1234'],
      '#ea580c',
    ),
    aadharBack: await cardPng(
      'aadhaar-back.png',
      'Aadhaar (back)',
      ['Address:', '12 MG Road', 'Bengaluru 560001'],
      '#16a34a',
    ),
    panFront: await cardPng(
      'pan-card.png',
      'Income Tax Department',
      [fullName.toUpperCase(), 'ABCDE1234F', 'PAN card'],
      '#1d4ed8',
    ),
    bankStatement: statementPdf(),
  };
}
