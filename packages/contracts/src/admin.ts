import { z } from 'zod';
import { pagedQuerySchema } from './common.ts';
import { messages } from './messages.ts';
import { documentKindSchema, kycStatusSchema, userSchema } from './user.ts';

/** GET /api/admin/users: search on name or e-mail; status is the KYC status ('' or absent = all). */
export const adminUsersQuerySchema = pagedQuerySchema.extend({
  status: z
    .union([kycStatusSchema, z.literal(''), z.literal('all')])
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/**
 * A user row of the admin list: the client User plus the INR balance as a decimal string and
 * the PAN the user typed (admin only: the KYC review compares it with the PAN card's image).
 */
export const adminUserSchema = userSchema.extend({
  balance: z.string(),
  panNumber: z.string().nullable(),
  /** When the owner froze the account (ADR 035); only the admin unfreezes it. */
  frozenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** POST /api/admin/users/:id/unfreeze: the account as it is now. */
export const unfreezeResponseSchema = z.object({
  message: z.string(),
  user: adminUserSchema,
});
export type UnfreezeResponse = z.infer<typeof unfreezeResponseSchema>;

export const KYC_REJECT_REASON_MAX = 500;

/** The refusal of a decision on a submission the admin did not see (ADR 039). */
export const KYC_SUBMISSION_CHANGED =
  'This KYC submission has changed since you opened it; reopen it to review the new one';

/**
 * POST /api/admin/users/:id/kyc. A rejection needs a non-blank reason; an approval ignores it.
 * `submittedAt` is the reviewed submission's kycSubmittedAt as the admin list showed it, and is
 * required: a decision names the submission it was made on, and when the user has submitted
 * again since, it is refused (409) rather than applied to documents nobody looked at (ADR 039).
 */
export const kycDecisionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    submittedAt: z.iso.datetime({
      offset: true,
      error: messages.kyc.decisionSubmittedAtRequired,
    }),
    reason: z
      .string()
      .trim()
      .max(KYC_REJECT_REASON_MAX, { error: messages.kyc.rejectReasonTooLong })
      .optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason !== undefined && b.reason !== ''), {
    path: ['reason'],
    error: messages.admin.rejectReasonRequired,
  });
export type KycDecisionRequest = z.input<typeof kycDecisionRequestSchema>;

export const kycDecisionResponseSchema = z.object({ user: userSchema });
export type KycDecisionResponse = z.infer<typeof kycDecisionResponseSchema>;

/**
 * One earlier KYC submission of a user, kept when a new one replaced it (ADR 041): what was
 * submitted (numbers masked as in the user, the PAN in full as in the admin list), the
 * decision on it, and which documents it had. Its documents are read through
 * `kycDocumentPath(userId, kind, id)`, by the admin only.
 */
export const kycEarlierSubmissionSchema = z.object({
  id: z.string(),
  /** The status it had when replaced: in practice 'rejected' (only then may a user resubmit). */
  status: kycStatusSchema,
  submittedAt: z.string().nullable(),
  /** The decision's time and the reviewer's e-mail, from the audit log; null if none. */
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  /** When the next submission replaced it. */
  replacedAt: z.string(),
  kycType: z.string().nullable(),
  kycDocumentNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  bankIfscCode: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  documents: z.array(documentKindSchema),
});
export type KycEarlierSubmission = z.infer<typeof kycEarlierSubmissionSchema>;

/** GET /api/admin/users/:id/kyc/history: the user's earlier KYC submissions, newest first. */
export const kycHistoryResponseSchema = z.object({
  submissions: z.array(kycEarlierSubmissionSchema),
});
export type KycHistoryResponse = z.infer<typeof kycHistoryResponseSchema>;

export const auditTargetTypes = [
  'user',
  'deposit',
  'withdrawal',
  'bank_account',
  'chain_withdrawal',
] as const;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates must be written YYYY-MM-DD' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * GET /api/admin/audit (and /api/admin/audit.csv): the append-only log of decisions and account
 * security events, newest first. `search` matches names, e-mails and actions; `action` is an
 * action prefix ('security.', 'kyc.verified'); `from`/`to` are India calendar days, inclusive.
 */
export const auditQuerySchema = pagedQuerySchema.omit({ status: true }).extend({
  action: z.string().trim().max(60).optional(),
  targetType: z
    .union([z.enum(auditTargetTypes), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  actorId: z.uuid({ error: 'Actor must be a user id' }).optional(),
  subjectId: z.uuid({ error: 'Subject must be a user id' }).optional(),
  from: isoDay,
  to: isoDay,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /**
   * e.g. 'kyc.verified', 'kyc.submitted', 'deposit.approved', 'deposit.rejected',
   * 'withdrawal.paid', 'withdrawal.rejected', 'withdrawal.cancelled', 'bank_account.verified'
   */
  action: z.string(),
  actor: z.object({ id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  subject: z.object({ id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  /** The acting request's client address, where one was recorded */
  actorIp: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
