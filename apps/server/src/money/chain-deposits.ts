import { messages } from '@sikka/contracts';
import type { Address, ChainAdapter } from '../chain/adapter.ts';
import { requireAddress } from '../chain/values.ts';
import type { Db, Queryable } from '../db/index.ts';
import { DomainError } from '../domain-error.ts';

/**
 * USDT and ETH deposits on an EVM chain (issue 15 phase 2, ADR 015 "Deposits"): the user's deposit
 * address, and crediting through `credit_chain_deposits` (migration 017). The watcher that
 * finds the transfers is `deposit-watcher.ts`.
 */

export interface DepositAddress {
  /** Checksummed (EIP-55), as people copy it. */
  address: Address;
  derivationIndex: number;
  chainId: number;
}

type AddressRow = {
  address: string;
  derivation_index: number;
  chain_id: string;
};

const toDepositAddress = (row: AddressRow): DepositAddress => ({
  address: requireAddress(row.address),
  derivationIndex: row.derivation_index,
  chainId: Number(row.chain_id),
});

/**
 * The user's deposit address, allocated on first call and the same ever after. Verified users
 * only (the issue: "each verified user gets their own address"), so crediting need not ask
 * about KYC again.
 *
 * The index comes from a sequence and the row is inserted ON CONFLICT DO NOTHING: two first
 * calls at once both draw an index, one row wins, both answer with it; the loser's index is
 * a gap nobody was shown. The address is derived here, not in SQL, because the seed never
 * enters the database.
 */
export async function depositAddressFor(
  db: Db,
  chain: Pick<ChainAdapter, 'chainId' | 'depositAddress'>,
  userId: string,
): Promise<DepositAddress> {
  const existing = await findDepositAddress(db, userId);
  if (existing) return existing;
  const users = await db.query<{ kyc_status: string }>(
    `SELECT kyc_status FROM users WHERE id = $1`,
    [userId],
  );
  if (users[0]?.kyc_status !== 'verified') {
    throw new DomainError('kyc_required', messages.cryptoWallet.kycRequired);
  }
  return db.transaction(async (tx) => {
    const [next] = await tx.query<{ index: number }>(
      `SELECT nextval('chain_deposit_index_seq')::int AS index`,
    );
    const index = next!.index;
    const address = chain.depositAddress(index);
    await tx.query(
      `INSERT INTO chain_deposit_addresses (user_id, chain_id, derivation_index, address)
       VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`,
      [userId, chain.chainId, index, address.toLowerCase()],
    );
    return (await findDepositAddress(tx, userId))!;
  });
}

export async function findDepositAddress(
  db: Queryable,
  userId: string,
): Promise<DepositAddress | null> {
  const rows = await db.query<AddressRow>(
    `SELECT address, derivation_index, chain_id::text FROM chain_deposit_addresses
      WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ? toDepositAddress(rows[0]) : null;
}

/** Every deposit address given out on the chain, checksummed, for the watcher's scan. */
export async function watchedAddresses(db: Queryable, chainId: number): Promise<Address[]> {
  const rows = await db.query<{ address: string }>(
    `SELECT address FROM chain_deposit_addresses WHERE chain_id = $1 ORDER BY derivation_index`,
    [chainId],
  );
  return rows.map((r) => requireAddress(r.address));
}

export type ChainDepositStatus = 'pending' | 'credited' | 'orphaned' | 'unsupported';

export interface ChainDeposit {
  chainId: number;
  txHash: string;
  logIndex: number;
  id: string;
  userId: string;
  asset: 'USDT' | 'ETH';
  /** Coins as a decimal string (exact). */
  amount: string;
  blockNumber: bigint;
  blockHash: string;
  status: ChainDepositStatus;
  confirmations: number;
}

type ChainDepositRow = {
  chain_id: string;
  tx_hash: string;
  log_index: number;
  id: string;
  user_id: string;
  asset: 'USDT' | 'ETH';
  amount: string;
  block_number: string;
  block_hash: string;
  status: ChainDepositStatus;
  confirmations: string;
};

const COLUMNS = `chain_id::text, tx_hash, log_index, id, user_id, asset, amount::text,
  block_number::text, block_hash, status, confirmations::text`;

const toChainDeposit = (r: ChainDepositRow): ChainDeposit => ({
  chainId: Number(r.chain_id),
  txHash: r.tx_hash,
  logIndex: r.log_index,
  id: r.id,
  userId: r.user_id,
  asset: r.asset,
  amount: r.amount,
  blockNumber: BigInt(r.block_number),
  blockHash: r.block_hash,
  status: r.status,
  confirmations: Number(r.confirmations),
});

/** The user's chain deposits, oldest first. */
export async function listChainDeposits(db: Queryable, userId: string): Promise<ChainDeposit[]> {
  const rows = await db.query<ChainDepositRow>(
    // Qualified: the bare names would sort the ::text output columns as text.
    `SELECT ${COLUMNS} FROM chain_deposits d WHERE d.user_id = $1
      ORDER BY d.block_number, d.tx_hash, d.log_index`,
    [userId],
  );
  return rows.map(toChainDeposit);
}

/**
 * Credits what has `confirmations` blocks on the chain (counted from the watcher's cursor)
 * and returns what this call credited; safe to call any number of times, from any instance.
 */
export async function creditChainDeposits(
  db: Queryable,
  chainId: number,
  confirmations: number,
): Promise<ChainDeposit[]> {
  const rows = await db.query<ChainDepositRow>(
    `SELECT ${COLUMNS} FROM credit_chain_deposits($1, $2)`,
    [chainId, confirmations],
  );
  return rows.map(toChainDeposit);
}

/** A deposit as GET /api/crypto/deposits shows it to its owner. */
export interface ChainDepositView {
  txHash: string;
  logIndex: number;
  asset: 'USDT' | 'ETH';
  amount: string;
  creditedAmount: string | null;
  status: ChainDepositStatus;
  confirmations: number;
  requiredConfirmations: number;
  blockNumber: string;
  createdAt: string;
  creditedAt: string | null;
}

/** The user's latest chain deposits, newest first; the user is in the WHERE, never filtered after. */
export async function recentChainDeposits(
  db: Queryable,
  userId: string,
  requiredConfirmations: number,
  limit: number,
): Promise<ChainDepositView[]> {
  const rows = await db.query<{
    tx_hash: string;
    log_index: number;
    asset: 'USDT' | 'ETH';
    amount: string;
    credited_amount: string | null;
    status: ChainDepositStatus;
    confirmations: string;
    block_number: string;
    created_at: Date;
    credited_at: Date | null;
  }>(
    `SELECT d.tx_hash, d.log_index, d.asset, d.amount::text AS amount,
            d.credited_amount::text AS credited_amount, d.status,
            d.confirmations::text AS confirmations, d.block_number::text AS block_number,
            d.created_at, d.credited_at
       FROM chain_deposits d
      WHERE d.user_id = $1
      ORDER BY d.created_at DESC, d.block_number DESC, d.tx_hash, d.log_index
      LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    txHash: r.tx_hash,
    logIndex: r.log_index,
    asset: r.asset,
    amount: r.amount,
    creditedAmount: r.credited_amount,
    status: r.status,
    confirmations: Number(r.confirmations),
    requiredConfirmations,
    blockNumber: r.block_number,
    createdAt: r.created_at.toISOString(),
    creditedAt: r.credited_at ? r.credited_at.toISOString() : null,
  }));
}
