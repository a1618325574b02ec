import { randomUUID } from 'node:crypto';
import { parseEther, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_WITHDRAWAL_SEND_ATTEMPTS } from '@sikka/contracts';
import { ALWAYS_REVERTS, freshAddress, useDevChain } from '../../../test/support/anvil.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { WithdrawalSender } from '../src/money/withdrawal-sender.ts';

/**
 * The sender's queue (migration 037, ADR 016): an approved withdrawal the node will not
 * estimate (a recipient that has since become a contract that reverts, an ETH amount above
 * the hot wallet's) is skipped without taking a nonce, retried after a backoff, left for the
 * admin after CHAIN_WITHDRAWAL_SEND_ATTEMPTS, and can be rejected by the admin until it is
 * signed.
 */
const N = 3;
const chain = useDevChain();
const silent = { info() {}, warn() {}, error() {} };

describe.each(availableDrivers())('the crypto withdrawal queue on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Loops off: the test steps the watcher and the sender itself.
    t = await startTestApp(
      driver,
      { CHAIN_CONFIRMATIONS: N, MARKET_AUTOSTART: false },
      { devChain: chain(), watchDeposits: false },
    );
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    // Every test leaves nothing queued behind it for the next one.
    const left = await t.app.db.query<{ id: string }>(
      `SELECT id FROM chain_withdrawals WHERE status = 'approved'`,
    );
    for (const { id } of left) {
      await post(`/api/admin/crypto-withdrawals/${id}/reject`, admin, { reason: 'Test cleanup' });
    }
  });

  const wallet = () => t.app.cryptoWallet!;
  const post = (url: string, cookie: string, payload: object, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'idempotency-key': key },
      payload,
    });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const own = { kind: 'own' } as const;

  /** A verified user whose wallet received `usdt` USDT (and `eth` ETH) on chain, credited. */
  async function fundedUser(usdt: string, eth?: string) {
    const user = await signUpVerified(t.app);
    await get('/api/crypto/deposit-address', user.cookie);
    for (const [asset, amount] of [
      ['USDT', usdt],
      ['ETH', eth],
    ] as const) {
      if (!amount || amount === '0') continue;
      const res = await post('/api/crypto/faucet', user.cookie, { asset, amount });
      expect(res.statusCode, res.body).toBe(200);
      await chain().waitMined(res.json().txHash);
    }
    await chain().mine(N);
    await wallet().watcher.step();
    return user;
  }
  const state = async (cookie: string) => {
    const body = (await get('/api/crypto/wallet', cookie)).json();
    return Object.fromEntries(
      body.assets.map((a: { asset: string; available: string; held: string }) => [
        a.asset,
        `${a.available}/${a.held}`,
      ]),
    );
  };
  /** A withdrawal requested by `cookie` and approved by the admin; its id. */
  const approvedWithdrawal = async (cookie: string, asset: string, to: Address, amount: string) => {
    const res = await post('/api/crypto/withdrawals', cookie, {
      asset,
      address: to,
      amount,
      beneficiary: own,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().withdrawal.id as string;
    const approved = await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return id;
  };
  /**
   * An approved 0.01 ETH withdrawal to an address that became a contract reverting on every
   * call after the request: ETH sent to it can never arrive. The request itself refuses an
   * address with code (ADR 016, amended), but code can appear at an address later (a contract
   * deployed where its address was known in advance, an EIP-7702 delegation): that is what the
   * sender's defence is for.
   */
  const trappedWithdrawal = async (cookie: string) => {
    const to = freshAddress();
    const id = await approvedWithdrawal(cookie, 'ETH', to, '0.01');
    await chain().testClient.setCode({ address: to, bytecode: ALWAYS_REVERTS });
    return { id, to };
  };
  const row = async (id: string) => {
    const [r] = await t.app.db.query<{
      status: string;
      nonce: number | null;
      send_attempts: number;
      last_send_error: string | null;
      needs_attention: boolean;
    }>(
      `SELECT status, nonce, send_attempts, last_send_error,
              needs_attention_at IS NOT NULL AS needs_attention
         FROM chain_withdrawals WHERE id = $1`,
      [id],
    );
    return r!;
  };
  /** The hot wallet's next nonce as the database keeps it. */
  const storedNonce = async () => {
    const [n] = await t.app.db.query<{ next_nonce: number }>(
      `SELECT next_nonce FROM chain_nonces WHERE chain_id = $1 AND address = $2`,
      [wallet().adapter.chainId, wallet().adapter.hotWallet.toLowerCase()],
    );
    return n?.next_nonce;
  };
  const tokenBalance = (address: Address) => wallet().adapter.balance(address, 'USDT');

  it('a trap approved before a victim does not stop the victim being signed and sent', async () => {
    const attacker = await fundedUser('0', '0.1');
    const victim = await fundedUser('100');
    const { id: trap } = await trappedWithdrawal(attacker.cookie);
    const to = freshAddress();
    const paid = await approvedWithdrawal(victim.cookie, 'USDT', to, '20');
    const nonceBefore = await wallet().adapter.nonce('latest');

    const step = await wallet().sender.step();
    expect(step.signed).toEqual([paid]);
    expect(step.broadcast).toEqual([paid]);
    // The trap was tried, refused by the node, and took no nonce: the victim's got the next one.
    expect(await row(trap)).toMatchObject({ status: 'approved', nonce: null, send_attempts: 1 });
    expect((await row(trap)).last_send_error).toBeTruthy();
    expect((await row(paid)).nonce).toBe(nonceBefore);
    // Its backoff keeps the next steps from asking the node again at once.
    await chain().mine(N);
    const next = await wallet().sender.step();
    expect(next.completed).toEqual([paid]);
    expect((await row(trap)).send_attempts).toBe(1);
    expect(await tokenBalance(to)).toBe(20_000_000n);
    expect(await state(victim.cookie)).toMatchObject({ USDT: '79.00000000/0.00000000' });
    // Gap-free: one transaction on chain, and the database's next nonce is the node's.
    expect(await wallet().adapter.nonce('latest')).toBe(nonceBefore + 1);
    expect(await storedNonce()).toBe(nonceBefore + 1);
  });

  it('an ETH withdrawal above what the hot wallet holds does not hold up USDT', async () => {
    const hot = wallet().adapter.hotWallet;
    const saved = await wallet().adapter.balance(hot, 'ETH');
    const rich = await fundedUser('0', '0.2');
    const victim = await fundedUser('50');
    try {
      // Enough gas for a token transfer, not the 0.1 ETH the first one asks for.
      await chain().testClient.setBalance({ address: hot, value: parseEther('0.01') });
      const short = await approvedWithdrawal(rich.cookie, 'ETH', freshAddress(), '0.1');
      const to = freshAddress();
      const paid = await approvedWithdrawal(victim.cookie, 'USDT', to, '10');
      expect((await wallet().sender.step()).signed).toEqual([paid]);
      expect(await row(short)).toMatchObject({
        status: 'approved',
        nonce: null,
        send_attempts: 1,
        last_send_error: expect.stringMatching(
          /^The hot wallet has 0\.0\d* ETH; it needs 0\.1\d* ETH/,
        ),
      });
      await chain().mine(N);
      expect((await wallet().sender.step()).completed).toEqual([paid]);
      expect(await tokenBalance(to)).toBe(10_000_000n);
    } finally {
      await chain().testClient.setBalance({ address: hot, value: saved });
    }
  });

  it('the admin rejects an approved withdrawal that is not signed: the hold goes back, once', async () => {
    const attacker = await fundedUser('0', '0.1');
    const { id } = await trappedWithdrawal(attacker.cookie);
    expect(await state(attacker.cookie)).toMatchObject({ ETH: '0.08950000/0.01050000' });
    // The sender could not send it: it stays approved, with no nonce and no transaction.
    expect((await wallet().sender.step()).signed).toEqual([]);
    const [unsigned] = await t.app.db.query<{ status: string; nonce: number | null }>(
      `SELECT status, nonce FROM chain_withdrawals WHERE id = $1`,
      [id],
    );
    expect(unsigned).toEqual({ status: 'approved', nonce: null });
    const nonceBefore = await storedNonce();

    const reason = 'The address is a contract that refuses ETH';
    const key = randomUUID();
    const rejected = await post(
      `/api/admin/crypto-withdrawals/${id}/reject`,
      admin,
      { reason },
      key,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
      txHash: null,
    });
    expect(await state(attacker.cookie)).toMatchObject({ ETH: '0.10000000/0.00000000' });
    const ledger = await t.app.db.query<{
      operation_type: string;
      account: string;
      amount: string;
    }>(
      `SELECT operation_type, account, amount::text FROM ledger_entries
        WHERE operation_id = $1 ORDER BY id`,
      [id],
    );
    expect(ledger).toEqual([
      { operation_type: 'chain_withdrawal_hold', account: 'user', amount: '-0.01050000' },
      { operation_type: 'chain_withdrawal_hold', account: 'user_held', amount: '0.01050000' },
      { operation_type: 'chain_withdrawal_release', account: 'user_held', amount: '-0.01050000' },
      { operation_type: 'chain_withdrawal_release', account: 'user', amount: '0.01050000' },
    ]);
    // The user reads the reason, as for a pending one, and sees it on the withdrawal.
    const notices = (await get('/api/notifications', attacker.cookie)).json().items as Array<{
      kind: string;
      body: string;
    }>;
    expect(notices.filter((n) => n.kind.startsWith('crypto_withdrawal'))).toEqual([
      expect.objectContaining({
        kind: 'crypto_withdrawal_rejected',
        body: `Your withdrawal of 0.01 ETH was rejected: ${reason}. The amount and the fee are back in your wallet.`,
      }),
    ]);
    const mine = (await get(`/api/crypto/withdrawals/${id}`, attacker.cookie)).json().withdrawal;
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason });
    // Once: the same key replays; another rejection, an approval or a cancel is 409.
    const replay = await post(`/api/admin/crypto-withdrawals/${id}/reject`, admin, { reason }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await post(`/api/admin/crypto-withdrawals/${id}/reject`, admin, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This withdrawal is already rejected');
    expect((await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {})).statusCode).toBe(
      409,
    );
    expect(
      (await post(`/api/crypto/withdrawals/${id}/cancel`, attacker.cookie, {})).statusCode,
    ).toBe(409);
    expect(await state(attacker.cookie)).toMatchObject({ ETH: '0.10000000/0.00000000' });
    // The sender leaves it alone, and no nonce moved.
    expect((await wallet().sender.step()).signed).toEqual([]);
    expect(await storedNonce()).toBe(nonceBefore);
    const audit = await t.app.db.query<{ action: string; actor_id: string | null }>(
      `SELECT action, actor_id FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chain_withdrawal.approved',
      'chain_withdrawal.rejected',
    ]);
    expect(audit[1]!.actor_id).not.toBeNull();
  });

  it('a signed or sent withdrawal cannot be rejected: 409, and it completes', async () => {
    const user = await fundedUser('100');
    const to = freshAddress();
    const id = await approvedWithdrawal(user.cookie, 'USDT', to, '30');
    const reject = () =>
      post(`/api/admin/crypto-withdrawals/${id}/reject`, admin, { reason: 'Too late' });
    // Signed and stored, then the process "dies" before sending it.
    const crashing = new WithdrawalSender({
      db: t.app.db,
      chain: wallet().adapter,
      confirmations: N,
      logger: silent,
      afterSign: async () => {
        throw new Error('killed after signing');
      },
    });
    await expect(crashing.step()).rejects.toThrow('killed after signing');
    expect((await row(id)).status).toBe('signed');
    const signed = await reject();
    expect(signed.statusCode).toBe(409);
    expect(signed.json().error).toMatchObject({
      code: 'invalid_state',
      message:
        'This withdrawal is already signed and sent to the network: it can no longer be rejected',
    });
    expect((await wallet().sender.step()).broadcast).toEqual([id]);
    expect((await row(id)).status).toBe('broadcast');
    expect((await reject()).statusCode).toBe(409);
    await chain().mine(N);
    expect((await wallet().sender.step()).completed).toEqual([id]);
    expect((await reject()).json().error.message).toBe('This withdrawal is already completed');
    expect(await tokenBalance(to)).toBe(30_000_000n);
    expect(await state(user.cookie)).toMatchObject({ USDT: '69.00000000/0.00000000' });
  });

  it(`after ${CHAIN_WITHDRAWAL_SEND_ATTEMPTS} failed attempts the sender stops and the admin sees it`, async () => {
    const attacker = await fundedUser('0', '0.1');
    const { id, to: trap } = await trappedWithdrawal(attacker.cookie);
    const eager = new WithdrawalSender({
      db: t.app.db,
      chain: wallet().adapter,
      confirmations: N,
      logger: silent,
      retryDelayMs: 0,
    });
    const adminView = async () => {
      const list = await get(
        `/api/admin/crypto-withdrawals?status=approved&search=${trap.slice(2, 14)}`,
        admin,
      );
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().items as Array<{ id: string; sending: unknown }>;
      expect(items.map((i) => i.id)).toEqual([id]);
      return items[0]!.sending;
    };
    for (let attempt = 1; attempt < CHAIN_WITHDRAWAL_SEND_ATTEMPTS; attempt++) {
      expect((await eager.step()).signed).toEqual([]);
      expect(await row(id)).toMatchObject({ send_attempts: attempt, needs_attention: false });
    }
    expect(await adminView()).toMatchObject({
      attempts: CHAIN_WITHDRAWAL_SEND_ATTEMPTS - 1,
      needsAttention: false,
    });
    await eager.step();
    const flagged = await adminView();
    expect(flagged).toMatchObject({
      attempts: CHAIN_WITHDRAWAL_SEND_ATTEMPTS,
      needsAttention: true,
      lastError: expect.stringMatching(/revert/i),
    });
    // Not tried again: the admin decides now.
    await eager.step();
    await eager.step();
    expect(await row(id)).toMatchObject({
      status: 'approved',
      send_attempts: CHAIN_WITHDRAWAL_SEND_ATTEMPTS,
      nonce: null,
    });
    // The user sees an approved withdrawal, not the node's words.
    const mine = (await get(`/api/crypto/withdrawals/${id}`, attacker.cookie)).json().withdrawal;
    expect(mine.status).toBe('approved');
    expect(mine).not.toHaveProperty('sending');
    // Approving it again puts it back in the queue afresh (say, the hot wallet was topped up).
    const requeued = await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    expect(requeued.statusCode, requeued.body).toBe(200);
    expect(requeued.json().withdrawal.sending).toMatchObject({
      attempts: 0,
      needsAttention: false,
    });
    const audit = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chain_withdrawal.approved',
      'chain_withdrawal.requeued',
    ]);
    // Still queued (not flagged), approving again is 409 as before.
    expect((await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {})).statusCode).toBe(
      409,
    );
    await eager.step();
    expect(await row(id)).toMatchObject({ send_attempts: 1, needs_attention: false });
  });
});
