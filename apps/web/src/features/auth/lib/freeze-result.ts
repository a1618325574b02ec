import { freezeAccountResponseSchema, type FreezeAccountResponse } from '@sikka/contracts';

/**
 * The answer of a freeze, as the Security page or the link page left it in the history entry
 * of /freeze-account (it survives a reload there); null for anything else.
 */
export function frozenAnswer(state: unknown): FreezeAccountResponse | null {
  const parsed = freezeAccountResponseSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** What the freeze stopped, a sentence each, only for what there was. */
export function cancelledLines(answer: FreezeAccountResponse): string[] {
  const lines: string[] = [];
  const withdrawals = answer.withdrawalsCancelled;
  const orders = answer.ordersCancelled;
  // A cancelled withdrawal's hold goes back (freeze_account() cancels it as its owner would).
  if (withdrawals === 1) {
    lines.push('1 withdrawal was cancelled, and the amount is back in your balance.');
  } else if (withdrawals > 1) {
    lines.push(
      `${withdrawals} withdrawals were cancelled, and the amounts are back in your balance.`,
    );
  }
  if (orders === 1) lines.push('1 open order was cancelled.');
  else if (orders > 1) lines.push(`${orders} open orders were cancelled.`);
  return lines;
}
