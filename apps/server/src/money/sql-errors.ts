import { messages } from '@sikka/contracts';
import { DomainError, notFound } from '../domain-error.ts';

/**
 * The money functions (migrations/004_money.sql, 008, 009, 011) raise stable SQLSTATEs; this
 * turns them into domain errors. Anything else is not ours to explain and stays a 500.
 */
export function moneyError(err: unknown, refusal?: DomainError): DomainError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, message } = err as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  switch (code) {
    case 'SK001':
      return new DomainError('insufficient_inr', messages.quickBuy.insufficientInr);
    case 'SK002': {
      // The function computed the available amount under its lock; keep its figure.
      const available = /Available: ([0-9.]+) USDT/.exec(text)?.[1] ?? '0.00';
      return new DomainError('insufficient_usdt', messages.quickBuy.insufficientUsdt(available));
    }
    case 'SK003':
      return new DomainError('invalid_state', text);
    case 'SK004':
      return notFound();
    case 'SK005':
      return new DomainError('validation_error', text);
    case 'SK009':
      // quick_trade (migration 009): the key was used before with another request.
      return new DomainError('idempotency_conflict', messages.idempotency.conflict);
    case 'SK010':
      // quick_trade raised the refusal the server decided and passed in (money/trades.ts).
      return refusal;
    case 'SK011':
      // 011: money moves only for verified users; a deposit says so in its own words.
      return new DomainError('kyc_required', messages.kycRequired.trade);
    case 'SK008':
      // The daily deposit limit (migration 008); the message says how much is left today.
      return new DomainError('deposit_limit', text, { amount: text });
    default:
      return undefined;
  }
}

/**
 * Runs `fn`, translating the money functions' errors; `refusal` is what SK010 (the server's
 * own refusal, raised by the database so that it rolls back with everything else) means.
 */
export async function mapMoneyErrors<T>(fn: () => Promise<T>, refusal?: DomainError): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw moneyError(err, refusal) ?? err;
  }
}
