import type { DocumentKind, KycStatus, Role, User } from '@sikka/contracts';

/** A users row as SQL returns it (numeric as string, timestamps as Date). */
export interface UserRow {
  [key: string]: unknown;
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  role: Role;
  password_hash: string;
  kyc_status: KycStatus;
  kyc_type: string | null;
  kyc_document_type: string | null;
  kyc_document_number: string | null;
  kyc_front_url: string | null;
  kyc_back_url: string | null;
  kyc_selfie_url: string | null;
  pan_front_url: string | null;
  bank_statement_url: string | null;
  kyc_submitted_at: Date | null;
  kyc_verified_at: Date | null;
  kyc_rejected_reason: string | null;
  bank_name: string | null;
  bank_ifsc_code: string | null;
  bank_account_number: string | null;
  pan_number: string | null;
  balance: string;
  email_verified_at: Date | null;
  email_changed_at: Date | null;
  totp_enabled_at: Date | null;
  anti_phishing_code: string | null;
  frozen_at: Date | null;
  password_changed_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const DOCUMENT_COLUMNS: Array<[DocumentKind, keyof UserRow]> = [
  ['aadharFront', 'kyc_front_url'],
  ['aadharBack', 'kyc_back_url'],
  ['panFront', 'pan_front_url'],
  ['bankStatement', 'bank_statement_url'],
  ['selfie', 'kyc_selfie_url'],
];

/** The client's view of a user: no hash, no storage keys, numbers already masked in SQL. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    fullName: row.full_name,
    role: row.role,
    kycStatus: row.kyc_status,
    kycType: row.kyc_type,
    kycDocumentType: row.kyc_document_type,
    kycDocumentNumber: row.kyc_document_number,
    kycSubmittedAt: iso(row.kyc_submitted_at),
    kycVerifiedAt: iso(row.kyc_verified_at),
    kycRejectedReason: row.kyc_rejected_reason,
    bankName: row.bank_name,
    bankIfscCode: row.bank_ifsc_code,
    bankAccountNumber: row.bank_account_number,
    documents: DOCUMENT_COLUMNS.filter(([, col]) => row[col]).map(([kind]) => kind),
    emailVerified: row.email_verified_at !== null,
    twoFactorEnabled: row.totp_enabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}
