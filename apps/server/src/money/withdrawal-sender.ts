import {
  confirmations as confirmationsOf,
  ChainError,
  maxFeeOf,
  type ChainAdapter,
  type ChainAssetCode,
  type Hex,
  type TransferFees,
} from '../chain/adapter.ts';
import { CHAIN_WITHDRAWAL_SEND_ATTEMPTS, trimDecimal } from '@sikka/contracts';
import { fromBaseUnits, requireAddress, toBaseUnits } from '../chain/values.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { AccountNotifier } from '../notifications/account-events.ts';
import type { WatcherLogger } from './deposit-watcher.ts';
import { PollLoop } from './poll-loop.ts';

export interface WithdrawalSenderOptions {
  db: Db;
  chain: ChainAdapter;
  /** CHAIN_CONFIRMATIONS: blocks the transaction needs, its own included, to be completed. */
  confirmations: number;
  logger: WatcherLogger;
  pollIntervalMs?: number;
  /**
   * A failpoint for the crash tests: runs after a signed transaction is committed to the
   * database and before it is sent. Production never sets it.
   */
  afterSign?: (withdrawalId: string) => Promise<void>;
  /** Tells the owner a withdrawal completed or failed (notice and mail), in the same transaction. */
  notify?: AccountNotifier;
  /**
   * Milliseconds before a withdrawal the node refused is tried again, doubled per earlier
   * failure (default 30 s: 30 s, 1, 2, 4 minutes, then the admin). Tests set 0.
   */
  retryDelayMs?: number;
  /** Failed attempts after which the sender stops and the admin decides (default 5). */
  maxAttempts?: number;
}

export interface SenderStepResult {
  /** Withdrawals signed (and stored) by this step. */
  signed: string[];
  /** Withdrawals whose transaction a node accepted in this step (first send or a re-send). */
  broadcast: string[];
  completed: string[];
  failed: string[];
}

type QueuedRow = {
  id: string;
  asset: ChainAssetCode;
  to_address: string;
  amount: string;
};

type InFlightRow = {
  id: string;
  status: 'signed' | 'broadcast';
  raw_tx: Hex;
  tx_hash: Hex;
  confirmations: string;
};

/**
 * Pays approved crypto withdrawals from the hot wallet (ADR 016). Each step:
 *
 * 1. signs each approved withdrawal with the next nonce from `chain_nonces` and commits the
 *    signed transaction, its hash and the nonce in one transaction (`sign_chain_withdrawal`).
 *    Nothing has left the machine yet: a crash before the commit leaves it approved and the
 *    nonce unused; a crash after leaves a stored transaction, which step 2 sends. One the node
 *    will not estimate or sign (a recipient contract that reverts, the hot wallet short) is
 *    skipped before any nonce is taken, tried again after a backoff and, after maxAttempts,
 *    left for the admin (migration 037): it never holds up the ones behind it;
 * 2. sends every stored one not yet accepted, oldest nonce first, the same bytes every time:
 *    a re-send of a transaction the node already has is not an error (adapter.broadcast), so
 *    a crash between sending and recording the send cannot make a second payment;
 * 3. follows the sent ones: a receipt with CHAIN_CONFIRMATIONS blocks completes the withdrawal
 *    (success) or fails it and releases the hold (reverted); without a receipt the same
 *    transaction is sent again (a node that dropped it gets it back).
 *
 * Like the watcher, it keeps nothing in memory between steps: a restart or a second instance
 * is only "look again", and the functions' locks and status checks make each move once.
 */
export class WithdrawalSender {
  readonly #db: Db;
  readonly #chain: ChainAdapter;
  readonly #confirmations: number;
  readonly #log: WatcherLogger;
  readonly #afterSign: ((id: string) => Promise<void>) | undefined;
  readonly #notify: AccountNotifier | undefined;
  readonly #retryDelayMs: number;
  readonly #maxAttempts: number;
  readonly #loop: PollLoop;

