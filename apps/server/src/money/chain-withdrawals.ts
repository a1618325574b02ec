import type { AccountNotifier } from '../notifications/account-events.ts';
import {
  ADMIN_PAGE_SIZE,
  CHAIN_WITHDRAWAL_RULES,
  messages,
  trimDecimal,
  type AdminChainWithdrawal,
  type ChainAsset,
  type ChainWithdrawal,
  type ChainWithdrawalResponse,
  type ChainWithdrawalStatus,
  type createChainWithdrawalRequestSchema,
  type CryptoWalletResponse,
} from '@sikka/contracts';
import type { z } from 'zod';
import type { AccountKind, Address, ChainAdapter } from '../chain/adapter.ts';
import { requireAddress } from '../chain/values.ts';
import type { Db, Queryable } from '../db/index.ts';
import {
  filteredPage,
  isUuid,
  rowById,
  type ListFilter,
  type ListQuery,
} from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import { runAdminDecision } from './admin-decisions.ts';
import { getBalances } from './balances.ts';
import type { CryptoWallet } from './crypto-wallet.ts';
import { keyAlreadyUsed, requestHash, runIdempotent, type StoredAnswer } from './idempotency.ts';
import type { WithUser } from './rows.ts';
import { moneyError } from './sql-errors.ts';

/**
 * Crypto withdrawals (issue 15, ADR 016): the user's request (amount + fee held at once),
 * the admin's decision, and the views. Signing and sending an approved one is the sender's
 * (withdrawal-sender.ts); every money move is a function of migration 018.
 */

/** The chain a withdrawal goes out on, as the views name it. */
export interface WithdrawalChain {
  network: string;
  chainId: number;
  confirmations: number;
}

export const chainOf = (wallet: CryptoWallet, confirmations: number): WithdrawalChain => ({
  network: wallet.network,
  chainId: wallet.adapter.chainId,
  confirmations,
});

export interface ChainWithdrawalRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  chain_id: string;
  asset: ChainAsset;
  to_address: string;
  amount: string;
  fee: string;
  total: string;
  beneficiary_kind: 'own' | 'third_party';
  beneficiary_name: string | null;
  status: ChainWithdrawalStatus;
  rejection_reason: string | null;
  failure_reason: string | null;
  tx_hash: string | null;
  confirmations: string;
  created_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

/** `w` is a chain_withdrawals row or a money function's result. */
export const WITHDRAWAL_COLUMNS = `w.id, w.user_id, w.chain_id::text, w.asset, w.to_address,
  w.amount::text, w.fee::text, (w.amount + w.fee)::text AS total, w.beneficiary_kind,
  w.beneficiary_name, w.status, w.rejection_reason, w.failure_reason, w.tx_hash,
  w.confirmations::text, w.created_at, w.decided_at, w.completed_at`;
const ADMIN_COLUMNS = `${WITHDRAWAL_COLUMNS}, w.send_attempts, w.last_send_error, w.next_attempt_at,
  w.needs_attention_at, u.full_name AS user_full_name, u.email AS user_email`;

/** The sender's record of an approved withdrawal it could not sign (migration 037). */
interface SendingRow {
  send_attempts: number;
  last_send_error: string | null;
  next_attempt_at: Date | null;
  needs_attention_at: Date | null;
}

export const toChainWithdrawal = (
  r: ChainWithdrawalRow,
  chain: WithdrawalChain,
): ChainWithdrawal => ({
  id: r.id,
  asset: r.asset,
  network: chain.network,
  chainId: Number(r.chain_id),
  address: requireAddress(r.to_address),
  amount: r.amount,
  fee: r.fee,
  total: r.total,
  status: r.status,
  beneficiary: { kind: r.beneficiary_kind, name: r.beneficiary_name },
  txHash: r.tx_hash,
  confirmations: Number(r.confirmations),
  requiredConfirmations: chain.confirmations,
  rejectionReason: r.rejection_reason,
  failureReason: r.failure_reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  completedAt: r.completed_at ? r.completed_at.toISOString() : null,
});

type AdminRow = ChainWithdrawalRow & WithUser & SendingRow;

const toAdminChainWithdrawal = (r: AdminRow, chain: WithdrawalChain): AdminChainWithdrawal => ({
  ...toChainWithdrawal(r, chain),
  user: { id: r.user_id, fullName: r.user_full_name, email: r.user_email },
  sending: {
    attempts: r.send_attempts,
    lastError: r.last_send_error,
    nextAttemptAt: r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
    needsAttention: r.status === 'approved' && r.needs_attention_at !== null,
  },
});

