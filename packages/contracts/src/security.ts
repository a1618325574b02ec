import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.ts';
import { messages } from './messages.ts';
import { userSchema } from './user.ts';

const m = messages.security;

/** Account security (issue 16, ADR 017): constants shared by the server and the web app. */
export const TWO_FACTOR_COOKIE = 'sikka_2fa';
export const PASSKEY_COOKIE = 'sikka_passkey';
export const DEVICE_COOKIE = 'sikka_device';
/** The header that carries a second-factor code to a route that asks for one again. */
export const TWO_FACTOR_HEADER = 'x-two-factor-code';
/**
 * Instead of a code, a user with TOTP on may confirm with one of their passkeys: the browser's
 * WebAuthn assertion (for the challenge of POST /api/auth/step-up/passkey-options) as JSON,
 * base64url-encoded, in this header.
 */
export const TWO_FACTOR_PASSKEY_HEADER = 'x-two-factor-passkey';
/** A password-reset link works this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** An e-mail verification link works this long. */
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** Between the password and the code of a two-factor sign-in. */
export const TWO_FACTOR_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one sign-in step may take before the password must be typed again. */
export const TWO_FACTOR_LOGIN_ATTEMPTS = 5;
/** Wrong second-factor codes per user in SECOND_FACTOR_WINDOW_MS before codes are refused. */
export const SECOND_FACTOR_MAX_FAILURES = 10;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60 * 1000;
export const BACKUP_CODE_COUNT = 10;
export const SIGN_IN_HISTORY_DAYS = 90;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** A six-digit app code or a backup code (xxxxx-xxxxx), spaces and case forgiven. */
export const secondFactorCodeSchema = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, { error: m.codeRequired })
  .max(32, { error: m.codeInvalid });

