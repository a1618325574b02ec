import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { SESSION_COOKIE } from '@sikka/contracts';
import {
  buildApp,
  hashToken,
  newSessionToken,
  testConfig,
  type Config,
  type DevChain,
} from '../../test/support/server.ts';
import type { BenchContext } from '../lib/context.ts';

/*
 * Putting many USDT deposits on the local chain quickly, for part 8 (chain.ts). The faucet is
 * one of Anvil's unlocked dev accounts, so `eth_sendTransaction` is signed by Anvil itself (in
 * Rust): thousands of transfers go in a few JSON-RPC batches with explicit nonces, instead of
 * one signed-and-awaited call each through `DevChain.fund`. The test USDT contract is used
 * as deployed. Also here: the app under test (`openApp`) and the check of its credits.
 */

/**
 * Gas limit per transfer: a first balance of a fresh address costs ~51k. Anvil packs a 30M-gas
 * block by gas used (~34k a transfer here), so a block holds 770–869 of them.
 */
const TRANSFER_GAS = 60_000n;
/**
 * Fee cap far above the base fee: full blocks raise the base fee 12.5% each, and a transfer
 * priced for the first block would wait forever in the pool behind a risen one.
 */
const MAX_FEE_PER_GAS = 100n * 10n ** 9n;
const PRIORITY_FEE_PER_GAS = 10n ** 9n;
const BATCH = 250;
/** CHAIN_CONFIRMATIONS of the app under test. */
export const CONFIRMATIONS = 3;

interface RpcAnswer {
  id: number;
  result?: unknown;
  error?: { message: string };
}

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/** Raw JSON-RPC calls, several per HTTP request; fails on the first error answer. */
export async function rpcBatch(
  rpcUrl: string,
  calls: Array<{ method: string; params: unknown[] }>,
): Promise<unknown[]> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  if (!res.ok) throw new Error(`${rpcUrl}: HTTP ${res.status}`);
  const answers = (await res.json()) as RpcAnswer[];
  const byId = new Map(answers.map((a) => [a.id, a]));
  return calls.map((c, id) => {
    const a = byId.get(id);
    if (!a || a.error) throw new Error(`${c.method}: ${a?.error?.message ?? 'no answer'}`);
    return a.result;
  });
}

export async function rpc(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<unknown> {
  return (await rpcBatch(rpcUrl, [{ method, params }]))[0];
}

export async function faucetNonce(chain: DevChain, tag: 'latest' | 'pending'): Promise<bigint> {
  return BigInt(
    (await rpc(chain.rpcUrl, 'eth_getTransactionCount', [chain.faucet, tag])) as string,
  );
}

export interface Transfer {
  to: Address;
  /** USDT base units (6 places). */
  units: bigint;
}

/**
 * Sends the transfers from the faucet into the pool without waiting for any receipt; returns
 * the faucet's nonce after the last, which `mineUntil` waits for.
 */
export async function sendTransfers(chain: DevChain, transfers: Transfer[]): Promise<bigint> {
  let nonce = await faucetNonce(chain, 'pending');
  for (let i = 0; i < transfers.length; i += BATCH) {
    const calls = transfers.slice(i, i + BATCH).map((t) => ({
      method: 'eth_sendTransaction',
      params: [
        {
          from: chain.faucet,
          to: chain.usdt,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [t.to, t.units],
          }),
          gas: hex(TRANSFER_GAS),
          maxFeePerGas: hex(MAX_FEE_PER_GAS),
          maxPriorityFeePerGas: hex(PRIORITY_FEE_PER_GAS),
          nonce: hex(nonce++),
        },
      ],
    }));
    await rpcBatch(chain.rpcUrl, calls);
  }
  return nonce;
}

/**
 * Mines one block at a time until the faucet's mined nonce reaches `nonce`; returns the blocks.
 * Fails at once when the pool empties short of it: Anvil drops transfers it cannot include
 * (seen when they were sent behind lower-priced faucet transactions already pooled).
 */
export async function mineUntil(chain: DevChain, nonce: bigint, maxBlocks = 500): Promise<number> {
  for (let blocks = 1; blocks <= maxBlocks; blocks++) {
    await chain.mine(1);
    const mined = await faucetNonce(chain, 'latest');
    if (mined >= nonce) return blocks;
    const pool = (await rpc(chain.rpcUrl, 'txpool_status')) as { pending: string; queued: string };
    if (BigInt(pool.pending) + BigInt(pool.queued) === 0n) {
      throw new Error(`the faucet's nonce is ${mined}, not ${nonce}, and the pool is empty`);
    }
  }
  throw new Error(`the faucet's transfers were not all mined in ${maxBlocks} blocks`);
}

