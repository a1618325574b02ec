import {
  documentKinds,
  kycDocumentLabels,
  kycIndividualFieldsSchema,
  kycRequiredOrder,
  messages,
  type DocumentKind,
  type KycIndividualFields,
} from '@sikka/contracts';
import { DomainError } from '../domain-error.ts';
import type { KycForm } from './form.ts';
import { checkImage } from './images.ts';
import { checkPdf } from './pdf.ts';

export interface StoredDocument {
  data: Buffer;
  contentType: 'image/jpeg' | 'application/pdf';
  extension: 'jpg' | 'pdf';
}

export interface ValidSubmission {
  fields: KycIndividualFields;
  documents: Record<DocumentKind, StoredDocument>;
}

/**
 * Every problem is reported at once: `fields` maps each field to its message, and `message`
 * lists them one per line in the spec's order (PRODUCT.md §5), so the form can show either.
 */
export function kycValidationError(fields: Record<string, string>): DomainError {
  const known = kycRequiredOrder.filter((k) => fields[k] !== undefined);
  const ordered: Record<string, string> = {};
  if (fields.type !== undefined) ordered.type = fields.type;
  for (const k of known) ordered[k] = fields[k]!;
  for (const [k, v] of Object.entries(fields)) ordered[k] ??= v;
  return new DomainError('validation_error', Object.values(ordered).join('\n'), ordered);
}

/** The KYC type first: corporate has no form yet, so it is refused before anything else. */
export function checkKycType(form: KycForm): void {
  const type = form.text.type?.trim();
  if (type === 'corporate') {
    throw new DomainError('validation_error', messages.kyc.corporateUnavailable, {
      type: messages.kyc.corporateUnavailable,
    });
  }
  if (type !== 'individual') form.errors.type ??= messages.kyc.typeInvalid;
}

/** Checks the text fields and every file (images re-encoded, the PDF scanned); throws validation_error with all problems. */
export async function validateIndividual(form: KycForm): Promise<ValidSubmission> {
  const errors: Record<string, string> = { ...form.errors };

  const parsed = kycIndividualFieldsSchema.safeParse(form.text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '_');
      errors[name] ??= issue.message;
    }
  }

  const documents: Partial<Record<DocumentKind, StoredDocument>> = {};
  // One file at a time: a decoded 40-megapixel image takes ~120 MB, so a request holds at
  // most one of them in memory rather than four.
  for (const kind of documentKinds) {
    if (errors[kind]) continue;
    const input = form.files[kind];
    if (!input) {
      errors[kind] = messages.kyc.required[kind];
      continue;
    }
    if (kind === 'bankStatement') {
      const result = await checkPdf(input);
      if (result.ok)
        documents[kind] = { data: result.data, contentType: 'application/pdf', extension: 'pdf' };
      else errors[kind] = result.message;
      continue;
    }
    const result = await checkImage(input, kycDocumentLabels[kind]);
    if (result.ok)
      documents[kind] = { data: result.data, contentType: 'image/jpeg', extension: 'jpg' };
    else errors[kind] = result.message;
  }

  if (Object.keys(errors).length > 0 || !parsed.success) throw kycValidationError(errors);
  return { fields: parsed.data, documents: documents as Record<DocumentKind, StoredDocument> };
}
