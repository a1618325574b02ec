import { z } from 'zod';

export const healthResponseSchema = z.object({ ok: z.literal(true) });

/** Paged admin lists share one envelope. */
export const pagedQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

/** A non-negative decimal string with at most `scale` places (no exponent, no sign). */
export const decimalString = (scale: number, label = 'Amount') =>
  z
    .string({ error: `${label} must be a number` })
    .trim()
    .regex(new RegExp(`^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,${scale}})?$`), {
      error: `${label} must be a number with at most ${scale} decimal places`,
    });
