import { ApiError } from '@/lib/api-client.ts';

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
