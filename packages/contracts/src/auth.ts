import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { messages } from './messages.ts';
import { balancesSchema, userSchema } from './user.ts';

const m = messages.signup;

// A pragmatic address check: one @, no spaces, a dot in the domain. The server lower-cases it.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: m.emailInvalid })
  .trim()
  .max(254, { error: m.emailInvalid })
  .regex(EMAIL_RE, { error: m.emailInvalid });

export const fullNameSchema = z
  .string({ error: m.fullNameMin })
  .trim()
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