  constructor(options: WithdrawalSenderOptions) {
    if (!Number.isInteger(options.confirmations) || options.confirmations < 1) {
      throw new Error('confirmations must be a positive integer');
    }
    this.#db = options.db;
    this.#chain = options.chain;
    this.#confirmations = options.confirmations;
    this.#log = options.logger;
    this.#afterSign = options.afterSign;
    this.#notify = options.notify;
    this.#retryDelayMs = options.retryDelayMs ?? 30_000;
    this.#maxAttempts = options.maxAttempts ?? CHAIN_WITHDRAWAL_SEND_ATTEMPTS;
    if (
      !(this.#retryDelayMs >= 0) ||
      !Number.isInteger(this.#maxAttempts) ||
      this.#maxAttempts < 1
    ) {
      throw new Error('retryDelayMs must be at least 0 and maxAttempts a positive integer');
    }
    this.#loop = new PollLoop(
      async () => {
        await this.step();
        return { again: false };
      },
      options.pollIntervalMs ?? 5_000,
      (err) =>
        this.#log.error({ err, chainId: this.#chain.chainId }, 'withdrawal sender step failed'),
    );
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Runs the next step now (an admin just approved one). */
  poke(): void {
    this.#loop.poke();
  }

  async step(): Promise<SenderStepResult> {
    const result: SenderStepResult = { signed: [], broadcast: [], completed: [], failed: [] };
    const tried = new Set<string>();
    for (;;) {
      const next = await this.#signNext(tried);
      if (!next) break;
      if (next.signedHere) result.signed.push(next.id);
    }
    await this.#follow(result);
    return result;
  }

  /**
   * Signs the oldest approved withdrawal that is due and not yet tried in this step (`tried`):
   * its id, and whether this call signed it (another instance may have been first, or the
   * node refused to estimate or sign it: then it is deferred); null when none is left.
   */
  async #signNext(tried: Set<string>): Promise<{ id: string; signedHere: boolean } | null> {
    const chainId = this.#chain.chainId;
    const [row] = await this.#db.query<QueuedRow>(
      `SELECT w.id, w.asset, w.to_address, w.amount::text FROM chain_withdrawals w
        WHERE w.chain_id = $1 AND w.status = 'approved' AND w.needs_attention_at IS NULL
          AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= clock_timestamp())
          AND NOT (w.id = ANY ($2::uuid[]))
        ORDER BY w.decided_at, w.id LIMIT 1`,
      [chainId, [...tried]],
    );
    if (!row) return null;
    tried.add(row.id);
    const request = {
      to: requireAddress(row.to_address),
      asset: row.asset,
      // numeric(30, 8) pads to 8 places, more than USDT's token has: '25.00000000' → '25'.
      amount: toBaseUnits(trimDecimal(row.amount), this.#chain.assets[row.asset].decimals),
    };
    // Asked first, so that a node that cannot be reached fails the step (and is retried) instead
    // of counting as a failed attempt of every withdrawal in the queue.
    const chainNonce = await this.#chain.nonce('latest');
    let fees: TransferFees;
    try {
      fees = await this.#chain.estimateFees(request);
    } catch (err) {
      // The node refuses this transfer (a recipient that reverts, the hot wallet short of the
      // coins or the gas): it is skipped, with no nonce taken, and the next one goes.
      await this.#defer(row, errorText(err), err);
      return { id: row.id, signedHere: false };
    }
    // Not every node refuses to estimate a transfer the wallet cannot pay (Anvil does not): a
    // signed one it then refuses to take would hold every later nonce. So check it here.
    const short = await this.#shortfall(request, fees);
    if (short) {
      await this.#defer(row, short);
      return { id: row.id, signedHere: false };
    }
    const hot = this.#chain.hotWallet.toLowerCase();
    try {
      await this.#db.transaction(async (tx) => {
        const [n] = await tx.query<{ nonce: number }>(
          `SELECT lock_chain_nonce($1, $2, $3) AS nonce`,
          [chainId, hot, chainNonce],
        );
        const signed = await this.#chain.signTransfer({ ...request, nonce: n!.nonce, fees });
        await tx.query(`SELECT 1 FROM sign_chain_withdrawal($1::uuid, $2, $3, $4, $5)`, [
          row.id,
          signed.from.toLowerCase(),
          signed.nonce,
          signed.rawTx.toLowerCase(),
          signed.txHash.toLowerCase(),
        ]);
      });
    } catch (err) {
      // Another instance signed it first, or the admin rejected it (it is no longer approved):
      // nothing to do here. Either way the rollback gave the nonce back.
      if ((err as { code?: unknown }).code === 'SK003') return { id: row.id, signedHere: false };
      if (err instanceof ChainError) {
        await this.#defer(row, errorText(err), err);
        return { id: row.id, signedHere: false };
      }
      throw err;
    }
    this.#log.info({ withdrawalId: row.id }, 'crypto withdrawal signed');
    await this.#afterSign?.(row.id);
    return { id: row.id, signedHere: true };
  }

  /**
   * Why the hot wallet cannot pay this transfer now, or null when it can: the amount (ETH) and
   * the most the gas can cost (ETH), on top of what its signed transactions not yet seen mined
   * will take (confirmations 0; one mined but not yet followed is counted twice, which only
   * defers). In base units, never floats.
   */
  async #shortfall(
    request: { asset: ChainAssetCode; amount: bigint },
    fees: TransferFees,
  ): Promise<string | null> {
    const chain = this.#chain;
    const inFlight = await this.#db.query<{ asset: ChainAssetCode; total: string }>(
      `SELECT w.asset, sum(w.amount)::text AS total FROM chain_withdrawals w
        WHERE w.chain_id = $1 AND w.status IN ('signed', 'broadcast') AND w.confirmations = 0
        GROUP BY w.asset`,
      [chain.chainId],
    );
    const reserved = (asset: ChainAssetCode) => {
      const total = inFlight.find((r) => r.asset === asset)?.total;
      return total ? toBaseUnits(trimDecimal(total), chain.assets[asset].decimals) : 0n;
    };
    const needs: Array<[ChainAssetCode, bigint]> = [
      ['ETH', maxFeeOf(fees) + reserved('ETH') + (request.asset === 'ETH' ? request.amount : 0n)],
    ];
    if (request.asset !== 'ETH') {
      needs.push([request.asset, request.amount + reserved(request.asset)]);
    }
    for (const [asset, need] of needs) {
      const have = await chain.balance(chain.hotWallet, asset);
      if (have < need) {
        const coins = (units: bigint) =>
          `${trimDecimal(fromBaseUnits(units, chain.assets[asset].decimals))} ${asset}`;
        return `The hot wallet has ${coins(have)}; it needs ${coins(need)} for this and the withdrawals in flight`;
      }
    }
    return null;
  }

  /**
   * Counts a failed attempt (defer_chain_withdrawal, migration 037): tried again after the
   * backoff, or, at the last attempt, left for the admin (needs attention).
   */
  async #defer(row: QueuedRow, reason: string, err?: unknown): Promise<void> {
    try {
      const [w] = await this.#db.query<{ send_attempts: number; needs_attention: boolean }>(
        `SELECT w.send_attempts, w.needs_attention_at IS NOT NULL AS needs_attention
           FROM defer_chain_withdrawal($1::uuid, $2, $3::double precision * interval '1 millisecond', $4) w`,
        [row.id, reason, this.#retryDelayMs, this.#maxAttempts],
      );
      this.#log.error(
        {
          err,
          reason,
          withdrawalId: row.id,
          asset: row.asset,
          hotWallet: this.#chain.hotWallet,
          attempts: w?.send_attempts,
        },
        w?.needs_attention
          ? 'crypto withdrawal cannot be signed: left for the admin'
          : 'crypto withdrawal cannot be signed yet; skipped, tried again later',
      );
    } catch (deferErr) {
      // Rejected by the admin meanwhile: nothing left to defer.
      if ((deferErr as { code?: unknown }).code === 'SK003') return;
      throw deferErr;
    }
  }

  /** Sends what is stored and follows what was sent (steps 2 and 3), oldest nonce first. */
  async #follow(result: SenderStepResult): Promise<void> {
    const rows = await this.#db.query<InFlightRow>(
      `SELECT w.id, w.status, w.raw_tx, w.tx_hash, w.confirmations::text FROM chain_withdrawals w
        WHERE w.chain_id = $1 AND w.status IN ('signed', 'broadcast') ORDER BY w.nonce`,
      [this.#chain.chainId],
    );
    if (rows.length === 0) return;
    const head = await this.#chain.head();
    for (const row of rows) {
      const receipt = await this.#chain.receipt(row.tx_hash);
      if (!receipt) {
        if (!(await this.#send(row))) break;
        await this.#markSent(row);
        result.broadcast.push(row.id);
        continue;
      }
      // Mined: sent, whether or not this process recorded the send before.
      await this.#markSent(row);
      const depth = confirmationsOf(receipt.blockNumber, head);
      if (depth < this.#confirmations) {
        await this.#db.query(
          `UPDATE chain_withdrawals SET confirmations = $2, updated_at = clock_timestamp()
            WHERE id = $1 AND status IN ('signed', 'broadcast') AND confirmations <> $2`,
          [row.id, depth],
        );
        continue;
      }
      // Deep enough; the block must still be the one the receipt names (a node mid-reorg).
      const block = await this.#chain.block(receipt.blockNumber);
      if (block?.hash.toLowerCase() !== receipt.blockHash.toLowerCase()) continue;
      const mined = [row.id, String(receipt.blockNumber), receipt.blockHash.toLowerCase()];
      if (receipt.status === 'success') {
        const sql = `SELECT 1 FROM complete_chain_withdrawal($1::uuid, $2::bigint, $3, $4::bigint)`;
        if (!(await this.#settle(sql, [...mined, depth], (tx) => this.#tell(tx, row.id)))) continue;
        result.completed.push(row.id);
        this.#log.info(
          { withdrawalId: row.id, txHash: row.tx_hash },
          'crypto withdrawal completed',
        );
      } else {
        const sql = `SELECT 1 FROM fail_chain_withdrawal($1::uuid, $2::bigint, $3, $4)`;
        const reason =
          'The transaction failed on chain. The amount and the fee are back in your wallet.';
        if (!(await this.#settle(sql, [...mined, reason], (tx) => this.#tell(tx, row.id))))
          continue;
        result.failed.push(row.id);
        this.#log.error(
          { withdrawalId: row.id, txHash: row.tx_hash },
          'crypto withdrawal reverted',
        );
      }
    }
  }

  /** The owner hears of a completed or failed withdrawal (the row as just settled). */
  async #tell(tx: Queryable, id: string): Promise<void> {
    if (!this.#notify) return;
    const rows = await tx.query<{
      user_id: string;
      status: string;
      asset: string;
      amount: string;
      tx_hash: string | null;
      failure_reason: string | null;
    }>(
      `SELECT user_id, status, asset, amount::text AS amount, tx_hash, failure_reason
         FROM chain_withdrawals WHERE id = $1`,
      [id],
    );
    const w = rows[0];
    if (!w) return;
    if (w.status === 'completed') {
      await this.#notify(tx, w.user_id, {
        kind: 'crypto_withdrawal_completed',
        amount: w.amount,
        asset: w.asset,
        txHash: w.tx_hash ?? '',
      });
    } else if (w.status === 'failed') {
      await this.#notify(tx, w.user_id, {
        kind: 'crypto_withdrawal_failed',
        amount: w.amount,
        asset: w.asset,
        reason: w.failure_reason ?? '',
      });
    }
  }

  /** signed → broadcast, once; a no-op for one already recorded as sent. */
  async #markSent(row: InFlightRow): Promise<void> {
    if (row.status !== 'signed') return;
    await this.#settle(`SELECT 1 FROM mark_chain_withdrawal_broadcast($1::uuid)`, [row.id]);
  }

  /**
   * Runs one of the sender's SQL steps; false when another instance (a second server, a
   * restarted one) already moved the withdrawal on: the function's status check (SK003)
   * refused, and nothing was written twice.
   */
  async #settle(
    sql: string,
    params: unknown[],
    after?: (tx: Queryable) => Promise<void>,
  ): Promise<boolean> {
    try {
      if (!after) {
        await this.#db.query(sql, params);
        return true;
      }
      // The owner's notice and mail commit with the outcome they tell of, or not at all.
      await this.#db.transaction(async (tx) => {
        await tx.query(sql, params);
        await after(tx);
      });
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code === 'SK003') return false;
      throw err;
    }
  }

  /** Sends the stored bytes; false when the node refused them (later nonces wait behind). */
  async #send(row: InFlightRow): Promise<boolean> {
    try {
      await this.#chain.broadcast(row.raw_tx);
      return true;
    } catch (err) {
      if (!(err instanceof ChainError)) throw err;
      this.#log.error(
        { err, withdrawalId: row.id, txHash: row.tx_hash },
        'crypto withdrawal could not be sent; trying again next step',
      );
      return false;
    }
  }
}

/** The node's short words for a refusal (viem's shortMessage), for the admin to read. */
function errorText(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const { shortMessage, message } = err as { shortMessage?: unknown; message?: unknown };
  const text = typeof shortMessage === 'string' && shortMessage ? shortMessage : message;
  return typeof text === 'string' && text ? text.slice(0, 500) : 'Unknown error';
}
