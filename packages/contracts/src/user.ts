import { z } from 'zod';

export const kycStatusSchema = z.enum(['pending', 'submitted', 'verified', 'rejected']);
export type KycStatus = z.infer<typeof kycStatusSchema>;
export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const documentKinds = [
  'aadharFront',
  'aadharBack',
  'panFront',
  'bankStatement',
  'selfie',
] as const;
export const documentKindSchema = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** The user as the client sees it (DESIGN.md §7). Never carries hashes, raw paths or full numbers. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  fullName: z.string(),
  role: roleSchema,
  kycStatus: kycStatusSchema,
  kycType: z.string().nullable(),
  kycDocumentType: z.string().nullable(),
  kycDocumentNumber: z.string().nullable(),
  kycSubmittedAt: z.string().nullable(),
  kycVerifiedAt: z.string().nullable(),
  kycRejectedReason: z.string().nullable(),
  bankName: z.string().nullable(),
  bankIfscCode: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  documents: z.array(documentKindSchema),
  /** The sign-up address was confirmed by its link (withdrawals need it). */
  emailVerified: z.boolean(),
  /** TOTP is on: sign-in and sensitive actions ask for a code. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Decimal strings: INR with 2 places, USDT with 8. `inr` is what the user can spend;
 * `inrHeld` is INR set aside by pending withdrawals (not spendable, still theirs).
 */
export const balancesSchema = z.object({ inr: z.string(), inrHeld: z.string(), usdt: z.string() });
export type Balances = z.infer<typeof balancesSchema>;
