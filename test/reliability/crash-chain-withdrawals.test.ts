import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { english, generateMnemonic, generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type DevChain } from '../support/anvil.ts';
import { logInAdmin, signUpVerified, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { startRpcProxy, type RpcProxy, type SendMode } from './support/rpc-proxy.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

/** CHAIN_CONFIRMATIONS for both processes. */
const N = 3;
/** Each round's cut: three before the send reaches the node, one after it did. */
const ROUNDS: SendMode[] = ['hold', 'hold', 'hold', 'swallow'];

type StoredRow = {
  status: string;
  tx_hash: string | null;
  raw_tx: string | null;
  nonce: number | null;
};

/**
 * Issue 15: a real kill -9 of the server process between signing a crypto withdrawal and
 * sending it must still put exactly one transfer on chain. The process under test is the
 * production server (`node --import tsx apps/server/src/main.ts`), its sender loop running
 * against the dev chain through an RPC proxy that cuts the `eth_sendRawTransaction`:
 * 'hold' never lets it reach the node (killed between sign and broadcast), 'swallow' lets
 * the node take it and drops the answer (killed between broadcast and recording it). The
 * test then SIGKILLs the server, checks what the crash left, and lets a sender in this
 * process (same database, same EVM_MNEMONIC, hence the same hot wallet) finish the job.
 */
describe.skipIf(!pgUrl())('crash: kill -9 of the sender between sign and broadcast', () => {
  const mnemonic = generateMnemonic(english);
  let chain: DevChain;
  let proxy: RpcProxy;
  let t: TestApp;
  let databaseUrl: string;
  let admin: string;
  let child: ServerProcess | undefined;

  beforeAll(async () => {
    chain = await startTestChain();
    proxy = await startRpcProxy(chain.rpcUrl);
    // Loops off: the test steps the watcher and the sender of this process itself.
    t = await startTestApp(
      'postgres',
      { CHAIN_CONFIRMATIONS: N, MARKET_AUTOSTART: false, EVM_MNEMONIC: mnemonic },
      { devChain: chain, watchDeposits: false },
    );
    const [db] = await t.app.db.query<{ name: string }>(`SELECT current_database() AS name`);
    const url = new URL(pgUrl());
    url.pathname = `/${db!.name}`;
    databaseUrl = url.toString();
    admin = await logInAdmin(t.app);
  });
  afterAll(async () => {
    await child?.kill9();
    await t?.close();
    await proxy?.close();
    await chain?.stop();
  });

  const wallet = () => t.app.cryptoWallet!;
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload,
    });
  const row = async (id: string) =>
    (
      await t.app.db.query<StoredRow>(
        `SELECT status, tx_hash, raw_tx, nonce FROM chain_withdrawals WHERE id = $1`,
        [id],
      )
    )[0]!;
  const nonces = async () => ({
    latest: await wallet().adapter.nonce('latest'),
    pending: await wallet().adapter.nonce('pending'),
  });

  /** A verified user whose deposit address received `usdt` USDT on chain, credited. */
  async function fundedUser(usdt: string) {
    const user = await signUpVerified(t.app);
    const res = await post('/api/crypto/faucet', user.cookie, { asset: 'USDT', amount: usdt });
    expect(res.statusCode, res.body).toBe(200);
    await chain.waitMined(res.json().txHash);
    await chain.mine(N);
    await wallet().watcher.step();
    return user;
  }

  /** The production server on the same database, its node behind the proxy. */
  const startChild = () =>
    startServerProcess({
      databaseUrl,
      env: {
        EVM_CHAIN: 'rpc',
        EVM_RPC_URL: proxy.url,
        EVM_CHAIN_ID: String(chain.chainId),
        USDT_CONTRACT: chain.usdt,
        EVM_MNEMONIC: mnemonic,
        CHAIN_CONFIRMATIONS: String(N),
        CHAIN_POLL_MS: '100',
        MARKET_AUTOSTART: 'false',
      },
    });

  it('4 rounds (3 cut before the node, 1 after): each pays once, with the stored transaction', async () => {
    const user = await fundedUser('500');
    const hot = wallet().adapter.hotWallet;
    expect(await wallet().adapter.balance(hot, 'USDT')).toBeGreaterThan(0n);
    const figures: string[] = [];

    for (const [round, mode] of ROUNDS.entries()) {
      const started = Date.now();
      const to: Address = privateKeyToAccount(generatePrivateKey()).address;
      const amount = 20 + round;
      const units = BigInt(amount) * 10n ** 6n;
      const requested = await post('/api/crypto/withdrawals', user.cookie, {
        asset: 'USDT',
        address: to,
        amount: String(amount),
        beneficiary: { kind: 'own' },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      const id: string = requested.json().withdrawal.id;
      const approved = await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
      expect(approved.statusCode, approved.body).toBe(200);
      const before = await nonces();
      expect(before.pending).toBe(before.latest);

      // The server signs it on its first step and is killed while its send is cut.
      const sent = proxy.expectSend(mode);
      child = await startChild();
      const rawTx = await Promise.race([
        sent,
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`no send within 20 s:\n${child?.output()}`)),
            20_000,
          ).unref(),
        ),
      ]);
      await child.kill9();
      child = undefined;

      const crashed = await row(id);
      expect(crashed.status, 'the crash left the signed transaction stored').toBe('signed');
      expect(crashed.raw_tx).toBe(rawTx.toLowerCase());
      expect(crashed.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(crashed.nonce).toBe(before.latest);
      if (mode === 'hold') {
        // Nothing left the machine: the node never saw it.
        expect(await nonces()).toEqual(before);
        expect(await wallet().adapter.balance(to, 'USDT')).toBe(0n);
        expect(await wallet().adapter.receipt(crashed.tx_hash as `0x${string}`)).toBeNull();
      } else {
        // The node took it (and mined it: auto mining), the database does not know yet.
        expect(await nonces()).toEqual({ latest: before.latest + 1, pending: before.latest + 1 });
        expect(await wallet().adapter.balance(to, 'USDT')).toBe(units);
      }

      // The restart: a sender with nothing in memory looks again, sends the same bytes.
      const restarted = await wallet().sender.step();
      expect(restarted.signed).toEqual([]);
      await chain.mine(N);
      const finished = await wallet().sender.step();
      expect(finished.completed).toEqual([id]);
      await wallet().sender.step();

      const done = await row(id);
      expect(done).toMatchObject({ status: 'completed', tx_hash: crashed.tx_hash });
      expect(await nonces()).toEqual({ latest: before.latest + 1, pending: before.latest + 1 });
      expect(await wallet().adapter.balance(to, 'USDT')).toBe(units);
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
      figures.push(`round ${round + 1} (${mode}): ${Date.now() - started} ms`);
    }
    console.log(`[crash-chain-withdrawals] ${figures.join('; ')}`);
  }, 90_000);
});
