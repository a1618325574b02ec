import { english, generateMnemonic } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDevChain } from '../../../test/support/anvil.ts';
import { signUp, signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import type { Address } from '../src/chain/adapter.ts';
import { EvmChainAdapter } from '../src/chain/evm-adapter.ts';
import { keysFromMnemonic } from '../src/chain/keys.ts';
import {
  creditChainDeposits,
  depositAddressFor,
  listChainDeposits,
} from '../src/money/chain-deposits.ts';
import { DepositWatcher, type WatcherLogger } from '../src/money/deposit-watcher.ts';

const N = 3;
const USDT = (units: string) => BigInt(units.replace('.', '')) * 10n ** 4n; // 2 places → 6

/** The log lines a watcher wrote, by level, so a test can assert the reorg alarms. */
function capturingLogger() {
  const lines: Array<{ level: string; msg: string; obj: object }> = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, msg, obj });
    };
  const logger: WatcherLogger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

// One chain for the file; each database gets its own seed, so its addresses are its own.
const chain = useDevChain();

describe.each(availableDrivers())('USDT deposits on chain, on %s', (driver) => {
  let t: TestApp;
  let adapter: EvmChainAdapter;
  let startBlock: bigint;
  let log: ReturnType<typeof capturingLogger>;
  beforeAll(async () => {
    t = await startTestApp(driver);
    adapter = await EvmChainAdapter.connect({
      rpcUrl: chain().rpcUrl,
      chainId: chain().chainId,
      usdtContract: chain().usdt,
      keys: keysFromMnemonic(generateMnemonic(english)),
    });
    startBlock = (await adapter.head()) + 1n;
    log = capturingLogger();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  const watcher = () =>
    new DepositWatcher({
      db: t.app.db,
      chain: adapter,
      confirmations: N,
      logger: log.logger,
      startBlock,
    });
  const depositor = async () => {
    const user = await signUpVerified(t.app);
    const { address } = await depositAddressFor(t.app.db, adapter, user.id);
    return { id: user.id, address };
  };
  const send = async (to: Address, amount: string) =>
    chain().waitMined(await chain().fund(to, 'USDT', USDT(amount)));
  const usdtBalance = async (userId: string) =>
    (
      await t.app.db.query<{ balance: string }>(
        `SELECT balance::text FROM wallets WHERE user_id = $1 AND coin_symbol = 'USDT'`,
        [userId],
      )
    )[0]?.balance;
  const entries = (userId: string) =>
    t.app.db.query<{ account: string; amount: string; balance_after: string | null }>(
      `SELECT l.account, l.amount::text, l.balance_after::text FROM ledger_entries l
        WHERE l.operation_id IN (SELECT id FROM chain_deposits WHERE user_id = $1)
        ORDER BY l.id`,
      [userId],
    );
  const statuses = async (userId: string) =>
    (await listChainDeposits(t.app.db, userId)).map((d) => `${d.status}/${d.confirmations}`);

  it('gives each verified user one address of their own, the same on every call', async () => {
    const [a, b] = [await signUpVerified(t.app), await signUpVerified(t.app)];
    const first = await Promise.all(
      [1, 2, 3].map(() => depositAddressFor(t.app.db, adapter, a.id)),
    );
    expect(new Set(first.map((x) => x.address)).size).toBe(1);
    const again = await depositAddressFor(t.app.db, adapter, a.id);
    expect(again).toEqual(first[0]);
    expect(again.address).toBe(adapter.depositAddress(again.derivationIndex));
    const other = await depositAddressFor(t.app.db, adapter, b.id);
    expect(other.address).not.toBe(again.address);
    expect(other.derivationIndex).not.toBe(again.derivationIndex);

    const unverified = await signUp(t.app);
    await expect(depositAddressFor(t.app.db, adapter, unverified.id)).rejects.toMatchObject({
      code: 'kyc_required',
    });
  });

  it('shows a transfer pending with its confirmations and credits it once after N blocks', async () => {
    const user = await depositor();
    const w = watcher();
    await send(user.address, '12.50');
    await w.step();
    expect(await statuses(user.id)).toEqual(['pending/1']);
    await chain().mine(N - 2);
    expect((await w.step()).credited).toEqual([]);
    expect(await statuses(user.id)).toEqual([`pending/${N - 1}`]);
    expect(await usdtBalance(user.id)).toBe('0.00000000');

    await chain().mine(1);
    const { credited } = await w.step();
    expect(credited.map((d) => [d.userId, d.amount, d.status])).toEqual([
      [user.id, '12.500000', 'credited'],
    ]);
    expect(await statuses(user.id)).toEqual([`credited/${N}`]);
    expect(await usdtBalance(user.id)).toBe('12.50000000');
    expect(await entries(user.id)).toEqual([
      { account: 'user', amount: '12.50000000', balance_after: '12.50000000' },
      { account: 'chain_clearing', amount: '-12.50000000', balance_after: null },
    ]);

    await chain().mine(2);
    for (let i = 0; i < 3; i++) expect((await w.step()).credited).toEqual([]);
    expect(await creditChainDeposits(t.app.db, adapter.chainId, N)).toEqual([]);
    expect(await usdtBalance(user.id)).toBe('12.50000000');
  });

  it('credits exactly once when two watchers and direct calls run at the same time', async () => {
    const user = await depositor();
    await send(user.address, '1.25');
    await send(user.address, '2.00');
    await chain().mine(N);
    const [w1, w2] = [watcher(), watcher()];
    const results = await Promise.all([
      w1.step(),
      w2.step(),
      w1.step(),
      w2.step(),
      creditChainDeposits(t.app.db, adapter.chainId, N),
      creditChainDeposits(t.app.db, adapter.chainId, N),
    ]);
    const credited = results.flatMap((r) => ('credited' in r ? r.credited : r));
    expect(credited.filter((d) => d.userId === user.id)).toHaveLength(2);
    // A step that lost the race may run before the cursor reached the blocks: step once more.
    await w1.step();
    expect(await usdtBalance(user.id)).toBe('3.25000000');
    expect(await entries(user.id)).toHaveLength(4);
  });

  it('does nothing with a transfer it already knows when blocks are scanned again', async () => {
    const user = await depositor();
    await send(user.address, '5.00');
    await chain().mine(N);
    const w = watcher();
    await w.step();
    expect(await usdtBalance(user.id)).toBe('5.00000000');
    // Back to before the transfer's block, as an instance restored from an old backup would be.
    const [deposit] = await listChainDeposits(t.app.db, user.id);
    const back = deposit!.blockNumber - 1n;
    await t.app.db.query(
      `UPDATE chain_cursor SET block_number = $2,
              block_hash = (SELECT hash FROM chain_blocks WHERE chain_id = $1 AND number = $2)
        WHERE chain_id = $1`,
      [adapter.chainId, String(back)],
    );
    const again = await w.step();
    expect(again.scanned?.from).toBe(back + 1n);
    expect(again.found).toBeGreaterThanOrEqual(1);
    expect(again.credited).toEqual([]);
    expect((await listChainDeposits(t.app.db, user.id)).map((d) => d.status)).toEqual(['credited']);
    expect(await usdtBalance(user.id)).toBe('5.00000000');
  });

  it('orphans a deposit whose block is reorganised away before N confirmations', async () => {
    const user = await depositor();
    const w = watcher();
    await w.step();
    const snapshot = await chain().snapshot();
    await send(user.address, '7.00');
    await chain().mine(N - 2);
    await w.step();
    expect(await statuses(user.id)).toEqual([`pending/${N - 1}`]);

    await chain().revert(snapshot);
    await chain().mine(N + 2);
    const step = await w.step();
    expect(step.forkedAt).not.toBeNull();
    expect(step.orphaned).toBe(1);
    expect(step.credited).toEqual([]);
    await chain().mine(N);
    await w.step();
    expect((await listChainDeposits(t.app.db, user.id)).map((d) => d.status)).toEqual(['orphaned']);
    expect(await usdtBalance(user.id)).toBe('0.00000000');
    expect(log.lines.some((l) => l.level === 'warn' && /reorganisation/.test(l.msg))).toBe(true);
    expect(log.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('resumes from the cursor after a restart: nothing missed, nothing repeated', async () => {
    const user = await depositor();
    const before = watcher();
    await send(user.address, '3.00');
    await chain().mine(N);
    await before.step();
    expect(await usdtBalance(user.id)).toBe('3.00000000');
    // Down: a transfer arrives and gets its confirmations meanwhile.
    await send(user.address, '4.00');
    await chain().mine(N);
    const after = watcher();
    const { credited } = await after.step();
    expect(credited.map((d) => d.amount)).toEqual(['4.000000']);
    await after.step();
    expect(await usdtBalance(user.id)).toBe('7.00000000');
    expect(await entries(user.id)).toHaveLength(4);
  });

  it('credits ETH cut down to the wallet’s 8 places, and keeps dust below 10^-8 ETH unsupported', async () => {
    const user = await depositor();
    // 0.001234567891234567 ETH: the wallet gets 0.00123456; the 10^-8 tail stays on chain.
    await chain().waitMined(await chain().fund(user.address, 'ETH', 1_234_567_891_234_567n));
    // 9,999,999,999 wei is below 10^-8 ETH: nothing the wallet can hold.
    await chain().waitMined(await chain().fund(user.address, 'ETH', 9_999_999_999n));
    await chain().mine(N);
    const { credited } = await watcher().step();
    expect(credited.map((d) => d.amount)).toEqual(['0.001234567891234567']);
    const deposits = await listChainDeposits(t.app.db, user.id);
    expect(deposits.map((d) => [d.asset, d.status, d.logIndex])).toEqual([
      ['ETH', 'credited', -1],
      ['ETH', 'unsupported', -1],
    ]);
    const [eth] = await t.app.db.query<{ balance: string }>(
      `SELECT balance::text FROM wallets WHERE user_id = $1 AND coin_symbol = 'ETH'`,
      [user.id],
    );
    expect(eth?.balance).toBe('0.00123456');
    expect(await usdtBalance(user.id)).toBe('0.00000000');
    const ledger = await t.app.db.query<{ asset: string; account: string; amount: string }>(
      `SELECT asset, account, amount::text FROM ledger_entries
        WHERE operation_id IN (SELECT id FROM chain_deposits WHERE user_id = $1) ORDER BY id`,
      [user.id],
    );
    expect(ledger).toEqual([
      { asset: 'ETH', account: 'user', amount: '0.00123456' },
      { asset: 'ETH', account: 'chain_clearing', amount: '-0.00123456' },
    ]);
    // Stepping again credits nothing twice.
    expect((await watcher().step()).credited).toEqual([]);
  });

  it('runs on its own between start() and stop()', async () => {
    const user = await depositor();
    const w = new DepositWatcher({
      db: t.app.db,
      chain: adapter,
      confirmations: N,
      logger: log.logger,
      pollIntervalMs: 20,
    });
    w.start();
    try {
      await send(user.address, '9.00');
      await chain().mine(N);
      await expect.poll(() => usdtBalance(user.id), { timeout: 5_000 }).toBe('9.00000000');
    } finally {
      await w.stop();
    }
  });
});
