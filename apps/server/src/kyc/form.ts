import type { FastifyRequest } from 'fastify';
import {
  documentKinds,
  KYC_MAX_FILES,
  KYC_PDF_MAX_BYTES,
  kycDocumentLabels,
  kycTextFields,
  messages,
  type DocumentKind,
} from '@sikka/contracts';
import { DomainError } from '../domain-error.ts';

/** A KYC multipart form read whole into memory (at most 5 files, each ≤ 10 MB by the parser's limits). */
export interface KycForm {
  text: Partial<Record<string, string>>;
  files: Partial<Record<DocumentKind, Buffer>>;
  /** Problems found while reading (unexpected or repeated parts, over-long values), by field. */
  errors: Record<string, string>;
}

const TEXT_FIELDS = new Set<string>(['type', ...kycTextFields]);
const isDocumentKind = (name: string): name is DocumentKind =>
  (documentKinds as readonly string[]).includes(name);

/** Upload limits of busboy, used when the multipart plugin is registered. */
export const KYC_MULTIPART_LIMITS = {
  files: KYC_MAX_FILES,
  // The largest per-kind limit (the PDF's); the 5 MB image limit is checked per kind after reading.
  fileSize: KYC_PDF_MAX_BYTES,
  fields: 20,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 30,
  headerPairs: 100,
} as const;

function fileTooLarge(kind: string): DomainError {
  const message = isDocumentKind(kind)
    ? kind === 'bankStatement'
      ? messages.kyc.pdfTooLarge
      : messages.kyc.imageTooLarge(kycDocumentLabels[kind])
    : messages.kyc.tooManyParts;
  return new DomainError('payload_too_large', message, { [kind]: message });
}

const errorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;

/**
 * Reads every part. The user's file names and declared Content-Types are ignored on purpose:
 * the files are judged by their bytes later, and stored under names the server picks.
 */
export async function readKycForm(request: FastifyRequest): Promise<KycForm> {
  if (!request.isMultipart())
    throw new DomainError('unsupported_media_type', messages.kyc.multipartRequired);
  const form: KycForm = { text: {}, files: {}, errors: {} };
  let current = '';
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!isDocumentKind(part.fieldname)) {
          form.errors[part.fieldname] = messages.kyc.unexpectedFile;
        } else if (form.files[part.fieldname]) {
          form.errors[part.fieldname] = messages.kyc.duplicateFile;
        } else if (data.length > 0) {
          // An empty part is what a browser sends for an empty file input: the file is missing.
          form.files[part.fieldname] = data;
        }
        continue;
      }
      if (!TEXT_FIELDS.has(part.fieldname)) continue; // unknown text fields carry nothing we use
      if (part.valueTruncated || typeof part.value !== 'string') {
        form.errors[part.fieldname] = messages.kyc.fieldTooLong;
      } else if (form.text[part.fieldname] === undefined) {
        form.text[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(current);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('payload_too_large', messages.kyc.tooManyParts);
    }
    throw err;
  }
  return form;
}