/** The transactions and their gas in each of blocks from..to (to see how full they were). */
export async function blockSizes(chain: DevChain, from: bigint, to: bigint): Promise<number[]> {
  const calls: Array<{ method: string; params: unknown[] }> = [];
  for (let n = from; n <= to; n++) {
    calls.push({ method: 'eth_getBlockTransactionCountByNumber', params: [hex(n)] });
  }
  const counts = await rpcBatch(chain.rpcUrl, calls);
  return counts.map((c) => Number(BigInt(c as string)));
}

export interface Depositor {
  userId: string;
  address: Address;
}

/**
 * `users` verified users made in SQL (as bench/server/seed.ts: no argon2 sign-ups), each
 * given a deposit address by the real route, so the address comes from the server's own
 * derivation and table.
 */
export async function seedDepositors(app: FastifyInstance, users: number): Promise<Depositor[]> {
  const rows = await app.db.query<{ id: string }>(
    `INSERT INTO users (email, full_name, phone, password_hash, kyc_status, balance)
     SELECT 'chain-bench-' || g || '@example.com', 'Chain Bench ' || g, '9876543210',
            'bench-user-without-password', 'verified', 0
       FROM generate_series(1, $1::int) g
     RETURNING id`,
    [users],
  );
  const ids = rows.map((r) => r.id);
  const tokens = ids.map(() => newSessionToken());
  await app.db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
     SELECT h, u, now(), now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS x(h, u)`,
    [tokens.map(hashToken), ids],
  );
  const out: Depositor[] = [];
  for (let i = 0; i < ids.length; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/crypto/deposit-address',
      headers: { cookie: `${SESSION_COOKIE}=${tokens[i]!}` },
    });
    if (res.statusCode !== 200) {
      throw new Error(`deposit address: ${res.statusCode} ${res.body}`);
    }
    out.push({ userId: ids[i]!, address: (res.json() as { address: Address }).address });
  }
  return out;
}

/** Base units (6 places) as the decimal string SQL compares with numeric. */
export function usdtDecimal(units: bigint): string {
  const s = units.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}

/** Distinct 6-place amounts, 1–2 USDT: a wrong or swapped credit cannot cancel out. */
export const unitsOf = (i: number): bigint => 1_000_000n + BigInt((i * 7_919) % 1_000_000);

export async function openApp(
  ctx: BenchContext,
  chain: DevChain,
  dbUrl: string,
  mnemonic: string,
  pollMs: number,
  watch: boolean,
): Promise<FastifyInstance> {
  const config: Config = testConfig({
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(ctx.tmp, 'chain'),
    WEB_DIST: '/nonexistent',
    MARKET_AUTOSTART: false,
    // Set, so the first start does not print a generated one; nobody signs in as admin here.
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    EVM_MNEMONIC: mnemonic,
    CHAIN_CONFIRMATIONS: CONFIRMATIONS,
    CHAIN_POLL_MS: pollMs,
  });
  const app = await buildApp(config, { devChain: chain, watchDeposits: watch });
  // The app may have pooled faucet transactions of its own (the dev hot wallet's top-up):
  // mined now, so the bench's transfers start from an empty pool.
  await chain.mine(1);
  return app;
}

/** Fails the part unless every deposit sent is credited once and each wallet holds its sum. */
export async function verifyCredited(
  db: pg.Client,
  chainId: number,
  depositors: Depositor[],
  expected: Map<string, bigint>,
  sent: number,
): Promise<void> {
  const [count] = (
    await db.query<{ credited: string; other: string }>(
      `SELECT count(*) FILTER (WHERE status = 'credited')::text AS credited,
              count(*) FILTER (WHERE status <> 'credited')::text AS other
         FROM chain_deposits WHERE chain_id = $1`,
      [chainId],
    )
  ).rows;
  if (Number(count!.credited) !== sent || Number(count!.other) !== 0) {
    throw new Error(
      `chain deposits: ${count!.credited} credited and ${count!.other} not, of ${sent} sent`,
    );
  }
  const ids = depositors.map((d) => d.userId);
  const amounts = depositors.map((d) => usdtDecimal(expected.get(d.userId) ?? 0n));
  const total = usdtDecimal([...expected.values()].reduce((a, b) => a + b, 0n));
  const [check] = (
    await db.query<{ wrong: string; total: string; matches: boolean }>(
      `SELECT count(*) FILTER (WHERE w.balance IS DISTINCT FROM e.amount)::text AS wrong,
              coalesce(sum(w.balance), 0)::text AS total,
              coalesce(sum(w.balance), 0) = $3::numeric AS matches
         FROM unnest($1::uuid[], $2::numeric[]) AS e(user_id, amount)
         LEFT JOIN wallets w ON w.user_id = e.user_id AND w.coin_symbol = 'USDT'`,
      [ids, amounts, total],
    )
  ).rows;
  if (Number(check!.wrong) !== 0 || !check!.matches) {
    throw new Error(
      `wallets: ${check!.wrong} of ${ids.length} hold the wrong USDT; sum ${check!.total}, sent ${total}`,
    );
  }
}
