import { groupInr, trimDecimal } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountEventMail } from '../mail/templates.ts';
import { addNotice, type Notice } from './notices.ts';

/**
 * What happened on a user's account that they hear of in the app (the bell) and by mail:
 * decisions by the admin and the crypto wallet's outcomes. Amounts are decimal strings.
 */
export type AccountEvent =
  | { kind: 'kyc_approved' }
  | { kind: 'kyc_rejected'; reason: string }
  | { kind: 'deposit_credited'; id: string; amount: string }
  | { kind: 'deposit_rejected'; id: string; amount: string; reason: string }
  | { kind: 'withdrawal_paid'; id: string; amount: string; utrNumber: string }
  | { kind: 'withdrawal_rejected'; id: string; amount: string; reason: string }
  | { kind: 'crypto_withdrawal_completed'; amount: string; asset: string; txHash: string }
  | { kind: 'crypto_withdrawal_failed'; amount: string; asset: string; reason: string }
  | { kind: 'crypto_withdrawal_rejected'; amount: string; asset: string; reason: string };

/**
 * Writes an event's notice and mail in the caller's transaction (`tx`), so both exist exactly
 * when the decision they tell of committed: a rolled-back decision leaves neither.
 */
export type AccountNotifier = (tx: Queryable, userId: string, event: AccountEvent) => Promise<void>;

interface EventText {
  title: string;
  body: string;
  /** the page of the app it concerns */
  link: string;
  /** the mail's button */
  action: string;
}

/** A reason as the admin typed it, ready to end a sentence ("blurred." not "blurred.."). */
const clause = (reason: string) => reason.trim().replace(/[.!]+$/, '');
const inr = (amount: string) => `₹${groupInr(amount)}`;
const coin = (amount: string, asset: string) => `${trimDecimal(amount)} ${asset}`;
const CRYPTO_PAGE = '/dashboard/wallet/crypto-withdraw';

/** The words of each event, shared by the notice and the mail. */
export function eventText(event: AccountEvent): EventText {
  switch (event.kind) {
    case 'kyc_approved':
      return {
        title: 'KYC verified',
        body: 'Your KYC is verified. You can now deposit, trade and withdraw.',
        link: '/dashboard',
        action: 'Open your dashboard',
      };
    case 'kyc_rejected':
      return {
        title: 'KYC rejected',
        body: `Your KYC was rejected: ${clause(event.reason)}. Please correct it and submit again.`,
        link: '/dashboard',
        action: 'Resubmit your KYC',
      };
    case 'deposit_credited':
      return {
        title: 'Deposit credited',
        body: `Your deposit of ${inr(event.amount)} was credited to your INR balance.`,
        link: `/dashboard/wallet/deposits/${encodeURIComponent(event.id)}`,
        action: 'See the deposit',
      };
    case 'deposit_rejected':
      return {
        title: 'Deposit rejected',
        body: `Your deposit of ${inr(event.amount)} was rejected: ${clause(event.reason)}.`,
        link: `/dashboard/wallet/deposits/${encodeURIComponent(event.id)}`,
        action: 'See the deposit',
      };
    case 'withdrawal_paid':
      return {
        title: 'Withdrawal paid',
        body: `Your withdrawal of ${inr(event.amount)} was paid to your bank account (UTR ${event.utrNumber}).`,
        link: `/dashboard/wallet/withdrawals/${encodeURIComponent(event.id)}`,
        action: 'See the withdrawal',
      };
    case 'withdrawal_rejected':
      return {
        title: 'Withdrawal rejected',
        body: `Your withdrawal of ${inr(event.amount)} was rejected: ${clause(event.reason)}. The amount is back in your INR balance.`,
        link: `/dashboard/wallet/withdrawals/${encodeURIComponent(event.id)}`,
        action: 'See the withdrawal',
      };
    case 'crypto_withdrawal_completed':
      return {
        title: 'Crypto withdrawal completed',
        body: `Your withdrawal of ${coin(event.amount, event.asset)} was sent and confirmed on chain (transaction ${event.txHash}).`,
        link: CRYPTO_PAGE,
        action: 'See your withdrawals',
      };
    case 'crypto_withdrawal_failed':
      return {
        title: 'Crypto withdrawal failed',
        body: `Your withdrawal of ${coin(event.amount, event.asset)} failed: ${clause(event.reason)}.`,
        link: CRYPTO_PAGE,
        action: 'See your withdrawals',
      };
    case 'crypto_withdrawal_rejected':
      return {
        title: 'Crypto withdrawal rejected',
        body: `Your withdrawal of ${coin(event.amount, event.asset)} was rejected: ${clause(event.reason)}. The amount and the fee are back in your wallet.`,
        link: CRYPTO_PAGE,
        action: 'See your withdrawals',
      };
  }
}

/** The notifier of a running server: its mailer, clock and the site's address for links. */
export function accountNotifier(
  mailer: Mailer,
  clock: () => Date,
  origin: () => string,
): AccountNotifier {
  return async (tx, userId, event) => {
    const rows = await tx.query<{ email: string; full_name: string }>(
      'SELECT email, full_name FROM users WHERE id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) return;
    const text = eventText(event);
    const notice: Notice = {
      kind: event.kind,
      title: text.title,
      body: text.body,
      link: text.link,
    };
    await addNotice(tx, userId, notice, clock());
    await mailer.send(
      tx,
      accountEventMail(user.email, user.full_name, {
        subject: `${text.title} · Sikka`,
        kind: event.kind,
        paragraphs: [text.body],
        action: { label: text.action, url: `${origin()}${text.link}` },
      }),
    );
  };
}
