import { kycDocumentLabels, messages, type DocumentKind } from '@sikka/contracts';

/** What a file's first bytes say it is, of the kinds KYC takes. */
export type FileSignature = 'jpeg' | 'png' | 'webp' | 'pdf';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Bytes enough for every signature below (WebP's "WEBP" ends at byte 12). */
export const SIGNATURE_BYTES = 12;

/**
 * The kind a file's bytes say, or null. The same magic numbers the server's `file-type`
 * check reads (apps/server/src/kyc/images.ts, pdf.ts): JPEG FF D8 FF, PNG's 8-byte header,
 * WebP "RIFF"…"WEBP", and "%PDF-" at the very start.
 */
export function sniffSignature(bytes: Uint8Array): FileSignature | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

/**
 * Whether a picked file's contents are what its slot takes, '' when they are. A name and a
 * browser-given type are only the file's claim: a text file renamed .jpg passes both, then
 * shows as a broken thumbnail and is refused by the server after the upload. Reading 12 bytes
 * says so at once, next to the field.
 */
export async function fileContentProblem(kind: DocumentKind, file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const signature = sniffSignature(head);
  if (kind === 'bankStatement') return signature === 'pdf' ? '' : messages.kyc.pdfContent;
  return signature && signature !== 'pdf' ? '' : messages.kyc.imageContent(kycDocumentLabels[kind]);
}
