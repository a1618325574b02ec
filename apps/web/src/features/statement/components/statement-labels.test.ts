import { describe, expect, it } from 'vitest';
import { entryLink } from './statement-labels.ts';

describe('entryLink', () => {
  const id = '3f0c2d1e-8b7a-4c6d-9e5f-0a1b2c3d4e5f';

  it('opens the very record an entry belongs to, by kind and id', () => {
    expect(entryLink({ kind: 'trade', id })).toEqual({
      to: `/dashboard/orders/trades/${id}`,
      label: 'View trade',
    });
    expect(entryLink({ kind: 'deposit', id })).toEqual({
      to: `/dashboard/wallet/deposits/${id}`,
      label: 'View deposit',
    });
    expect(entryLink({ kind: 'withdrawal', id })).toEqual({
      to: `/dashboard/wallet/withdrawals/${id}`,
      label: 'View withdrawal',
    });
  });

  it('keeps an id that is not a plain token inside its path segment', () => {
    expect(entryLink({ kind: 'trade', id: 'a/../b?c' }).to).toBe(
      '/dashboard/orders/trades/a%2F..%2Fb%3Fc',
    );
  });
});
