import type { Address, BlockRef, ChainAdapter, ChainTransfer } from '../chain/adapter.ts';
import { fromBaseUnits } from '../chain/values.ts';
import type { Db, Queryable } from '../db/index.ts';
import { creditChainDeposits, watchedAddresses, type ChainDeposit } from './chain-deposits.ts';
import { PollLoop } from './poll-loop.ts';

/** What the watcher logs through; pino's (Fastify's) logger fits. */
export interface WatcherLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DepositWatcherOptions {
  db: Db;
  chain: ChainAdapter;
  /** CHAIN_CONFIRMATIONS: blocks a deposit needs, its own included, before it is credited. */
  confirmations: number;
  logger: WatcherLogger;
  /** Pause between steps once caught up with the head. */
  pollIntervalMs?: number;
  /** Blocks scanned per step at most (RPC providers cap `eth_getLogs` ranges). */
  maxBlocksPerStep?: number;
  /** Scanned blocks remembered for finding a fork; raised to at least confirmations + 1. */
  keepBlocks?: number;
  /** Where a chain's first step starts (no cursor yet); default: the head at that moment. */
  startBlock?: bigint;
}

export interface StepResult {
  /** The blocks this step scanned and committed, or null (caught up, or lost a race). */
  scanned: { from: bigint; to: bigint } | null;
  /** Transfers to watched addresses found in them (new or already known). */
  found: number;
  /** Set when the cursor's block had left the chain: the last block both agree on. */
  forkedAt: bigint | null;
  orphaned: number;
  credited: ChainDeposit[];
  /** Whether the cursor is at the head the step saw. */
  caughtUp: boolean;
}

interface Cursor {
  number: bigint;
  hash: string | null;
}

/** Another watcher moved the cursor between this step's read and its write. */
class CursorMoved extends Error {}

/**
 * Finds USDT and ETH transfers to the users' deposit addresses and credits them after N
 * confirmations, exactly once (ADR 015, "Deposits"). Every step:
 *
 * 1. reads the cursor (the last scanned block and its hash) and compares that hash with the
 *    chain's; on a mismatch walks back through the remembered blocks to the last one that
 *    still matches, marks what was found above it orphaned and moves the cursor back there;
 * 2. scans the next blocks up to the head (at most maxBlocksPerStep), checks they link to
 *    the cursor by parent hash, and in one transaction records the transfers (ON CONFLICT
 *    DO NOTHING on (chain, tx, log index)), the blocks' hashes and the new cursor;
 * 3. calls credit_chain_deposits, which credits what has N confirmations on blocks that are
 *    still the recorded ones.
 *
 * Nothing is remembered in memory between steps, so a restart, a second instance or a
 * reorganisation is only "ask again": each write is guarded by the cursor it started from.
 */
export class DepositWatcher {
  readonly #db: Db;
  readonly #chain: ChainAdapter;
  readonly #confirmations: number;
  readonly #log: WatcherLogger;
  readonly #pollMs: number;
  readonly #maxBlocks: bigint;
  readonly #keepBlocks: bigint;
  readonly #startBlock: bigint | undefined;
  readonly #loop: PollLoop;

