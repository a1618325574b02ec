import type { DocumentKind } from '@sikka/contracts';

/**
 * Which column holds the storage key of each document kind (names kept from the spec), in
 * users and, under the same names, in kyc_submission_history (migration 040).
 */
export const DOCUMENT_COLUMN: Record<DocumentKind, string> = {
  aadharFront: 'kyc_front_url',
  aadharBack: 'kyc_back_url',
  panFront: 'pan_front_url',
  bankStatement: 'bank_statement_url',
  selfie: 'kyc_selfie_url',
};
