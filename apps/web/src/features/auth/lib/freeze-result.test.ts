import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { cancelledLines, frozenAnswer } from './freeze-result.ts';

const answer = (withdrawalsCancelled: number, ordersCancelled: number) => ({
  message: messages.security.accountFrozenNow,
  withdrawalsCancelled,
  ordersCancelled,
  signedOut: true,
});

describe('the result of a freeze', () => {
  it('is read back from the history entry only when it has the answer’s shape', () => {
    expect(frozenAnswer(answer(2, 0))).toEqual(answer(2, 0));
    for (const state of [null, undefined, 'frozen', {}, { message: 'x' }, { from: '/login' }]) {
      expect(frozenAnswer(state)).toBeNull();
    }
  });
  it('says what was cancelled, one and many, and nothing when there was nothing', () => {
    expect(cancelledLines(answer(0, 0))).toEqual([]);
    expect(cancelledLines(answer(1, 0))).toEqual([
      '1 withdrawal was cancelled, and the amount is back in your balance.',
    ]);
    expect(cancelledLines(answer(3, 1))).toEqual([
      '3 withdrawals were cancelled, and the amounts are back in your balance.',
      '1 open order was cancelled.',
    ]);
    expect(cancelledLines(answer(0, 4))).toEqual(['4 open orders were cancelled.']);
  });
});
