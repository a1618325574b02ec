import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** POST /api/newsletter: the footer's newsletter box. */
export const newsletterRequestSchema = z.object({ email: emailSchema }).strict();
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** The same answer for a new address and one already subscribed: it reveals nothing. */
export const NEWSLETTER_SUBSCRIBED = 'Thanks! You are subscribed to the Sikka newsletter.';

/** Subscriptions one address (IP) may send per minute. */
export const NEWSLETTER_RATE_PER_MIN = 5;
