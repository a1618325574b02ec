import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevChain } from '../../../test/support/anvil.ts';
import { signUp, signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { buildApp, loadConfig, testConfig } from '../../../test/support/server.ts';
import { openPglite } from '../src/db/pglite.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';

const N = 3;
const chain = useDevChain();

describe.each(availableDrivers())('crypto wallet routes on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // The test steps the watcher itself, so each step is one it can reason about.
    t = await startTestApp(
      driver,
      { CHAIN_CONFIRMATIONS: N, MARKET_AUTOSTART: false },
      { devChain: chain(), watchDeposits: false, usdtInrRate: () => '88.50' },
    );
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const faucet = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/crypto/faucet', headers: { cookie }, payload });
  const step = () => t.app.cryptoWallet!.watcher.step();

  it('gives a verified user one checksummed address for good, and each user their own', async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    const first = await get('/api/crypto/deposit-address', a.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      network: 'Ethereum (local dev chain)',
      chainId: chain().chainId,
      assets: ['USDT', 'ETH'],
      minimumConfirmations: N,
      faucet: true,
    });
    const address = first.json().address as string;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).not.toBe(address.toLowerCase());
    expect((await get('/api/crypto/deposit-address', a.cookie)).json().address).toBe(address);
    expect((await get('/api/crypto/deposit-address', b.cookie)).json().address).not.toBe(address);
  });

  it('refuses an address and the faucet to an unverified user', async () => {
    const u = await signUp(t.app);
    const res = await get('/api/crypto/deposit-address', u.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('kyc_required');
    expect((await faucet(u.cookie, { asset: 'USDT' })).json().error.code).toBe('kyc_required');
  });

  it('refuses faucet amounts above the limit or with too many places', async () => {
    const a = await signUpVerified(t.app);
    expect((await faucet(a.cookie, { asset: 'USDT', amount: '1001' })).statusCode).toBe(400);
    expect((await faucet(a.cookie, { asset: 'USDT', amount: '0.0000001' })).statusCode).toBe(400);
    expect((await faucet(a.cookie, { asset: 'USDT', amount: '0' })).statusCode).toBe(400);
  });

  it('faucet → pending with confirmations → credited after N blocks, on /api/me and the statement', async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    await step();
    const sent = await faucet(a.cookie, { asset: 'USDT', amount: '25.5' });
    expect(sent.statusCode).toBe(200);
    const { txHash } = sent.json() as { txHash: `0x${string}` };
    await chain().waitMined(txHash);
    await step();

    let list = (await get('/api/crypto/deposits', a.cookie)).json().deposits;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      txHash,
      asset: 'USDT',
      status: 'pending',
      confirmations: 1,
      requiredConfirmations: N,
      creditedAt: null,
    });
    expect(Number(list[0].amount)).toBe(25.5);
    expect((await get('/api/crypto/deposits', b.cookie)).json().deposits).toEqual([]);

    const url = await listen(t.app);
    const socket: TestSocket = await connect(url, { headers: { cookie: a.cookie } });
    await chain().mine(N - 1);
    await step();
    // The credit's wallet change notifies balance_changed; the hub pushes it to A's socket.
    let usdt = '0';
    while (Number(usdt) !== 25.5) usdt = (await socket.next('balance', 5000)).balances.usdt;
    socket.close();
    list = (await get('/api/crypto/deposits', a.cookie)).json().deposits;
    expect(list[0]).toMatchObject({ status: 'credited', confirmations: N });
    expect(list[0].creditedAt).toEqual(expect.any(String));
    const me = (await get('/api/me', a.cookie)).json();
    expect(Number(me.balances.usdt)).toBe(25.5);
    const statement = (await get('/api/statement', a.cookie)).json();
    expect(statement.entries[0]).toMatchObject({
      type: 'chain_deposit',
      asset: 'USDT',
      link: { kind: 'crypto_deposit' },
    });
    expect(Number(statement.entries[0].amount)).toBe(25.5);
    // An inflow valued at the rate, as an INR deposit: no profit or loss from receiving it.
    const overview = (await get('/api/me/overview', a.cookie)).json();
    expect(overview.netFlowsInr).toBe('2256.75');
    expect(overview.todaysPnlInr).toBe('0.00');
    // B still sees nothing of A's.
    expect((await get('/api/crypto/deposits', b.cookie)).json().deposits).toEqual([]);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });
});

describe('crypto wallet switched off (the tests default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers 503 for the address and the list, 404 for the faucet', async () => {
    const a = await signUpVerified(t.app);
    const headers = { cookie: a.cookie };
    const res = await t.app.inject({ method: 'GET', url: '/api/crypto/deposit-address', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'chain_unavailable',
      message: 'The crypto wallet is not available right now',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/crypto/deposits', headers });
    expect(list.statusCode).toBe(503);
    const f = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/faucet',
      headers,
      payload: { asset: 'USDT' },
    });
    expect(f.statusCode).toBe(404);
  });
});

describe('npm start: EVM_CHAIN=dev', () => {
  it('starts its own Anvil with state in DATA_DIR, runs the watcher, and stops Anvil on close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sikka-chain-'));
    const db = await openPglite(undefined);
    try {
      const app = await buildApp(
        testConfig({
          DATA_DIR: dataDir,
          EVM_CHAIN: 'dev',
          ADMIN_PASSWORD: 'admin-test-password-1',
        }),
        { db },
      );
      const wallet = app.cryptoWallet!;
      expect(wallet.devChain).not.toBeNull();
      const rpcUrl = wallet.devChain!.rpcUrl;
      expect(await wallet.adapter.head()).toBeGreaterThanOrEqual(0n);
      const port = new URL(rpcUrl).port;
      await app.close();
      // Nothing answers on the chain's port, and no anvil process is left.
      await expect(fetch(rpcUrl, { method: 'POST' })).rejects.toThrow();
      const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
      expect(ps.split('\n').filter((l) => l.includes('anvil') && l.includes(port))).toEqual([]);
      expect((await stat(path.join(dataDir, 'anvil-state.json'))).isFile()).toBe(true);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('EVM_CHAIN', () => {
  const base = { NODE_ENV: 'test' } as const;
  it('defaults to dev, to rpc with a node URL, and refuses contradictions', () => {
    expect(loadConfig(base).EVM_CHAIN).toBe('dev');
    expect(testConfig().EVM_CHAIN).toBe('off');
    const node = {
      ...base,
      EVM_RPC_URL: 'http://127.0.0.1:8545',
      EVM_CHAIN_ID: '1',
      USDT_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    };
    expect(loadConfig(node).EVM_CHAIN).toBe('rpc');
    expect(loadConfig({ ...node, EVM_CHAIN: 'off' }).EVM_CHAIN).toBe('off');
    expect(() => loadConfig({ ...base, EVM_CHAIN: 'rpc' })).toThrow(/EVM_RPC_URL/);
    expect(() => loadConfig({ ...node, EVM_CHAIN: 'dev' })).toThrow(/EVM_CHAIN/);
  });
});