/** The user's own most recent crypto withdrawals, newest first. */
export async function listOwnChainWithdrawals(
  db: Queryable,
  userId: string,
  chain: WithdrawalChain,
  limit: number,
): Promise<ChainWithdrawal[]> {
  const rows = await db.query<ChainWithdrawalRow>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM chain_withdrawals w WHERE w.user_id = $1
      ORDER BY w.created_at DESC, w.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => toChainWithdrawal(r, chain));
}

/** One of the user's own withdrawals; another user's id answers like an unknown one. */
export async function getOwnChainWithdrawal(
  db: Queryable,
  userId: string,
  id: string,
  chain: WithdrawalChain,
): Promise<ChainWithdrawal> {
  if (!isUuid(id)) throw notFound();
  const rows = await db.query<ChainWithdrawalRow>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM chain_withdrawals w WHERE w.id = $1 AND w.user_id = $2`,
    [id, userId],
  );
  if (!rows[0]) throw notFound();
  return toChainWithdrawal(rows[0], chain);
}

/**
 * The crypto wallet's assets for the withdraw screen: available and held coins, the rules,
 * and what the user has withdrawn today (India calendar day, as request_chain_withdrawal counts).
 */
export async function cryptoWalletState(
  db: Queryable,
  userId: string,
  chain: WithdrawalChain,
): Promise<CryptoWalletResponse> {
  const rows = await db.query<{
    asset: ChainAsset;
    available: string;
    held: string;
    used: string;
    remaining: string;
  }>(
    `WITH day AS (SELECT (clock_timestamp() AT TIME ZONE 'Asia/Kolkata')::date AS d),
     used AS (
       SELECT a.asset, a.daily_limit, a.ord,
              coalesce((SELECT sum(c.amount) FROM chain_withdrawals c, day
                         WHERE c.user_id = $1 AND c.asset = a.asset
                           AND c.status NOT IN ('rejected', 'cancelled', 'failed')
                           AND c.created_at >= (day.d::timestamp AT TIME ZONE 'Asia/Kolkata')
                           AND c.created_at < ((day.d + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')),
                       0) AS used
         FROM (VALUES ('USDT', $2::numeric, 1), ('ETH', $3::numeric, 2)) AS a(asset, daily_limit, ord))
     SELECT u.asset, coalesce(w.balance, 0)::numeric(30, 8)::text AS available,
            coalesce(w.held, 0)::numeric(30, 8)::text AS held, u.used::numeric(30, 8)::text AS used,
            greatest(u.daily_limit - u.used, 0)::numeric(30, 8)::text AS remaining
       FROM used u LEFT JOIN wallets w ON w.user_id = $1 AND w.coin_symbol = u.asset
      ORDER BY u.ord`,
    [userId, CHAIN_WITHDRAWAL_RULES.USDT.dailyLimit, CHAIN_WITHDRAWAL_RULES.ETH.dailyLimit],
  );
  const assets = rows.map((r) => {
    const rules = CHAIN_WITHDRAWAL_RULES[r.asset];
    return {
      asset: r.asset,
      available: r.available,
      held: r.held,
      fee: rules.fee,
      minimum: rules.minimum,
      dailyLimit: rules.dailyLimit,
      usedToday: r.used,
      remainingToday: r.remaining,
      places: rules.places,
    };
  });
  return {
    network: chain.network,
    chainId: chain.chainId,
    requiredConfirmations: chain.confirmations,
    assets,
  };
}

export type ChainWithdrawalRequest = z.output<typeof createChainWithdrawalRequestSchema>;

/**
 * What the request needs from the chain to judge the recipient: Sikka's own addresses that
 * are not deposit addresses (those are in the database), the address parser, and the chain's
 * word on whether an address is a wallet or a contract.
 */
export type RecipientChain = Pick<
  ChainAdapter,
  'hotWallet' | 'assets' | 'parseAddress' | 'accountKind'
>;

/**
 * How long a request waits for the chain to say whether the address is a contract (ms)
 * before answering 503. A person is waiting; the node's own timeout is 15 s.
 */
export const RECIPIENT_CHECK_TIMEOUT_MS = 5_000;

const addressError = (text: string) => new DomainError('validation_error', text, { address: text });

/** What the SQLSTATEs of request_chain_withdrawal mean for the user. */
function requestError(err: unknown, asset: ChainAsset): unknown {
  const { code, message } = err as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  const rules = CHAIN_WITHDRAWAL_RULES[asset];
  const limit = (m: string) => new DomainError('withdrawal_limit', m, { amount: m });
  switch (code) {
    case 'SK011':
      return new DomainError('kyc_required', messages.cryptoWithdrawals.kycRequired);
    case 'SK020':
      return addressError(
        text === 'own'
          ? messages.cryptoWithdrawals.addressOwn
          : messages.cryptoWithdrawals.addressSikka,
      );
    case 'SK014':
      return limit(messages.cryptoWithdrawals.amountMin(rules.minimum, asset));
    case 'SK016': {
      // The function computed what is left today under its lock; keep its figure.
      const left = /Left today: ([0-9.]+)/.exec(text)?.[1] ?? '0';
      return limit(
        messages.cryptoWithdrawals.dailyLimit(rules.dailyLimit, trimDecimal(left), asset),
      );
    }
    case 'SK001': {
      const m = messages.cryptoWithdrawals.insufficient(asset);
      return new DomainError('insufficient_funds', m, { amount: m });
    }
    default:
      return moneyError(err) ?? err;
  }
}

/**
 * A crypto withdrawal request at most once per (user, Idempotency-Key): the amount + fee
 * moves from available to held in the same transaction as the key. The address must parse
 * with its EIP-55 checksum and must not be Sikka's own (a deposit address, the hot wallet),
 * the token contract, or any other contract (an EIP-7702-delegated wallet is a wallet); the
 * places, the minimum, the daily limit and the balance are checked under the user's lock by
 * request_chain_withdrawal.
 */
export async function requestChainWithdrawal(
  db: Db,
  userId: string,
  key: string | undefined,
  request: ChainWithdrawalRequest,
  chain: WithdrawalChain,
  recipients: RecipientChain,
): Promise<StoredAnswer<ChainWithdrawalResponse>> {
  const rules = CHAIN_WITHDRAWAL_RULES[request.asset];
  const address = recipients.parseAddress(request.address);
  if (!address) throw addressError(messages.cryptoWithdrawals.addressInvalid);
  if (address === recipients.hotWallet) throw addressError(messages.cryptoWithdrawals.addressSikka);
  if (Object.values(recipients.assets).some((a) => a.contract === address)) {
    throw addressError(messages.cryptoWithdrawals.addressContract);
  }
  // The schema pads amounts to 8 places; what counts is the places that are not zero.
  const places = trimDecimal(request.amount).split('.')[1]?.length ?? 0;
  if (places > rules.places) {
    const m = messages.cryptoWithdrawals.amountDecimals(rules.places);
    throw new DomainError('validation_error', m, { amount: m });
  }
  // Before the transaction, which must not wait on the network (PGlite has one connection);
  // a retry of a key already used is answered from the table instead.
  if (!(await keyAlreadyUsed(db, userId, key))) await refuseContract(recipients, address);
  const hash = requestHash('create-chain-withdrawal', request);
  return runIdempotent(db, userId, key, hash, async (tx) => {
    const beneficiary = request.beneficiary;
    let rows: ChainWithdrawalRow[];
    try {
      rows = await tx.query<ChainWithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM request_chain_withdrawal(
           $1::uuid, $2::bigint, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8::numeric,
           $9::int, $10, $11) w`,
        [
          userId,
          chain.chainId,
          request.asset,
          address.toLowerCase(),
          request.amount,
          rules.fee,
          rules.minimum,
          rules.dailyLimit,
          rules.places,
          beneficiary.kind,
          beneficiary.kind === 'third_party' ? beneficiary.name : null,
        ],
      );
    } catch (err) {
      throw requestError(err, request.asset);
    }
    const body = {
      withdrawal: toChainWithdrawal(rows[0]!, chain),
      balances: await getBalances(tx, userId),
    };
    return { status: 201, body };
  });
}