/** Answer of POST /api/auth/login: the user, or a request for the second step. */
export const loginResponseSchema = z.object({
  user: userSchema.nullable(),
  twoFactorRequired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/login/two-factor: the code, after the password (the step's cookie says whose). */
export const twoFactorLoginRequestSchema = z.object({ code: secondFactorCodeSchema });
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

/** A short answer in the product's words (forgot password, resend verification). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The token of a one-time link: 43 base64url characters (256 bits). */
export const linkTokenSchema = z
  .string({ error: m.linkInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: m.linkInvalid });

export const resetPasswordRequestSchema = z.object({
  token: linkTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The account's current password, asked again before a change only its owner may make. */
export const currentPasswordSchema = z
  .string({ error: m.currentPasswordRequired })
  .min(1, { error: m.currentPasswordRequired })
  .max(128);

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** A change of address waits this long for its link; withdrawals pause this long after it. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** The freeze link of a new-sign-in mail works this long (ADR 035). */
export const FREEZE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_HOLD_MS = 24 * 60 * 60 * 1000;
/** POST /api/auth/email/change: the new address and the current password (then step-up). */
export const changeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
/** POST /api/auth/email/change/confirm: the link's token; the answer names the new address. */
export const confirmEmailChangeResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
});
export type ConfirmEmailChangeResponse = z.infer<typeof confirmEmailChangeResponseSchema>;

/**
 * An anti-phishing code (ADR 034): chosen by the user, shown at the top of every mail Sikka sends
 * the account, so a mail without it is not ours. Letters and digits only, so it reads the same in
 * every mail client and cannot carry markup.
 */
export const ANTI_PHISHING_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;
export const antiPhishingCodeSchema = z
  .string({ error: m.antiPhishingCodeFormat })
  .trim()
  .regex(ANTI_PHISHING_CODE_PATTERN, { error: m.antiPhishingCodeFormat });
/** PUT /api/auth/anti-phishing-code: a new code, or null to remove it. */
export const antiPhishingCodeRequestSchema = z.object({
  code: antiPhishingCodeSchema.nullable(),
});
export type AntiPhishingCodeRequest = z.infer<typeof antiPhishingCodeRequestSchema>;

/** POST /api/auth/freeze: the current password, so a session alone cannot freeze the account. */
export const freezeAccountRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
});
export type FreezeAccountRequest = z.infer<typeof freezeAccountRequestSchema>;

/** POST /api/auth/freeze and /api/auth/freeze/confirm: what happened (ADR 035). */
export const freezeAccountResponseSchema = z.object({
  message: z.string(),
  /** withdrawals not yet sent that are now cancelled (their holds released) */
  withdrawalsCancelled: z.number().int(),
  /** spot orders cancelled (0 when the spot exchange is off) */
  ordersCancelled: z.number().int(),
  /**
   * Whether this browser's session ended: always from the Security page; from a link, only when
   * the browser was signed in to the frozen account (another account's session stays).
   */
  signedOut: z.boolean(),
});
export type FreezeAccountResponse = z.infer<typeof freezeAccountResponseSchema>;

/**
 * POST /api/auth/freeze/check: a freeze link can still freeze its account (nothing is used up).
 * Otherwise the error confirm would give: 400 link_invalid, 409 invalid_state (already frozen).
 */
export const freezeLinkCheckResponseSchema = z.object({ usable: z.literal(true) });
export type FreezeLinkCheckResponse = z.infer<typeof freezeLinkCheckResponseSchema>;

/** POST /api/auth/two-factor/totp/setup: a new secret to scan, not active until a code is typed. */
export const totpSetupResponseSchema = z.object({
  /** base32, for typing into an app by hand */
  secret: z.string(),
  /** otpauth://totp/… for the QR code */
  otpauthUrl: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableRequestSchema = z.object({
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .regex(/^\d{6}$/, { error: m.appCodeFormat }),
});
export type TotpEnableRequest = z.infer<typeof totpEnableRequestSchema>;

/** Shown once: after enabling TOTP, or when a new set is made. */
export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodesResponse = z.infer<typeof backupCodesResponseSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/security: what the security page shows at the top. */
export const securityOverviewSchema = z.object({
  emailVerified: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  totp: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    backupCodesLeft: z.number().int(),
  }),
  passkeys: z.array(passkeySchema),
  /** shown at the top of every mail to the account; null when none is set */
  antiPhishingCode: z.string().nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", from the user agent */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export const signedOutResponseSchema = z.object({ signedOut: z.number().int() });
export type SignedOutResponse = z.infer<typeof signedOutResponseSchema>;

export const signInMethodSchema = z.enum(['password', 'two_factor', 'passkey']);
export const signInOutcomeSchema = z.enum([
  'success',
  'wrong_password',
  'wrong_code',
  'throttled',
  'code_required',
]);
export const signInEventSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  ip: z.string(),
  device: z.string(),
  method: signInMethodSchema,
  outcome: signInOutcomeSchema,
  newDevice: z.boolean(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;
export const signInHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const signInHistoryResponseSchema = z.object({
  items: z.array(signInEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SignInHistoryResponse = z.infer<typeof signInHistoryResponseSchema>;
export const SIGN_IN_PAGE_SIZE = 20;

/**
 * Passkey ceremonies: the options are the WebAuthn JSON of @simplewebauthn (passed to the
 * browser as they are), the answers the browser's credential as JSON.
 */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());
/** Adding a passkey (a way to sign in on its own) asks for the password first, as an e-mail change does. */
export const passkeyRegistrationOptionsRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
});
export type PasskeyRegistrationOptionsRequest = z.infer<
  typeof passkeyRegistrationOptionsRequestSchema
>;
export const passkeyRegisterRequestSchema = z.object({
  name: z
    .string({ error: m.passkeyNameRequired })
    .trim()
    .min(1, { error: m.passkeyNameRequired })
    .max(60, { error: m.passkeyNameTooLong }),
  response: z.record(z.string(), z.unknown()),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;
export const passkeyLoginRequestSchema = z.object({
  response: z.record(z.string(), z.unknown()),
  rememberMe: z.boolean().optional().default(false),
});
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;
export const passkeyResponseSchema = z.object({ passkey: passkeySchema });
/** Answer of POST /api/auth/step-up/passkey-options: null when the user has no passkey. */
export const stepUpPasskeyOptionsSchema = z.object({ options: webauthnOptionsSchema.nullable() });
export type StepUpPasskeyOptions = z.infer<typeof stepUpPasskeyOptionsSchema>;

/** In-app notices (a new sign-in, …), newest first, with the unread count for the header. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** The local mailbox (no SMTP_URL, outside production): mails the product would have sent. */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const devMailboxResponseSchema = z.object({ mails: z.array(devMailSchema) });
export type DevMailboxResponse = z.infer<typeof devMailboxResponseSchema>;