  constructor(options: DepositWatcherOptions) {
    if (!Number.isInteger(options.confirmations) || options.confirmations < 1) {
      throw new Error('confirmations must be a positive integer');
    }
    this.#db = options.db;
    this.#chain = options.chain;
    this.#confirmations = options.confirmations;
    this.#log = options.logger;
    this.#pollMs = options.pollIntervalMs ?? 5_000;
    this.#maxBlocks = BigInt(Math.max(1, options.maxBlocksPerStep ?? 100));
    this.#keepBlocks = BigInt(Math.max(options.keepBlocks ?? 128, options.confirmations + 1));
    this.#startBlock = options.startBlock;
    this.#loop = new PollLoop(
      async () => ({ again: !(await this.step()).caughtUp }),
      this.#pollMs,
      (err) => this.#log.error({ err, chainId: this.chainId }, 'deposit watcher step failed'),
    );
  }

  get chainId(): number {
    return this.#chain.chainId;
  }

  async step(): Promise<StepResult> {
    const result: StepResult = {
      scanned: null,
      found: 0,
      forkedAt: null,
      orphaned: 0,
      credited: [],
      caughtUp: false,
    };
    // Addresses before the head: an address given out later can only receive in later blocks.
    const addresses = await watchedAddresses(this.#db, this.chainId);
    const head = await this.#chain.head();
    try {
      let cursor = await this.#cursor(head);
      if (cursor.hash !== null) {
        const onChain = cursor.number <= head ? await this.#chain.block(cursor.number) : null;
        if (lower(onChain?.hash) !== cursor.hash) {
          const rewound = await this.#rewind(cursor);
          result.forkedAt = rewound.cursor.number;
          result.orphaned = rewound.orphaned;
          cursor = rewound.cursor;
        }
      }
      const from = cursor.number + 1n;
      const to = min(head, cursor.number + this.#maxBlocks);
      if (from <= to) {
        result.found = await this.#scan(cursor, from, to, addresses);
        result.scanned = { from, to };
      }
      result.caughtUp = to >= head;
    } catch (err) {
      if (!(err instanceof CursorMoved)) throw err;
      // The other instance did this range; crediting below is still this step's to try.
    }
    result.credited = await creditChainDeposits(this.#db, this.chainId, this.#confirmations);
    for (const d of result.credited) {
      this.#log.info(
        { chainId: d.chainId, txHash: d.txHash, logIndex: d.logIndex, userId: d.userId },
        'chain deposit credited',
      );
    }
    return result;
  }

  /** Steps every pollIntervalMs (at once while behind the head) until stop(). */
  start(): void {
    this.#loop.start();
  }

  /** Stops the loop after the step in flight, if any, has finished. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** The chain's cursor, created on its first step just before startBlock (or the head). */
  async #cursor(head: bigint): Promise<Cursor> {
    const found = await readCursor(this.#db, this.chainId);
    if (found) return found;
    const start = this.#startBlock ?? head;
    const before = start > 0n ? await this.#chain.block(start - 1n) : null;
    if (start > 0n && !before) throw new Error(`block ${start - 1n} is not on the chain yet`);
    await this.#db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO chain_cursor (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (chain_id) DO NOTHING RETURNING 1`,
        [this.chainId, String(start - 1n), lower(before?.hash) ?? null],
      );
      if (inserted.length > 0 && before) await this.#storeBlocks(tx, [before]);
    });
    return (await readCursor(this.#db, this.chainId))!;
  }

  /**
   * The cursor's block is no longer on the chain: finds the newest remembered block that is,
   * orphans what was found above it and moves the cursor there. Credited deposits above it
   * (a reorganisation deeper than N) are not debited: they are logged as an error for people
   * to resolve, and the database refuses to change a credited row anyway.
   */
  async #rewind(cursor: Cursor): Promise<{ cursor: Cursor; orphaned: number }> {
    const stored = await this.#db.query<{ number: string; hash: string }>(
      `SELECT b.number::text, b.hash FROM chain_blocks b WHERE b.chain_id = $1 AND b.number < $2::bigint
        ORDER BY b.number DESC`,
      [this.chainId, String(cursor.number)],
    );
    let fork: Cursor | null = null;
    for (const row of stored) {
      const block = await this.#chain.block(BigInt(row.number));
      if (lower(block?.hash) === row.hash) {
        fork = { number: BigInt(row.number), hash: row.hash };
        break;
      }
    }
    if (!fork) {
      this.#log.error(
        { chainId: this.chainId, cursor: String(cursor.number), remembered: stored.length },
        'chain reorganisation deeper than the remembered blocks: deposit watcher halted',
      );
      throw new Error('chain reorganisation deeper than the remembered blocks');
    }
    const at = fork;
    const orphaned = await this.#db.transaction(async (tx) => {
      await lockCursor(tx, this.chainId, cursor);
      const credited = await tx.query<{ tx_hash: string; log_index: number; user_id: string }>(
        `SELECT tx_hash, log_index, user_id, amount::text FROM chain_deposits
          WHERE chain_id = $1 AND block_number > $2::bigint AND status = 'credited'`,
        [this.chainId, String(at.number)],
      );
      if (credited.length > 0) {
        this.#log.error(
          { chainId: this.chainId, forkedAt: String(at.number), credited },
          'credited chain deposits were reorganised away (deeper than CHAIN_CONFIRMATIONS): not debited, needs review',
        );
      }
      const rows = await tx.query(
        `UPDATE chain_deposits SET status = 'orphaned', updated_at = clock_timestamp()
          WHERE chain_id = $1 AND block_number > $2::bigint AND status IN ('pending', 'unsupported')
          RETURNING 1`,
        [this.chainId, String(at.number)],
      );
      await tx.query(`DELETE FROM chain_blocks WHERE chain_id = $1 AND number > $2::bigint`, [
        this.chainId,
        String(at.number),
      ]);
      await tx.query(
        `UPDATE chain_cursor SET block_number = $2, block_hash = $3, updated_at = now()
          WHERE chain_id = $1`,
        [this.chainId, String(at.number), at.hash],
      );
      return rows.length;
    });
    this.#log.warn(
      { chainId: this.chainId, from: String(cursor.number), forkedAt: String(at.number), orphaned },
      'chain reorganisation: deposit watcher rewound',
    );
    return { cursor: at, orphaned };
  }

  /** Scans from..to and commits what it found with the new cursor; returns the transfers found. */
  async #scan(cursor: Cursor, from: bigint, to: bigint, addresses: Address[]): Promise<number> {
    const blocks = await this.#blocks(from, to);
    // Each block must build on the one before, the first on the cursor's: otherwise the chain
    // changed under this step, and the next step's check finds where.
    let parent = cursor.hash;
    for (const block of blocks) {
      if (parent !== null && lower(block.parentHash) !== parent) throw new CursorMoved();
      parent = lower(block.hash);
    }
    const hashes = new Map(blocks.map((b) => [b.number, lower(b.hash)]));
    const transfers = await this.#chain.transfersTo(addresses, from, to);
    if (transfers.some((t) => hashes.get(t.blockNumber) !== lower(t.blockHash))) {
      throw new CursorMoved();
    }
    const last = blocks[blocks.length - 1]!;
    await this.#db.transaction(async (tx) => {
      await lockCursor(tx, this.chainId, cursor);
      await this.#record(tx, transfers);
      await this.#storeBlocks(tx, blocks.slice(-Number(this.#keepBlocks)));
      // Old blocks are forgotten, except those a pending deposit still needs for crediting.
      await tx.query(
        `DELETE FROM chain_blocks b WHERE b.chain_id = $1 AND b.number <= $2::bigint
            AND NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE d.chain_id = b.chain_id
                             AND d.block_number = b.number AND d.status = 'pending')`,
        [this.chainId, String(to - this.#keepBlocks)],
      );
      await tx.query(
        `UPDATE chain_cursor SET block_number = $2, block_hash = $3, updated_at = now()
          WHERE chain_id = $1`,
        [this.chainId, String(to), lower(last.hash)],
      );
      await tx.query(
        `UPDATE chain_deposits SET confirmations = $2::bigint - block_number + 1
          WHERE chain_id = $1 AND status = 'pending' AND block_number <= $2::bigint`,
        [this.chainId, String(to)],
      );
    });
    return transfers.length;
  }

  /**
   * The transfers of a scan, each once, in one statement (a round trip per transfer was the
   * watcher's bottleneck: bench part 8). A repeat of a known one does nothing, except that an
   * orphaned one found again (its transaction re-mined in another block) is pending again at
   * its new block. What the wallet cannot hold is kept as 'unsupported': ETH below 10^-8
   * (crediting cuts ETH to the wallet's 8 places, migration 018), token amounts with more
   * than 8 places. A transaction with two transfers of one log index cannot occur.
   */
  async #record(tx: Queryable, transfers: readonly ChainTransfer[]): Promise<void> {
    if (transfers.length === 0) return;
    const column = <T>(pick: (t: ChainTransfer) => T): T[] => transfers.map(pick);
    await tx.query(
      `INSERT INTO chain_deposits (chain_id, tx_hash, log_index, user_id, address, from_address,
                                   asset, amount, block_number, block_hash, status)
       SELECT $1, t.tx_hash, t.log_index, a.user_id, a.address, t.from_address, t.asset, t.amount,
              t.block_number, t.block_hash,
              CASE WHEN t.asset = 'USDT' AND t.amount = round(t.amount, 8) THEN 'pending'
                   WHEN t.asset = 'ETH' AND trunc(t.amount, 8) > 0 THEN 'pending'
                   ELSE 'unsupported' END
         FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::numeric[],
                     $8::bigint[], $9::text[])
              AS t(tx_hash, log_index, to_address, from_address, asset, amount, block_number, block_hash)
         JOIN chain_deposit_addresses a ON a.chain_id = $1 AND a.address = t.to_address
       ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE
          SET user_id = EXCLUDED.user_id, address = EXCLUDED.address,
              from_address = EXCLUDED.from_address, asset = EXCLUDED.asset,
              amount = EXCLUDED.amount, block_number = EXCLUDED.block_number,
              block_hash = EXCLUDED.block_hash, status = EXCLUDED.status, confirmations = 0,
              updated_at = clock_timestamp()
        WHERE chain_deposits.status = 'orphaned'`,
      [
        this.chainId,
        column((t) => lower(t.txHash)),
        column((t) => t.logIndex),
        column((t) => lower(t.to)),
        column((t) => lower(t.from)),
        column((t) => t.asset),
        column((t) => fromBaseUnits(t.amount, this.#chain.assets[t.asset].decimals)),
        column((t) => String(t.blockNumber)),
        column((t) => lower(t.blockHash)),
      ],
    );
  }

  async #storeBlocks(tx: Queryable, blocks: BlockRef[]): Promise<void> {
    for (const b of blocks) {
      await tx.query(
        `INSERT INTO chain_blocks (chain_id, number, hash) VALUES ($1, $2, $3)
         ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash`,
        [this.chainId, String(b.number), lower(b.hash)],
      );
    }
  }

  async #blocks(from: bigint, to: bigint): Promise<BlockRef[]> {
    const numbers: bigint[] = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    const blocks = await Promise.all(numbers.map((n) => this.#chain.block(n)));
    // A block missing below the head it reported: the chain got shorter meanwhile.
    if (blocks.some((b) => b === null)) throw new CursorMoved();
    return blocks as BlockRef[];
  }
}

async function readCursor(db: Queryable, chainId: number): Promise<Cursor | null> {
  const rows = await db.query<{ block_number: string; block_hash: string | null }>(
    `SELECT block_number::text, block_hash FROM chain_cursor WHERE chain_id = $1`,
    [chainId],
  );
  const row = rows[0];
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : null;
}

/**
 * Locks the cursor for this transaction's writes and checks it is still where the step
 * started: another instance that got there first did the same work, so this one stands down.
 */
async function lockCursor(tx: Queryable, chainId: number, expected: Cursor): Promise<void> {
  const rows = await tx.query<{ block_number: string; block_hash: string | null }>(
    `SELECT block_number::text, block_hash FROM chain_cursor WHERE chain_id = $1 FOR UPDATE`,
    [chainId],
  );
  const row = rows[0];
  if (!row || BigInt(row.block_number) !== expected.number || row.block_hash !== expected.hash) {
    throw new CursorMoved();
  }
}

const lower = <T extends string | undefined>(hex: T): T =>
  (hex === undefined ? hex : hex.toLowerCase()) as T;

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
