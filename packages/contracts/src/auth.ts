import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { messages } from './messages.ts';
import { balancesSchema, userSchema } from './user.ts';

const m = messages.signup;

// A pragmatic address check: one @, no spaces, a dot in the domain. The server lower-cases it.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters that draw nothing or reorder what is drawn: controls, format characters (zero-width
 * space and joiners, word joiner U+2060.., BOM, soft hyphen, the bidi marks, embeddings and
 * overrides U+202A–202E and isolates U+2066–2069), the other default-ignorable code points
 * (variation selectors, Hangul fillers, U+3164…), line and paragraph separators, private use,
 * lone surrogates and the blank Braille pattern. In an e-mail or a name they only serve to make
 * one identity pass for another, or to flip how a row of an admin list reads.
 */
const INVISIBLE_RE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * Viramas of the Indian scripts and Sinhala. After one of them a zero-width non-joiner or joiner
 * is how a half form or a conjunct is written (Devanagari half forms, Malayalam chillu, Sinhala
 * yansaya); IDNA 2008 allows them there and only there (RFC 5892, CONTEXTJ), and so do we, in names.
 */
const JOINER_AFTER_VIRAMA =
  /(?<=[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D\u0DCA])[\u200C\u200D]/gu;

/** True when `text` holds a character of INVISIBLE_RE (in a name, a joiner after a virama is fine). */
export function hasInvisibleCharacters(text: string, kind: 'email' | 'name'): boolean {
  return INVISIBLE_RE.test(kind === 'name' ? text.replace(JOINER_AFTER_VIRAMA, '') : text);
}

// NFKC first, so full-width and other compatibility forms (ａｄｍｉｎ, ﬁ) become the letters they
// stand for, and only then trim, since NFKC can turn a character into a space.
export const emailSchema = z
  .string({ error: m.emailInvalid })
  .normalize('NFKC')
  .trim()
  .refine((v) => !hasInvisibleCharacters(v, 'email'), { error: m.emailInvisible })
  .max(254, { error: m.emailInvalid })
  .regex(EMAIL_RE, { error: m.emailInvalid });

export const fullNameSchema = z
  .string({ error: m.fullNameMin })
  .normalize('NFKC')
  .trim()
  .refine((v) => !hasInvisibleCharacters(v, 'name'), { error: m.fullNameInvisible })
  .min(2, { error: m.fullNameMin })
  .max(100, { error: 'Full name must be at most 100 characters' });

// "at least 10 characters" is the spec; we also refuse letters so the field stays a phone number.
export const phoneSchema = z
  .string({ error: m.phoneMin })
  .trim()
  .min(10, { error: m.phoneMin })
  .max(20, { error: 'Phone number must be at most 20 characters' })
  .regex(/^\+?[0-9 ()-]+$/, {
    error: 'Phone number may contain only digits, spaces, +, - and brackets',
  });

export const passwordSchema = z
  .string({ error: m.passwordMin })
  .min(PASSWORD_MIN, { error: m.passwordMin })
  .max(PASSWORD_MAX, { error: m.passwordMax });

export const signupRequestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form adds the terms checkbox, which never reaches the server. */
export const signupFormSchema = signupRequestSchema.extend({
  terms: z.literal(true, { error: m.termsRequired }),
});
export type SignupForm = z.infer<typeof signupFormSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string({ error: messages.login.emailRequired })
    // The same form as at sign-up, so ａｄｍｉｎ@… reaches the account admin@… signed up with.
    .normalize('NFKC')
    .trim()
    .min(1, { error: messages.login.emailRequired })
    .max(254),
  password: z
    .string({ error: messages.login.passwordRequired })
    .min(1, { error: messages.login.passwordRequired })
    .max(PASSWORD_MAX),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authUserResponseSchema = z.object({ user: userSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema, balances: balancesSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const updateMeRequestSchema = z
  .object({ fullName: fullNameSchema.optional(), phone: phoneSchema.optional() })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;
