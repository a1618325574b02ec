import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { isCancelledStepUp } from './step-up.ts';

describe('a declined step-up prompt', () => {
  it('is a 403 asking for the code, or refusing the last one', () => {
    expect(isCancelledStepUp(new ApiError(403, 'two_factor_required', 'm'))).toBe(true);
    expect(isCancelledStepUp(new ApiError(403, 'two_factor_invalid', 'm'))).toBe(true);
  });
  it('is not the wrong code of the set-up form (400) or anything else', () => {
    expect(isCancelledStepUp(new ApiError(400, 'two_factor_invalid', 'm', { code: 'm' }))).toBe(
      false,
    );
    expect(isCancelledStepUp(new ApiError(429, 'two_factor_throttled', 'm'))).toBe(false);
    expect(isCancelledStepUp(new Error('x'))).toBe(false);
  });
});
