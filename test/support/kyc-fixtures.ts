import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { verhoeffCheckDigit } from '@sikka/contracts';

/** Test files made on the fly: nothing binary is committed. */

/** A photo-like JPEG with EXIF (camera, copyright, GPS) that must not survive the upload. */
export const EXIF_MARKER = 'SikkaSecretExifMarker';
export async function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return (
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Copyright: EXIF_MARKER, Make: 'SikkaCam', Model: EXIF_MARKER },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '19/1 4/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '72/1 52/1 0/1',
        },
      })
      // Orientation 6: the camera was turned; viewers rotate the 800×600 pixels 90° clockwise.
      .withMetadata({ orientation: 6 })
      .toBuffer()
  );
}

export function png(width = 400, height = 300): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

export function webp(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG header claiming width × height pixels, with only a few bytes of image data:
 * a decompression bomb's shape. Made by hand, because encoding 400 megapixels for real would
 * cost gigabytes in the test itself.
 */
export function hugePng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A small, well-formed PDF: catalog, one page with text, and the extra objects given (as
 * "N 0 obj ... endobj" bodies, numbered from 5). `catalogExtra` goes into the catalog dict.
 */
export function pdf(
  options: { catalogExtra?: string; objects?: string[]; raw?: string } = {},
): Buffer {
  const content = 'BT /F1 18 Tf 72 720 Td (Statement of account: 1 Apr - 30 Sep) Tj ET';
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(options.objects ?? []),
  ];
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  out += options.raw ?? '';
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PDF whose dictionaries sit in a Flate-compressed object stream (PDF 1.5+), as many
 * generators write them; with `script` the stream holds a JavaScript action that the
 * catalog's /OpenAction runs, invisible to a scan of the raw bytes.
 */
export function pdfWithObjectStream(script: boolean): Buffer {
  const inner = script
    ? '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'
    : '<< /Author (Sikka Bank) /Producer (Test) >>';
  const header = '6 0 ';
  const packed = deflateSync(Buffer.from(header + inner, 'latin1')).toString('latin1');
  const objStm = `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed}\nendstream`;
  return pdf({ catalogExtra: script ? '/OpenAction 6 0 R' : '', objects: [objStm] });
}

/** A 12-digit Aadhaar-shaped number with a valid Verhoeff check digit, starting with 2–9. */
export function validAadhaar(seed = Math.floor(Math.random() * 1e10)): string {
  const body = String(2 + (seed % 8)) + String(seed).padStart(10, '0').slice(-10);
  return body + verhoeffCheckDigit(body);
}

/**
 * An individual's PAN (4th letter P), different on every call: one PAN verifies one account
 * (ADR 039), so users of one test database need their own. `seed` picks a fixed one.
 */
export function validPan(seed = Math.floor(Math.random() * 26 ** 4 * 10_000)): string {
  const letter = (n: number) => String.fromCharCode(65 + (Math.floor(n) % 26));
  const digits = String(seed % 10_000).padStart(4, '0');
  const rest = Math.floor(seed / 10_000);
  return `${letter(rest)}${letter(rest / 26)}${letter(rest / 26 ** 2)}P${letter(rest / 26 ** 3)}${digits}${letter(seed)}`;
}

export interface KycParts {
  type?: string;
  aadharNumber?: string;
  panNumber?: string;
  accountNumber?: string;
  ifscCode?: string;
  bankName?: string;
  aadharFront?: Buffer;
  aadharBack?: Buffer;
  panFront?: Buffer;
  bankStatement?: Buffer;
  selfie?: Buffer;
}

/** A complete, valid individual submission; override or drop (undefined) any part. */
export async function validParts(): Promise<Required<KycParts>> {
  return {
    type: 'individual',
    aadharNumber: validAadhaar(),
    panNumber: validPan(),
    accountNumber: '123456789012',
    ifscCode: 'SBIN0001234',
    bankName: 'State Bank of India',
    aadharFront: await jpegWithExif(),
    aadharBack: await png(),
    panFront: await webp(),
    bankStatement: pdf(),
    selfie: await jpegWithExif(720, 720),
  };
}

/** Builds the multipart body the web form sends; file names and types are the client's claims. */
export function kycFormData(
  parts: KycParts,
  names: Partial<Record<keyof KycParts, [string, string]>> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts) as Array<
    [keyof KycParts, string | Buffer | undefined]
  >) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(key, value);
    else {
      const [filename, type] = names[key] ?? [
        key === 'bankStatement' ? 'statement.pdf' : `${key}.jpg`,
        '',
      ];
      form.append(key, new Blob([new Uint8Array(value)], { type }), filename);
    }
  }
  return form;
}

export function submitKyc(app: FastifyInstance, cookie: string | undefined, form: FormData) {
  return app.inject({
    method: 'POST',
    url: '/api/kyc',
    payload: form,
    headers: cookie ? { cookie } : {},
  });
}
