import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MAKER_EMAIL } from '../src/auth/identities.ts';
import { decimalToUnits } from '@sikka/contracts';
import { testConfig } from '../src/config.ts';
import { MarketMaker, quote } from '../src/spot/market-maker.ts';
import { spotMarkets } from '../src/spot/markets.ts';
import { availableDrivers, databaseUpTo } from '../../../test/support/databases.ts';
import { migrate } from '../src/db/migrate.ts';
import { newUser, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';

/**
 * The house market maker is the account the house made and named (migration 036, ADR 037),
 * never whichever account holds its address: someone who signed up with that address before
 * the server made it must not receive the house's money.
 */
describe.each(availableDrivers())('the house market maker on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // Spot on, the maker off: each test starts its own maker on the app's database.
    t = await startTestApp(driver, { SPOT_TRADING: true, SPOT_MARKET_MAKER: 'off' });
  });
  afterAll(() => t.close());

  const errors: string[] = [];
  const log = {
    error: (_obj: unknown, msg: string) => errors.push(msg),
    warn: (_obj: unknown, msg: string) => errors.push(msg),
    info: () => undefined,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  const maker = () => new MarketMaker(t.app.db, t.app.spot!.exchange, t.app.market, log);

  const houseFunding = async (userId: string) =>
    (
      await t.app.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ledger_entries
          WHERE user_id = $1 AND operation_type = 'house_funding'`,
        [userId],
      )
    )[0]!.n;
  const inr = async (userId: string) =>
    (
      await t.app.db.query<{ b: string }>('SELECT balance::text AS b FROM users WHERE id = $1', [
        userId,
      ])
    )[0]!.b;

  it('refuses sign-up with its address or one like it, before the account exists', async () => {
    for (const email of [
      MARKET_MAKER_EMAIL,
      'Market-Maker@Sikka.local',
      'market-rnaker@sikka.local', // "rn" for "m"
      'market-maker@sikka.lоcal', // a Cyrillic о
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: newUser({ email }),
      });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(409);
      expect(res.json().error.code).toBe('email_confusable');
    }
    expect(await t.app.db.query("SELECT 1 FROM users WHERE email LIKE 'market-%'")).toHaveLength(0);
  });

  it('refuses an e-mail change to its address', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/change',
      headers: { cookie: u.cookie },
      payload: { newEmail: MARKET_MAKER_EMAIL, currentPassword: u.password },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('email_confusable');
  });

  it('never adopts an account someone else holds at its address, nor funds it', async () => {
    // As an account signed up before the address was reserved: its owner knows its password.
    const [squatter] = await t.app.db.query<{ id: string }>(
      `INSERT INTO users (email, full_name, password_hash)
       VALUES ($1, 'Not The House', 'x') RETURNING id`,
      [MARKET_MAKER_EMAIL],
    );
    const m = maker();
    await m.start();
    await m.step();
    await m.stop();
    expect(m.accountId).toBeNull();
    expect(errors.join('\n')).toMatch(
      /does not run: its address belongs to an account the house did not make/,
    );
    expect(await inr(squatter!.id)).toBe('0.00');
    expect(await houseFunding(squatter!.id)).toBe('0');
    expect(await t.app.db.query('SELECT 1 FROM house_accounts')).toHaveLength(0);
    // The house's top-up goes by name, so a user id the caller found cannot receive it.
    await expect(
      t.app.db.query("SELECT fund_house_account('market_maker', 'INR', 1)"),
    ).rejects.toMatchObject({ code: 'SK022' });
    expect(await inr(squatter!.id)).toBe('0.00');
    await t.app.db.query('DELETE FROM users WHERE id = $1', [squatter!.id]);
  });

  it('makes its own account once, names it the house’s, and funds it through the ledger', async () => {
    const first = maker();
    await first.start();
    await first.step();
    await first.stop();
    const id = first.accountId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [house] = await t.app.db.query<{ user_id: string }>(
      "SELECT user_id FROM house_accounts WHERE name = 'market_maker'",
    );
    expect(house!.user_id).toBe(id);
    const [row] = await t.app.db.query<{ email: string; kyc_status: string }>(
      'SELECT email, kyc_status FROM users WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ email: MARKET_MAKER_EMAIL, kyc_status: 'verified' });
    // Topped up to ₹1 crore, some of it now held by the bids it quoted.
    const [own] = await t.app.db.query<{ total: string }>(
      'SELECT (balance + inr_reserved)::text AS total FROM users WHERE id = $1',
      [id],
    );
    expect(own!.total).toBe('10000000.00');
    expect(Number(await houseFunding(id!))).toBeGreaterThanOrEqual(1);

    // Another instance (or the next start) finds the same account and makes none.
    const second = maker();
    await second.start();
    await second.stop();
    expect(second.accountId).toBe(id);
    expect(
      await t.app.db.query('SELECT 1 FROM users WHERE email = $1', [MARKET_MAKER_EMAIL]),
    ).toHaveLength(1);
  });
});

describe.each(availableDrivers())(
  'migration 036 on %s: which earlier account is the house’s',
  (driver) => {
    /** A database as a server before 036 left it, with `email`'s account made as `kind` says. */
    async function before036(kind: 'made by the server' | 'signed up' | 'verified by the admin') {
      const db = await databaseUpTo(driver, '035');
      const [u] = await db.query<{ id: string }>(
        `INSERT INTO users (email, full_name, password_hash, kyc_status, kyc_submitted_at)
       VALUES ($1, 'Sikka Market Maker', 'x', $2, $3) RETURNING id`,
        [
          MARKET_MAKER_EMAIL,
          kind === 'signed up' ? 'pending' : 'verified',
          kind === 'verified by the admin' ? new Date() : null,
        ],
      );
      await migrate(db);
      const house = await db.query<{ user_id: string }>('SELECT user_id FROM house_accounts');
      await db.close();
      return { id: u!.id, house: house.map((h) => h.user_id) };
    }

    it('adopts the market maker the server made (verified KYC never submitted)', async () => {
      const { id, house } = await before036('made by the server');
      expect(house).toEqual([id]);
    });

    it('adopts no account that signed up with the address, KYC’d or not', async () => {
      expect((await before036('signed up')).house).toEqual([]);
      expect((await before036('verified by the admin')).house).toEqual([]);
    });
  },
);

describe('the market maker’s quotes', () => {
  const [usdt] = spotMarkets(testConfig({ SPOT_TRADING: true }));
  const units = (v: string) => decimalToUnits(v, 18, 'down');

  it('quotes around the price, never below the market’s price floor (₹5.00 for USDT)', () => {
    const bid = quote(usdt!, units('88.15'), 10, 'buy');
    const ask = quote(usdt!, units('88.15'), 10, 'sell');
    // 10 bps: 88.06185 down to the tick, 88.23815 up.
    expect(bid?.ticks).toBe(8806);
    expect(ask?.ticks).toBe(8824);
    expect(usdt!.minPriceTicks).toBe(500);
    // At ₹5.00 the bid 10 bps below would be ₹4.99: not quoted; the ask, ₹5.01, is.
    expect(quote(usdt!, units('5.00'), 10, 'buy')).toBeNull();
    expect(quote(usdt!, units('5.00'), 10, 'sell')?.ticks).toBe(501);
    expect(quote(usdt!, units('5.01'), 10, 'buy')?.ticks).toBe(500);
  });
});
