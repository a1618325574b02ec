import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';

/**
 * The user closed the app-wide code prompt of a step-up route: api-client asks for the code
 * and retries while the server answers 403 two_factor_required or two_factor_invalid, so
 * either one reaching a screen means the person declined (after a wrong code, for the second).
 * Say nothing more.
 */
export function isCancelledStepUp(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 403 &&
    (err.code === 'two_factor_required' || err.code === 'two_factor_invalid')
  );
}

/**
 * A security form's refused request, said once: nothing after a declined step-up, the server's
 * field messages at their fields (`showAtFields`), anything else as a toast with its words or
 * `fallback`.
 */
export function sayFormRefusal<F extends string>(
  err: unknown,
  fields: readonly F[],
  showAtFields: (found: Partial<Record<F, string>>) => void,
  fallback: string,
): void {
  if (isCancelledStepUp(err)) return;
  const found = serverFieldErrors(err, fields);
  if (Object.keys(found).length > 0) showAtFields(found);
  else toast.error(errorMessage(err, fallback));
}