/**
 * Refuses an address with code, asking the chain now. A contract may refuse the coins (the
 * sender then skips it, and an admin must reject it) or accept them and never move them on;
 * either way a plain transfer is not for it. A wallet that delegated under EIP-7702 is still
 * its owner's wallet: accepted. A chain that cannot answer in time refuses the request (503,
 * nothing held) rather than taking it unchecked.
 */
async function refuseContract(recipients: RecipientChain, address: Address): Promise<void> {
  let kind: AccountKind;
  try {
    kind = await recipients.accountKind(address, {
      signal: AbortSignal.timeout(RECIPIENT_CHECK_TIMEOUT_MS),
    });
  } catch {
    throw new DomainError('chain_unavailable', messages.cryptoWithdrawals.addressCheckUnavailable);
  }
  if (kind === 'contract') throw addressError(messages.cryptoWithdrawals.addressSmartContract);
}

/** The owner cancels a pending request; the held coins become available again. */
export function cancelChainWithdrawal(
  db: Db,
  userId: string,
  id: string,
  key: string | undefined,
  chain: WithdrawalChain,
): Promise<StoredAnswer<ChainWithdrawalResponse>> {
  const hash = requestHash('cancel-chain-withdrawal', { id });
  return runIdempotent(db, userId, key, hash, async (tx) => {
    if (!isUuid(id)) throw notFound();
    let rows: ChainWithdrawalRow[];
    try {
      rows = await tx.query<ChainWithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM cancel_chain_withdrawal($1::uuid, $2::uuid) w`,
        [id, userId],
      );
    } catch (err) {
      throw moneyError(err) ?? err;
    }
    const body = {
      withdrawal: toChainWithdrawal(rows[0]!, chain),
      balances: await getBalances(tx, userId),
    };
    return { status: 200, body };
  });
}

export type ChainWithdrawalDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * The admin approves (queued for the hot wallet) or rejects (the hold goes back) a pending
 * request, once: the function locks the user and the withdrawal and re-checks its status, so
 * of parallel decisions exactly one acts. An Idempotency-Key replays a retry's first answer.
 * An approved one not yet signed can still be rejected (the sender could not send it, or the
 * admin thinks again); one the sender gave up on can be approved again, to be tried afresh
 * (migration 037). A signed one is on its way to the chain: 409.
 */
export function decideChainWithdrawal(
  db: Db,
  admin: AuditActor,
  id: string,
  key: string | undefined,
  decision: ChainWithdrawalDecision,
  chain: WithdrawalChain,
  notify?: AccountNotifier,
): Promise<StoredAnswer<{ withdrawal: AdminChainWithdrawal }>> {
  const hash = requestHash(`${decision.kind}-chain-withdrawal`, { id, decision });
  return runAdminDecision(db, { admin, recordId: id, key, hash }, async (tx) => {
    const call =
      decision.kind === 'approve'
        ? { sql: 'approve_chain_withdrawal($1::uuid, $2::uuid)', params: [id, admin.id] }
        : {
            sql: 'reject_chain_withdrawal($1::uuid, $3, $2::uuid)',
            params: [id, admin.id, decision.reason],
          };
    let rows: AdminRow[];
    try {
      rows = await tx.query<AdminRow>(
        `SELECT ${ADMIN_COLUMNS} FROM ${call.sql} w JOIN users u ON u.id = w.user_id`,
        call.params,
      );
    } catch (err) {
      throw moneyError(err) ?? err;
    }
    const withdrawal = toAdminChainWithdrawal(rows[0]!, chain);
    // An approval is not news yet: the user hears when it completes or fails on chain.
    if (decision.kind === 'reject') {
      await notify?.(tx, withdrawal.user.id, {
        kind: 'crypto_withdrawal_rejected',
        amount: withdrawal.amount,
        asset: withdrawal.asset,
        reason: decision.reason,
      });
    }
    return { withdrawal };
  });
}

/** The search matches user name, e-mail, address, transaction hash or id, partial. */
export type AdminChainWithdrawalFilter = ListFilter<ChainWithdrawalStatus>;

/** Every user's crypto withdrawals, newest first, with the exact number of matches. */
export function listAdminChainWithdrawals(
  db: Queryable,
  filter: AdminChainWithdrawalFilter,
  chain: WithdrawalChain,
): Promise<{ items: AdminChainWithdrawal[]; total: number }> {
  const query: ListQuery<AdminRow, AdminChainWithdrawal> = {
    select: ADMIN_COLUMNS,
    from: 'FROM chain_withdrawals w JOIN users u ON u.id = w.user_id',
    orderBy: 'w.created_at DESC, w.id DESC',
    statusColumn: 'w.status',
    searchColumns: ['u.full_name', 'u.email', 'w.to_address', 'w.tx_hash', 'w.id::text'],
    toItem: (r) => toAdminChainWithdrawal(r, chain),
  };
  return filteredPage(db, query, filter, ADMIN_PAGE_SIZE);
}

/** One withdrawal as the admin sees it. */
export async function getAdminChainWithdrawal(
  db: Queryable,
  id: string,
  chain: WithdrawalChain,
): Promise<AdminChainWithdrawal> {
  const row = await rowById<AdminRow>(
    db,
    `SELECT ${ADMIN_COLUMNS} FROM chain_withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = $1`,
    id,
  );
  if (!row) throw notFound();
  return toAdminChainWithdrawal(row, chain);
}
