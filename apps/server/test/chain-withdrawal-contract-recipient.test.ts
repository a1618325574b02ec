import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { concat, createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import {
  ACCEPTS_ALL,
  ALWAYS_REVERTS,
  freshAddress,
  useDevChain,
} from '../../../test/support/anvil.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { accountKindOfCode } from '../src/chain/evm-adapter.ts';
import { RECIPIENT_CHECK_TIMEOUT_MS } from '../src/money/chain-withdrawals.ts';

/**
 * A crypto withdrawal to a contract is refused when the user asks for it (ADR 016, amended):
 * the server reads the address's code from the chain, before anything is held. An account
 * that delegated under EIP-7702 is still its owner's wallet and is accepted; a chain that
 * cannot answer refuses the request (503) rather than taking it unchecked. The app talks to
 * Anvil through a switch that can cut it off, so one app shows both.
 */
const N = 3;
const chain = useDevChain();

/** How the switch in front of the node answers: pass through, drop the connection, or never answer. */
type NodeMode = 'up' | 'down' | 'silent';

interface NodeSwitch {
  readonly url: string;
  mode: NodeMode;
  close(): Promise<void>;
}

/** A JSON-RPC pass-through on 127.0.0.1 in front of `target` that can play a node gone away. */
async function startNodeSwitch(target: string): Promise<NodeSwitch> {
  const silenced: ServerResponse[] = [];
  const state = { mode: 'up' as NodeMode };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (state.mode === 'down') return void req.socket.destroy();
    if (state.mode === 'silent') return void silenced.push(res);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(next: NodeMode) {
      state.mode = next;
      for (const res of silenced.splice(0)) res.destroy();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('what an address is, from its code', () => {
  const delegate = freshAddress();
  it.each([
    [undefined, 'wallet'],
    ['0x', 'wallet'],
    [concat(['0xef0100', delegate]), 'delegated_wallet'],
    [concat(['0xEF0100', delegate]), 'delegated_wallet'],
    // A designation is exactly 23 bytes; anything else is code.
    [concat(['0xef0100', delegate, '0x00']), 'contract'],
    [concat(['0xef0100', '0x1234']), 'contract'],
    [ALWAYS_REVERTS, 'contract'],
    [ACCEPTS_ALL, 'contract'],
  ] as const)('%s is a %s', (code, kind) => {
    expect(accountKindOfCode(code as Hex | undefined)).toBe(kind);
  });
});

describe.each(availableDrivers())('a crypto withdrawal to a contract on %s', (driver) => {
  let t: TestApp;
  let node: NodeSwitch;
  let admin: string;
  beforeAll(async () => {
    node = await startNodeSwitch(chain().rpcUrl);
    // The wallet reads the chain through the switch; the faucet and the test's clients do not.
    t = await startTestApp(
      driver,
      { CHAIN_CONFIRMATIONS: N, MARKET_AUTOSTART: false },
      { devChain: { ...chain(), rpcUrl: node.url }, watchDeposits: false },
    );
    admin = await logInAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });
  afterEach(async () => {
    node.mode = 'up';
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  const wallet = () => t.app.cryptoWallet!;
  const post = (url: string, cookie: string, payload: object, key: string = randomUUID()) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, 'idempotency-key': key }, payload });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const withdraw = (cookie: string, body: object, key?: string) =>
    post('/api/crypto/withdrawals', cookie, { beneficiary: { kind: 'own' }, ...body }, key);

  /** A verified user whose wallet received `usdt` USDT and `eth` ETH on chain, credited. */
  async function fundedUser(usdt: string, eth: string) {
    const user = await signUpVerified(t.app);
    await get('/api/crypto/deposit-address', user.cookie);
    for (const [asset, amount] of [
      ['USDT', usdt],
      ['ETH', eth],
    ] as const) {
      if (amount === '0') continue;
      const res = await post('/api/crypto/faucet', user.cookie, { asset, amount });
      expect(res.statusCode, res.body).toBe(200);
      await chain().waitMined(res.json().txHash);
    }
    await chain().mine(N);
    await wallet().watcher.step();
    return user;
  }

  /** Everything a request could have written for the user: balances, holds, rows, keys, ledger. */
  const footprint = async (user: { id: string; cookie: string }) => {
    const body = (await get('/api/crypto/wallet', user.cookie)).json();
    const [counts] = await t.app.db.query<{ withdrawals: number; keys: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM chain_withdrawals WHERE user_id = $1) AS withdrawals,
              (SELECT count(*)::int FROM idempotency_keys WHERE user_id = $1) AS keys,
              (SELECT count(*)::int FROM ledger_entries WHERE user_id = $1) AS entries`,
      [user.id],
    );
    return {
      wallet: body.assets.map(
        (a: { asset: string; available: string; held: string }) =>
          `${a.asset} ${a.available}/${a.held}`,
      ),
      ...counts,
    };
  };

  /** A fresh address with `code` on it. */
  /** The admin approves; the sender broadcasts it and, N blocks later, completes it. */
  const approveAndComplete = async (id: string) => {
    expect((await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {})).statusCode).toBe(
      200,
    );
    expect((await wallet().sender.step()).broadcast).toEqual([id]);
    await chain().mine(N);
    expect((await wallet().sender.step()).completed).toEqual([id]);
  };
  const contractAt = async (code: Hex) => {
    const address = freshAddress();
    await chain().testClient.setCode({ address, bytecode: code });
    return address;
  };

  /**
   * A fresh EOA delegated under EIP-7702 to `code`, by a real type-4 transaction: the EOA
   * signs the authorization, dev account 2 pays for the transaction that carries it.
   */
  const delegatedWallet = async (code: Hex) => {
    const eoa = privateKeyToAccount(generatePrivateKey());
    const implementation = await contractAt(code);
    const relay = chain().devWallet(2);
    const authorization = await relay.signAuthorization({
      account: eoa,
      contractAddress: implementation,
    });
    const hash = await relay.sendTransaction({
      account: relay.account!,
      chain: relay.chain,
      authorizationList: [authorization],
      to: relay.account!.address,
    });
    await chain().waitMined(hash);
    // What eth_getCode now answers for the EOA: the designation, not the implementation's code.
    const node = createPublicClient({ transport: http(chain().rpcUrl) });
    expect(await node.getCode({ address: eoa.address })).toBe(
      concat(['0xef0100', implementation.toLowerCase() as Hex]),
    );
    return eoa.address;
  };

  it('refuses a contract at the address field, for USDT and ETH, and writes nothing', async () => {
    const user = await fundedUser('100', '0.1');
    const before = await footprint(user);
    const refused = {
      status: 400,
      code: 'validation_error',
      message: messages.cryptoWithdrawals.addressSmartContract,
      fields: { address: messages.cryptoWithdrawals.addressSmartContract },
    };
    // One that refuses the coins (the sender would skip it), one that takes them and keeps them.
    for (const code of [ALWAYS_REVERTS, ACCEPTS_ALL]) {
      const contract = await contractAt(code);
      for (const [asset, amount] of [
        ['USDT', '20'],
        ['ETH', '0.01'],
      ] as const) {
        for (const address of [contract, contract.toLowerCase()]) {
          const key = randomUUID();
          const res = await withdraw(user.cookie, { asset, address, amount }, key);
          expect({ status: res.statusCode, ...res.json().error }, `${asset} ${address}`).toEqual(
            refused,
          );
          // The key was not kept: the same key asks the chain again, and is refused again.
          expect((await withdraw(user.cookie, { asset, address, amount }, key)).statusCode).toBe(
            400,
          );
        }
      }
    }
    expect(await footprint(user)).toEqual(before);
    expect(before).toMatchObject({ withdrawals: 0, keys: 0 });
    // The token contract keeps its own words.
    const token = await withdraw(user.cookie, {
      asset: 'USDT',
      address: chain().usdt,
      amount: '20',
    });
    expect(token.json().error.fields).toEqual({
      address: messages.cryptoWithdrawals.addressContract,
    });
  });

  it('accepts a wallet address as before: held at once, sent and completed', async () => {
    const user = await fundedUser('100', '0.1');
    const to = freshAddress();
    const res = await withdraw(user.cookie, { asset: 'USDT', address: to, amount: '20' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().withdrawal).toMatchObject({ status: 'pending', address: to });
    expect((await footprint(user)).wallet).toEqual([
      'USDT 79.00000000/21.00000000',
      'ETH 0.10000000/0.00000000',
    ]);
    const id = res.json().withdrawal.id as string;
    await approveAndComplete(id);
    expect(await wallet().adapter.balance(to, 'USDT')).toBe(20_000_000n);
  });

  it('accepts an EIP-7702-delegated wallet: its key still controls it, and the ETH arrives', async () => {
    const user = await fundedUser('0', '0.1');
    const delegated = await delegatedWallet(ACCEPTS_ALL);
    expect(await wallet().adapter.accountKind(delegated)).toBe('delegated_wallet');
    const res = await withdraw(user.cookie, { asset: 'ETH', address: delegated, amount: '0.02' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().withdrawal.id as string;
    await approveAndComplete(id);
    expect(await wallet().adapter.balance(delegated, 'ETH')).toBe(20_000_000_000_000_000n);
  });

  it('a delegated wallet whose code refuses ETH is accepted, then skipped by the sender without a nonce', async () => {
    const user = await fundedUser('0', '0.1');
    const delegated = await delegatedWallet(ALWAYS_REVERTS);
    const res = await withdraw(user.cookie, { asset: 'ETH', address: delegated, amount: '0.01' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().withdrawal.id as string;
    await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    // The sender's defence (migration 037) stays: the node will not estimate it, no nonce is taken.
    expect((await wallet().sender.step()).signed).toEqual([]);
    const [row] = await t.app.db.query<{ status: string; nonce: number | null; attempts: number }>(
      `SELECT status, nonce, send_attempts AS attempts FROM chain_withdrawals WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'approved', nonce: null, attempts: 1 });
    const rejected = await post(`/api/admin/crypto-withdrawals/${id}/reject`, admin, {
      reason: 'The wallet refuses ETH',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await footprint(user)).wallet).toContain('ETH 0.10000000/0.00000000');
  });

  it('a chain that cannot be reached refuses the request with 503 and writes nothing; a retry of an accepted one still replays', async () => {
    const user = await fundedUser('100', '0.1');
    const to = freshAddress();
    const acceptedKey = randomUUID();
    const accepted = await withdraw(
      user.cookie,
      { asset: 'USDT', address: to, amount: '10' },
      acceptedKey,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const before = await footprint(user);

    node.mode = 'down';
    const key = randomUUID();
    const body = { asset: 'USDT', address: freshAddress(), amount: '20' };
    const down = await withdraw(user.cookie, body, key);
    expect({ status: down.statusCode, ...down.json().error }).toEqual({
      status: 503,
      code: 'chain_unavailable',
      message: messages.cryptoWithdrawals.addressCheckUnavailable,
    });
    expect(await footprint(user)).toEqual(before);
    // The first request's retry is answered from what was stored, without the chain.
    const replay = await withdraw(
      user.cookie,
      { asset: 'USDT', address: to, amount: '10' },
      acceptedKey,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().withdrawal.id).toBe(accepted.json().withdrawal.id);

    // Back up: the same key goes through (the refusal kept nothing of it).
    node.mode = 'up';
    const retried = await withdraw(user.cookie, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it(`a node that does not answer is given up on after ${RECIPIENT_CHECK_TIMEOUT_MS / 1000} s`, async () => {
    const user = await fundedUser('100', '0.1');
    const before = await footprint(user);
    node.mode = 'silent';
    const started = Date.now();
    const res = await withdraw(user.cookie, {
      asset: 'USDT',
      address: freshAddress(),
      amount: '20',
    });
    const waited = Date.now() - started;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.message).toBe(messages.cryptoWithdrawals.addressCheckUnavailable);
    expect(waited).toBeGreaterThanOrEqual(RECIPIENT_CHECK_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(RECIPIENT_CHECK_TIMEOUT_MS + 5_000);
    node.mode = 'up';
    expect(await footprint(user)).toEqual(before);
  });
});
