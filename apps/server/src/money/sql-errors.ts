import { messages } from '@sikka/contracts';
import { AppError, notFound } from '../http/errors.ts';

/**
 * The money functions (migrations/004_money.sql, 008, 009, 011) raise stable SQLSTATEs; this turns them into
 * API errors. Anything else is not ours to explain and stays a 500.
 */
export function moneyError(err: unknown, refusal?: AppError): AppError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, message } = err as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  switch (code) {
    case 'SK001':
      return new AppError(422, 'insufficient_inr', messages.quickBuy.insufficientInr);
    case 'SK002': {
      // The function computed the available amount under its lock; keep its figure.
      const available = /Available: ([0-9.]+) USDT/.exec(text)?.[1] ?? '0.00';
      return new AppError(422, 'insufficient_usdt', messages.quickBuy.insufficientUsdt(available));
    }
    case 'SK003':
      return new AppError(409, 'invalid_state', text);
    case 'SK004':
      return notFound();
    case 'SK005':
      return new AppError(400, 'validation_error', text);
    case 'SK009':
      // quick_trade (migration 009): the key was used before with another request.
      return new AppError(422, 'idempotency_conflict', messages.idempotency.conflict);
    case 'SK010':
      // quick_trade raised the refusal the server decided and passed in.
      return refusal;
    case 'SK011':
      // 011: money moves only for verified users; the route says which screen's words apply.
      return new AppError(403, 'kyc_required', messages.kycRequired.trade);
    case 'SK008':
      // The daily deposit limit (migration 008); the message says how much is left today.
      return new AppError(422, 'deposit_limit', text, { amount: text });
    default:
      return undefined;
  }
}

/**
 * Runs `fn`, translating the money functions' errors; `refusal` is what SK010 (the server's
 * own refusal, raised by the database so that it rolls back with everything else) means.
 */
export async function mapMoneyErrors<T>(fn: () => Promise<T>, refusal?: AppError): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw moneyError(err, refusal) ?? err;
  }
}
