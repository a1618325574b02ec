import { randomUUID } from 'node:crypto';
import { encodeAbiParameters, keccak256, pad, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, multiplyDecimal } from '@sikka/contracts';
import { freshAddress, useDevChain } from '../../../test/support/anvil.ts';
import {
  logInAdmin,
  signUp,
  signUpVerified,
  startTestApp,
  type TestApp,
  verifyEmail,
} from '../../../test/support/app.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { WithdrawalSender } from '../src/money/withdrawal-sender.ts';

const N = 3;
const chain = useDevChain();
const silent = { info() {}, warn() {}, error() {} };

describe.each(availableDrivers())('crypto withdrawals on %s', (driver) => {
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
  const withdraw = (cookie: string, body: object, key?: string) =>
    post('/api/crypto/withdrawals', cookie, body, key);
  const own = { kind: 'own' } as const;

  /** A verified user whose wallet received `usdt` USDT (and `eth` ETH) on chain, credited. */
  async function fundedUser(usdt: string, eth?: string) {
    const user = await signUpVerified(t.app);
    const address = (await get('/api/crypto/deposit-address', user.cookie)).json().address;
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
    return { ...user, depositAddress: address as Address };
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
  const tokenBalance = (address: Address) => wallet().adapter.balance(address, 'USDT');
  /** The user's notices about crypto withdrawals, newest first, and the mails queued for them. */
  const told = async (user: { cookie: string; email: string }) => {
    const list = (await get('/api/notifications', user.cookie)).json() as {
      items: Array<{ kind: string; body: string }>;
    };
    const mails = await t.app.db.query<{ subject: string }>(
      'SELECT subject FROM email_outbox WHERE to_address = $1 ORDER BY id',
      [user.email],
    );
    return {
      notices: list.items.filter((n) => n.kind.startsWith('crypto_withdrawal')),
      subjects: mails.map((m) => m.subject).filter((s) => s.startsWith('Crypto withdrawal')),
    };
  };

  it('refuses bad requests with a message at the field, and holds nothing', async () => {
    const user = await fundedUser('100');
    const other = await fundedUser('1');
    const to = freshAddress();
    const refusal = async (body: object) => {
      const res = await withdraw(user.cookie, {
        asset: 'USDT',
        address: to,
        amount: '20',
        beneficiary: own,
        ...body,
      });
      return { status: res.statusCode, ...res.json().error };
    };
    const badChecksum = to.slice(0, 2) + to.slice(2).replace(/[a-f]/, (c) => c.toUpperCase());
    expect(badChecksum).not.toBe(to);
    expect(await refusal({ address: badChecksum })).toMatchObject({
      status: 400,
      fields: { address: messages.cryptoWithdrawals.addressInvalid },
    });
    expect(await refusal({ address: '0x1234' })).toMatchObject({ status: 400 });
    expect(await refusal({ address: user.depositAddress })).toMatchObject({
      fields: { address: messages.cryptoWithdrawals.addressOwn },
    });
    expect(await refusal({ address: other.depositAddress })).toMatchObject({
      fields: { address: messages.cryptoWithdrawals.addressSikka },
    });
    expect(await refusal({ address: wallet().adapter.hotWallet })).toMatchObject({
      fields: { address: messages.cryptoWithdrawals.addressSikka },
    });
    expect(await refusal({ address: chain().usdt })).toMatchObject({
      fields: { address: messages.cryptoWithdrawals.addressContract },
    });
    expect(await refusal({ amount: '9.99' })).toMatchObject({
      status: 422,
      code: 'withdrawal_limit',
      message: messages.cryptoWithdrawals.amountMin('10', 'USDT'),
    });
    expect(await refusal({ amount: '10.0000001' })).toMatchObject({
      status: 400,
      fields: { amount: messages.cryptoWithdrawals.amountDecimals(6) },
    });
    // 100 available: 99.5 + the 1 USDT fee is more.
    expect(await refusal({ amount: '99.5' })).toMatchObject({
      status: 422,
      code: 'insufficient_funds',
    });
    expect(await refusal({ beneficiary: { kind: 'third_party', name: ' ' } })).toMatchObject({
      status: 400,
    });
    expect(await refusal({ beneficiary: undefined })).toMatchObject({ status: 400 });
    expect(await refusal({ asset: 'BTC' })).toMatchObject({ status: 400 });
    const unverified = await signUp(t.app);
    const unconfirmed = await withdraw(unverified.cookie, {
      asset: 'USDT',
      address: to,
      amount: '20',
      beneficiary: own,
    });
    expect(unconfirmed.json().error.code).toBe('email_unverified');
    // E-mail verified, KYC not: the KYC rule is the one that refuses.
    await verifyEmail(t.app.db, unverified.id);
    const res = await withdraw(unverified.cookie, {
      asset: 'USDT',
      address: to,
      amount: '20',
      beneficiary: own,
    });
    expect(res.json().error.code).toBe('kyc_required');
    expect(await state(user.cookie)).toEqual({
      USDT: '100.00000000/0.00000000',
      ETH: '0.00000000/0.00000000',
    });
  });

  it('pays USDT: held at request, approved, signed, sent, confirmed; the coins arrive once', async () => {
    const user = await fundedUser('100');
    const overview = async () => (await get('/api/me/overview', user.cookie)).json();
    // Received on chain today: a flow, no profit.
    const opened = await overview();
    expect(opened.todaysPnlInr).toBe('0.00');
    const to = freshAddress();
    const body = {
      asset: 'USDT',
      address: to.toLowerCase(),
      amount: '25',
      beneficiary: { kind: 'third_party', name: '  Asha Rao ' },
    };
    const key = randomUUID();
    const first = await withdraw(user.cookie, body, key);
    expect(first.statusCode).toBe(201);
    const w = first.json().withdrawal;
    expect(w).toMatchObject({
      asset: 'USDT',
      address: to,
      amount: '25.00000000',
      fee: '1.00000000',
      total: '26.00000000',
      status: 'pending',
      beneficiary: { kind: 'third_party', name: 'Asha Rao' },
      txHash: null,
    });
    expect(first.json().balances.usdt).toBe('74.00000000');
    // The same key again: the first answer, nothing held twice.
    const replay = await withdraw(user.cookie, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().withdrawal.id).toBe(w.id);
    expect(await state(user.cookie)).toMatchObject({ USDT: '74.00000000/26.00000000' });
    // Held, the USDT is still the user's: the overview does not move.
    const held = await overview();
    expect(held.totalBalanceInr).toBe(opened.totalBalanceInr);
    expect(held.todaysPnlInr).toBe('0.00');

    // Nothing moves before the admin approves.
    expect((await wallet().sender.step()).signed).toEqual([]);
    const list = await get(
      '/api/admin/crypto-withdrawals?status=pending&search=' + to.slice(2, 12),
      admin,
    );
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([w.id]);
    const approveKey = randomUUID();
    const approved = await post(
      `/api/admin/crypto-withdrawals/${w.id}/approve`,
      admin,
      {},
      approveKey,
    );
    expect(approved.json().withdrawal.status).toBe('approved');
    expect(
      (await post(`/api/admin/crypto-withdrawals/${w.id}/approve`, admin, {}, approveKey)).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
    expect(
      (await post(`/api/admin/crypto-withdrawals/${w.id}/approve`, admin, {})).statusCode,
    ).toBe(409);

    const nonceBefore = await wallet().adapter.nonce('latest');
    const step = await wallet().sender.step();
    expect(step.signed).toEqual([w.id]);
    expect(step.broadcast).toEqual([w.id]);
    const sent = (await get(`/api/crypto/withdrawals/${w.id}`, user.cookie)).json().withdrawal;
    expect(sent.status).toBe('broadcast');
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await chain().waitMined(sent.txHash);
    expect(await tokenBalance(to)).toBe(25_000_000n);
    // Mined but not yet N deep: still in flight, confirmations counted.
    await wallet().sender.step();
    expect(
      (await get(`/api/crypto/withdrawals/${w.id}`, user.cookie)).json().withdrawal,
    ).toMatchObject({
      status: 'broadcast',
      confirmations: 1,
    });
    await chain().mine(N);
    expect((await wallet().sender.step()).completed).toEqual([w.id]);
    const done = (await get(`/api/crypto/withdrawals/${w.id}`, user.cookie)).json().withdrawal;
    expect(done).toMatchObject({ status: 'completed', txHash: sent.txHash });
    expect(done.completedAt).not.toBeNull();
    expect(await state(user.cookie)).toMatchObject({ USDT: '74.00000000/0.00000000' });
    // Sent, the 25 USDT are a payout (a flow at today's rate) and the 1 USDT fee the day's cost.
    const paid = await overview();
    expect(paid.netFlowsInr).toBe(multiplyDecimal('75', paid.usdtInrRate, 2));
    expect(paid.todaysPnlInr).toBe(`-${multiplyDecimal('1', paid.usdtInrRate, 2)}`);
    // The owner hears of it once (approval is not news): a notice and a mail.
    const heard = await told(user);
    expect(heard.notices).toEqual([
      expect.objectContaining({
        kind: 'crypto_withdrawal_completed',
        body: `Your withdrawal of 25 USDT was sent and confirmed on chain (transaction ${sent.txHash}).`,
      }),
    ]);
    expect(heard.subjects).toEqual(['Crypto withdrawal completed · Sikka']);
    // Exactly one transaction from the hot wallet, and more steps send nothing again.
    await wallet().sender.step();
    expect(await wallet().adapter.nonce('latest')).toBe(nonceBefore + 1);
    expect(await tokenBalance(to)).toBe(25_000_000n);

    const ledger = await t.app.db.query<{
      operation_type: string;
      account: string;
      amount: string;
    }>(
      `SELECT operation_type, account, amount::text FROM ledger_entries WHERE operation_id = $1 ORDER BY id`,
      [w.id],
    );
    expect(ledger).toEqual([
      { operation_type: 'chain_withdrawal_hold', account: 'user', amount: '-26.00000000' },
      { operation_type: 'chain_withdrawal_hold', account: 'user_held', amount: '26.00000000' },
      { operation_type: 'chain_withdrawal_payout', account: 'user_held', amount: '-26.00000000' },
      {
        operation_type: 'chain_withdrawal_payout',
        account: 'chain_clearing',
        amount: '25.00000000',
      },
      { operation_type: 'chain_withdrawal_payout', account: 'house', amount: '1.00000000' },
    ]);
    const audit = await t.app.db.query<{ action: string; actor_id: string | null }>(
      `SELECT action, actor_id FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [w.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chain_withdrawal.approved',
      'chain_withdrawal.signed',
      'chain_withdrawal.broadcast',
      'chain_withdrawal.completed',
    ]);
    expect(audit[0]!.actor_id).not.toBeNull();
  });

  it('pays ETH to the wei, the fee kept in ETH', async () => {
    const user = await fundedUser('0', '0.1');
    expect(await state(user.cookie)).toMatchObject({ ETH: '0.10000000/0.00000000' });
    const to = freshAddress();
    const res = await withdraw(user.cookie, {
      asset: 'ETH',
      address: to,
      amount: '0.05',
      beneficiary: own,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().withdrawal.id;
    expect(await state(user.cookie)).toMatchObject({ ETH: '0.04950000/0.05050000' });
    await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    await wallet().sender.step();
    await chain().mine(N);
    expect((await wallet().sender.step()).completed).toEqual([id]);
    expect(await wallet().adapter.balance(to, 'ETH')).toBe(50_000_000_000_000_000n);
    expect(await state(user.cookie)).toMatchObject({ ETH: '0.04950000/0.00000000' });
    // The statement shows the ETH deposit and the withdrawal, newest first, in ETH.
    const statement = await get('/api/statement?asset=ETH', user.cookie);
    expect(statement.statusCode).toBe(200);
    const entries = statement.json().entries as Array<{
      type: string;
      account: string;
      asset: string;
      amount: string;
      link: { kind: string; id: string };
    }>;
    expect(entries.map((e) => [e.type, e.account, e.asset, e.amount])).toEqual([
      ['chain_withdrawal_payout', 'held', 'ETH', '-0.05050000'],
      ['chain_withdrawal_hold', 'held', 'ETH', '0.05050000'],
      ['chain_withdrawal_hold', 'available', 'ETH', '-0.05050000'],
      ['chain_deposit', 'available', 'ETH', '0.10000000'],
    ]);
    expect(entries[0]!.link).toEqual({ kind: 'crypto_withdrawal', id });
    const filtered = await get('/api/statement?type=chain_withdrawal', user.cookie);
    expect(filtered.json().entries).toHaveLength(3);
  });

  it('gives the hold back on rejection and cancellation; a decided one cannot be decided again', async () => {
    const user = await fundedUser('100');
    const body = { asset: 'USDT', address: freshAddress(), amount: '10', beneficiary: own };
    const a = (await withdraw(user.cookie, body)).json().withdrawal.id;
    const b = (await withdraw(user.cookie, body)).json().withdrawal.id;
    expect(await state(user.cookie)).toMatchObject({ USDT: '78.00000000/22.00000000' });
    const rejected = await post(`/api/admin/crypto-withdrawals/${a}/reject`, admin, {
      reason: 'Address on a sanctions list',
    });
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    const cancelled = await post(`/api/crypto/withdrawals/${b}/cancel`, user.cookie, {});
    expect(cancelled.json().withdrawal.status).toBe('cancelled');
    expect(cancelled.json().balances.usdt).toBe('100.00000000');
    expect((await post(`/api/admin/crypto-withdrawals/${b}/approve`, admin, {})).statusCode).toBe(
      409,
    );
    expect((await post(`/api/crypto/withdrawals/${a}/cancel`, user.cookie, {})).statusCode).toBe(
      409,
    );
    // Someone else's withdrawal is not found, for reading and for cancelling.
    const stranger = await signUpVerified(t.app);
    expect((await get(`/api/crypto/withdrawals/${a}`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await post(`/api/crypto/withdrawals/${a}/cancel`, stranger.cookie, {})).statusCode,
    ).toBe(404);
    expect((await get('/api/crypto/withdrawals', stranger.cookie)).json().withdrawals).toEqual([]);
    expect(await state(user.cookie)).toMatchObject({ USDT: '100.00000000/0.00000000' });
    // The rejection is told; the owner's own cancellation is not.
    expect(await told(user)).toEqual({
      notices: [
        expect.objectContaining({
          kind: 'crypto_withdrawal_rejected',
          body: 'Your withdrawal of 10 USDT was rejected: Address on a sanctions list. The amount and the fee are back in your wallet.',
        }),
      ],
      subjects: ['Crypto withdrawal rejected · Sikka'],
    });
  });

  it('counts the daily limit over every request not given back', async () => {
    const user = await fundedUser('0', '1');
    const body = { asset: 'ETH', address: freshAddress(), amount: '0.3', beneficiary: own };
    // The rule's daily limit is 20 ETH; the wallet has 1. Use up nothing but check the figures.
    const walletState = (await get('/api/crypto/wallet', user.cookie)).json();
    expect(walletState.assets[1]).toMatchObject({
      asset: 'ETH',
      dailyLimit: '20',
      usedToday: '0.00000000',
      remainingToday: '20.00000000',
    });
    await withdraw(user.cookie, body);
    const after = (await get('/api/crypto/wallet', user.cookie)).json().assets[1];
    expect(after).toMatchObject({ usedToday: '0.30000000', remainingToday: '19.70000000' });
  });

  it('re-sends the stored transaction after a crash between signing and sending: one transfer on chain', async () => {
    const user = await fundedUser('100');
    const to = freshAddress();
    const id = (
      await withdraw(user.cookie, { asset: 'USDT', address: to, amount: '30', beneficiary: own })
    ).json().withdrawal.id;
    await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    const nonceBefore = await wallet().adapter.nonce('latest');
    // The process "dies" right after the signed transaction is committed.
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
    const [stored] = await t.app.db.query<{
      status: string;
      tx_hash: string;
      raw_tx: `0x${string}`;
      nonce: number;
    }>(`SELECT status, tx_hash, raw_tx, nonce FROM chain_withdrawals WHERE id = $1`, [id]);
    expect(stored!.status).toBe('signed');
    expect(await tokenBalance(to)).toBe(0n);
    // Worse: it was sent, then the process died before recording that. Sending again is harmless.
    await wallet().adapter.broadcast(stored!.raw_tx);
    const restarted = await wallet().sender.step();
    expect(restarted.signed).toEqual([]);
    await chain().mine(N);
    await wallet().sender.step();
    const [done] = await t.app.db.query<{ status: string; tx_hash: string }>(
      `SELECT status, tx_hash FROM chain_withdrawals WHERE id = $1`,
      [id],
    );
    expect(done).toEqual({ status: 'completed', tx_hash: stored!.tx_hash });
    expect(await wallet().adapter.nonce('latest')).toBe(nonceBefore + 1);
    expect(await tokenBalance(to)).toBe(30_000_000n);
  });

  it('two senders at once (two servers) sign, send and complete each withdrawal once, without errors', async () => {
    const user = await fundedUser('100');
    const targets = [freshAddress(), freshAddress(), freshAddress()];
    const ids: string[] = [];
    for (const to of targets) {
      const res = await withdraw(user.cookie, {
        asset: 'USDT',
        address: to,
        amount: '10',
        beneficiary: own,
      });
      ids.push(res.json().withdrawal.id);
      await post(`/api/admin/crypto-withdrawals/${res.json().withdrawal.id}/approve`, admin, {});
    }
    const nonceBefore = await wallet().adapter.nonce('latest');
    const sender = () =>
      new WithdrawalSender({
        db: t.app.db,
        chain: wallet().adapter,
        confirmations: N,
        logger: silent,
      });
    const [a, b] = [sender(), sender()];
    const first = await Promise.all([a.step(), b.step()]);
    expect([...first[0].signed, ...first[1].signed].sort()).toEqual([...ids].sort());
    await chain().mine(N);
    const settled = await Promise.all([a.step(), b.step(), a.step()]);
    expect(settled.flatMap((r) => r.completed).sort()).toEqual([...ids].sort());
    expect(await wallet().adapter.nonce('latest')).toBe(nonceBefore + 3);
    for (const to of targets) expect(await tokenBalance(to)).toBe(10_000_000n);
    expect(await state(user.cookie)).toMatchObject({ USDT: '67.00000000/0.00000000' });
  });

  it('fails a transaction that reverts on chain and gives the amount and the fee back', async () => {
    const user = await fundedUser('50');
    const to = freshAddress();
    const id = (
      await withdraw(user.cookie, { asset: 'USDT', address: to, amount: '20', beneficiary: own })
    ).json().withdrawal.id;
    await post(`/api/admin/crypto-withdrawals/${id}/approve`, admin, {});
    const hot = wallet().adapter.hotWallet;
    const test = chain().testClient;
    // Between signing and sending, the hot wallet's USDT is gone (its balance slot of the
    // OpenZeppelin token, mapping at slot 0, set to 0; using the wallet itself would take the
    // stored transaction's nonce): the stored transfer is still valid to send, and reverts.
    const balanceSlot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [hot, 0n]),
    );
    const emptying = new WithdrawalSender({
      db: t.app.db,
      chain: wallet().adapter,
      confirmations: N,
      logger: silent,
      afterSign: async () => {
        await test.setStorageAt({ address: chain().usdt, index: balanceSlot, value: pad('0x0') });
        expect(await wallet().adapter.balance(hot, 'USDT')).toBe(0n);
      },
    });
    try {
      expect((await emptying.step()).broadcast).toEqual([id]);
      await chain().mine(N);
      expect((await wallet().sender.step()).failed).toEqual([id]);
      const w = (await get(`/api/crypto/withdrawals/${id}`, user.cookie)).json().withdrawal;
      expect(w.status).toBe('failed');
      expect(w.failureReason).toMatch(/back in your wallet/);
      expect(await state(user.cookie)).toMatchObject({ USDT: '50.00000000/0.00000000' });
      expect(await tokenBalance(to)).toBe(0n);
      expect(await told(user)).toEqual({
        notices: [
          expect.objectContaining({
            kind: 'crypto_withdrawal_failed',
            body: 'Your withdrawal of 20 USDT failed: The transaction failed on chain. The amount and the fee are back in your wallet.',
          }),
        ],
        subjects: ['Crypto withdrawal failed · Sikka'],
      });
    } finally {
      // Refill the hot wallet for the tests after this one.
      await chain().waitMined(await chain().fund(hot, 'USDT', 1_000_000n * 10n ** 6n));
    }
  });
});
