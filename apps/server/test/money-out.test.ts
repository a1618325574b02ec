import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellProceeds, STATEMENT_PAGE_SIZE } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  logInAdmin,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { validPan } from '../../../test/support/kyc-fixtures.ts';
import { api, fund } from '../../../test/support/money-helpers.ts';
import { quickTrade } from '../src/money/trades.ts';
import { istDate } from '../src/money/overview.ts';

/**
 * Issue 14, the server's part: TDS on sells (section 194S), the quarterly TDS statements,
 * the account statement with running balances and its CSV, and the overview's figures.
 * The rate is fixed at 87.7: buys at 89.70, sells at 86.20.
 */
describe.each(availableDrivers())('money out on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let rate = '87.7';
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { usdtInrRate: () => rate });
    http = api(t.app);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const quick = (cookie: string, side: 'buy' | 'sell', usdtAmount: string) =>
    http.post('/api/trades/quick', cookie, {
      side,
      usdtAmount,
      quotedRate: side === 'buy' ? '89.70' : '86.20',
    });
  /** A verified user with a PAN who deposited `inr`, bought 10 USDT and sold 3.333. */
  const trader = async (inr: string) => {
    const u = await signUpVerified(t.app);
    // One PAN per verified account (ADR 039): each trader has their own.
    const pan = validPan();
    await t.app.db.query(`UPDATE users SET pan_number = $2 WHERE id = $1`, [u.id, pan]);
    await fund(t.app, u.cookie, admin, inr);
    expect((await quick(u.cookie, 'buy', '10')).statusCode).toBe(201);
    const sold = await quick(u.cookie, 'sell', '3.333');
    expect(sold.statusCode).toBe(201);
    return { ...u, pan, sell: sold.json().trade as { id: string; tds: string; net: string } };
  };

  describe('TDS', () => {
    it('announces the TDS rate and the bounds to everyone, for the preview', async () => {
      const res = await http.get('/api/trades/quote-settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ tdsRate: '0.01', minTotal: '10', maxTotal: '1000000' });
    });

    it('withholds 1% of a sell’s gross, rounded up, into tds_payable: user +net, house −gross', async () => {
      const u = await trader('1000');
      // 3.333 × 86.20 = 287.3046 → gross 287.30; 1% = 2.873 → TDS 2.88; net 284.42
      expect(sellProceeds('3.333', '86.20', '0.01')).toEqual({
        gross: '287.30',
        tds: '2.88',
        net: '284.42',
      });
      expect(u.sell).toMatchObject({ tds: '2.88', net: '284.42' });
      const entries = await t.app.db.query<{ asset: string; account: string; amount: string }>(
        `SELECT asset, account, amount::text FROM ledger_entries WHERE operation_id = $1
          ORDER BY asset, account`,
        [u.sell.id],
      );
      expect(entries).toEqual([
        { asset: 'INR', account: 'house', amount: '-287.30000000' },
        { asset: 'INR', account: 'tds_payable', amount: '2.88000000' },
        { asset: 'INR', account: 'user', amount: '284.42000000' },
        { asset: 'USDT', account: 'house', amount: '3.33300000' },
        { asset: 'USDT', account: 'user', amount: '-3.33300000' },
      ]);
      const history = (await http.get('/api/trades', u.cookie)).json().trades;
      expect(history[0]).toMatchObject({
        type: 'sell',
        total: '287.30',
        tds: '2.88',
        net: '284.42',
      });
      expect(history[1]).toMatchObject({
        type: 'buy',
        total: '897.00',
        tds: '0.00',
        net: '897.00',
      });
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

    it('applies the minimum to the gross, not to what is left after TDS', async () => {
      const u = await signUpVerified(t.app);
      await fund(t.app, u.cookie, admin, '100');
      expect((await quick(u.cookie, 'buy', '1')).statusCode).toBe(201);
      // 0.11600929 × 86.20 = 10.0000008 → gross ₹10.00, TDS ₹0.10, net ₹9.90: accepted.
      const ok = await quick(u.cookie, 'sell', '0.11600929');
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().trade).toMatchObject({ total: '10.00', tds: '0.10', net: '9.90' });
      // 0.11600928 × 86.20 = 9.99999994 → gross ₹9.99: below the ₹10.00 minimum.
      const low = await quick(u.cookie, 'sell', '0.11600928');
      expect(low.statusCode).toBe(422);
      expect(low.json().error.code).toBe('trade_limit');
    });

    it('withholds nothing at a TDS rate of 0 (TDS_RATE=0), writing no tds_payable entry', async () => {
      const u = await signUpVerified(t.app);
      await fund(t.app, u.cookie, admin, '1000');
      expect((await quick(u.cookie, 'buy', '5')).statusCode).toBe(201);
      const answer = await quickTrade(t.app.db, {
        userId: u.id,
        key: undefined,
        request: { side: 'sell', usdtAmount: '3.333', quotedRate: '86.20' },
        rate: '87.7',
        minTotal: '10',
        maxTotal: '1000000',
        tdsRate: '0',
      });
      expect(answer.body.trade).toMatchObject({ total: '287.30', tds: '0.00', net: '287.30' });
      const tds = await t.app.db.query(
        `SELECT 1 FROM ledger_entries WHERE operation_id = $1 AND account = 'tds_payable'`,
        [answer.body.trade.id],
      );
      expect(tds).toEqual([]);
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

    it('gives the user a quarterly TDS statement with their PAN, and the admin per-user totals', async () => {
      const u = await trader('1000');
      const now = t.app.clock();
      const quarter = `${istDate(now).slice(0, 4)}-Q${Math.floor((Number(istDate(now).slice(5, 7)) - 1) / 3) + 1}`;
      const mine = await http.get(`/api/tds/statement.csv?quarter=${quarter}`, u.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(mine.headers['content-disposition']).toContain(`sikka-tds-${quarter}.csv`);
      const lines = mine.body.trimEnd().split('\r\n');
      expect(lines[0]).toContain('section 194S');
      expect(lines[1]).toBe(`Deductee: Asha Rao,PAN: ${u.pan}`);
      expect(lines[2]).toBe(
        'Trade id,Date (IST),USDT sold,Price (INR per USDT),Consideration (INR),TDS (INR),Net credited (INR),PAN',
      );
      expect(lines[3]).toMatch(
        new RegExp(
          `^${u.sell.id},\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d:\\d\\d,3.33300000,86.20,287.30,2.88,284.42,${u.pan}$`,
        ),
      );
      expect(lines[4]).toBe(`Total,,,,287.30,2.88,284.42,${u.pan}`);

      const all = await http.get(`/api/admin/tds.csv?quarter=${quarter}`, admin);
      expect(all.statusCode).toBe(200);
      expect(all.body).toContain(`${u.id},Asha Rao,${u.email},${u.pan},1,287.30,2.88\r\n`);
      // The grand total is what the quarter's sells credited to tds_payable.
      const [payable] = await t.app.db.query<{ s: string }>(
        `SELECT to_char(sum(amount), 'FM9,99,99,99,990.00') AS s FROM ledger_entries WHERE account = 'tds_payable'`,
      );
      expect(all.body.trimEnd().split('\r\n').at(-1)).toMatch(new RegExp(`,${payable!.s}$`));

      expect((await http.get(`/api/admin/tds.csv?quarter=${quarter}`, u.cookie)).statusCode).toBe(
        403,
      );
      const bad = await http.get('/api/tds/statement.csv?quarter=2026-Q5', u.cookie);
      expect(bad.statusCode).toBe(400);
      // An empty quarter is a statement with only its totals.
      const empty = await http.get('/api/tds/statement.csv?quarter=2001-Q1', u.cookie);
      expect(empty.body).toContain('FY 2000-01 Q4');
      expect(empty.body.trimEnd().split('\r\n').at(-1)).toBe(`Total,,,,0.00,0.00,0.00,${u.pan}`);
    });
  });

  describe('account statement', () => {
    it('lists the user’s own entries newest first with the balance after each, whatever the filters', async () => {
      const u = await trader('123456.78');
      const other = await signUpVerified(t.app);
      const page = (await http.get('/api/statement', u.cookie)).json();
      expect(page).toMatchObject({ page: 1, pageSize: STATEMENT_PAGE_SIZE, hasMore: false });
      const rows = page.entries.map(
        (e: {
          type: string;
          asset: string;
          amount: string;
          balanceAfter: string;
          tds: string | null;
        }) => [e.type, e.asset, e.amount, e.balanceAfter, e.tds],
      );
      expect(rows).toEqual([
        ['trade_sell', 'INR', '284.42', '122844.20', '2.88'],
        ['trade_sell', 'USDT', '-3.33300000', '6.66700000', null],
        ['trade_buy', 'USDT', '10.00000000', '10.00000000', null],
        ['trade_buy', 'INR', '-897.00', '122559.78', null],
        ['deposit', 'INR', '123456.78', '123456.78', null],
      ]);
      expect(page.entries[0]).toMatchObject({
        account: 'available',
        link: { kind: 'trade', id: u.sell.id },
      });
      expect(page.entries[4].link.kind).toBe('deposit');

      // Filtered, each entry keeps the balance its account had after it.
      const usdt = (await http.get('/api/statement?asset=USDT', u.cookie)).json().entries;
      expect(usdt.map((e: { balanceAfter: string }) => e.balanceAfter)).toEqual([
        '6.66700000',
        '10.00000000',
      ]);
      const trades = (await http.get('/api/statement?type=trade&asset=INR', u.cookie)).json();
      expect(trades.entries.map((e: { balanceAfter: string }) => e.balanceAfter)).toEqual([
        '122844.20',
        '122559.78',
      ]);
      const today = istDate(t.app.clock());
      const dated = await http.get(`/api/statement?from=${today}&to=${today}`, u.cookie);
      expect(dated.json().entries).toHaveLength(5);
      const past = await http.get('/api/statement?from=2020-01-01&to=2020-12-31', u.cookie);
      expect(past.json()).toMatchObject({ entries: [], hasMore: false });
      expect((await http.get('/api/statement', other.cookie)).json().entries).toEqual([]);
      for (const q of [
        'type=bonus',
        'asset=BTC',
        'from=2026-02-30',
        'from=2026-05-02&to=2026-05-01',
        'page=0',
      ])
        expect((await http.get(`/api/statement?${q}`, u.cookie)).statusCode, q).toBe(400);
      expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
    });

    it('pages by 25 with hasMore', async () => {
      const u = await signUpVerified(t.app);
      await fund(t.app, u.cookie, admin, '10000');
      // 13 buys: 26 entries + the deposit's = 27.
      for (let i = 0; i < 13; i += 1)
        expect((await quick(u.cookie, 'buy', '0.2')).statusCode).toBe(201);
      const first = (await http.get('/api/statement', u.cookie)).json();
      expect(first.entries).toHaveLength(25);
      expect(first.hasMore).toBe(true);
      const second = (await http.get('/api/statement?page=2', u.cookie)).json();
      expect(second.entries).toHaveLength(2);
      expect(second.hasMore).toBe(false);
      expect(second.entries[1]).toMatchObject({ type: 'deposit', balanceAfter: '10000.00' });
      // 13 × 0.2 × 89.70 = 13 × 17.94 = 233.22 spent
      expect(first.entries[1]).toMatchObject({ asset: 'INR', balanceAfter: '9766.78' });
    });

    it('exports the same entries as CSV with Indian grouping, IST dates and an explaining header', async () => {
      const u = await trader('123456.78');
      const res = await http.get('/api/statement.csv', u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toContain('India Standard Time');
      expect(lines[1]).toContain('1,23,456.78');
      expect(lines[2]).toBe(
        'Date (IST),Entry id,Type,Account,Asset,Amount,Balance after,TDS withheld (INR),Reference',
      );
      expect(lines).toHaveLength(3 + 5);
      const cells = lines.slice(3).map((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
      expect(cells.map((c) => [c[2], c[4], c[5], c[6], c[7]])).toEqual([
        ['trade_sell', 'INR', '284.42', '"1,22,844.20"', '2.88'],
        ['trade_sell', 'USDT', '-3.33300000', '6.66700000', ''],
        ['trade_buy', 'USDT', '10.00000000', '10.00000000', ''],
        ['trade_buy', 'INR', '-897.00', '"1,22,559.78"', ''],
        ['deposit', 'INR', '"1,23,456.78"', '"1,23,456.78"', ''],
      ]);
      expect(cells[0]![0]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
      expect(cells[0]![8]).toBe(u.sell.id);
      const usdtOnly = await http.get('/api/statement.csv?asset=USDT', u.cookie);
      expect(usdtOnly.body.trimEnd().split('\r\n')).toHaveLength(3 + 2);
    });
  });

  describe('overview', () => {
    it('values holdings at the server’s rate and counts today’s deposits as flows, not profit', async () => {
      rate = '87.7';
      const u = await signUpVerified(t.app);
      await fund(t.app, u.cookie, admin, '10000');
      expect((await quick(u.cookie, 'buy', '10')).statusCode).toBe(201);
      const res = await http.get('/api/me/overview', u.cookie);
      expect(res.statusCode).toBe(200);
      // now: 10000 − 897.00 = 9103.00 INR + 10 × 87.7 = 9980.00; at 00:00 nothing (0);
      // flows +10000 → PnL = 9980 − 0 − 10000 = −20.00 (the spread); % 0 (no opening value)
      expect(res.json()).toMatchObject({
        totalBalanceInr: '9980.00',
        inrAvailable: '9103.00',
        inrHeld: '0.00',
        usdt: '10.00000000',
        usdtInrRate: '87.7',
        dayOpenValueInr: '0.00',
        netFlowsInr: '10000.00',
        todaysPnlInr: '-20.00',
        todaysPnlPercent: '0.00',
      });

      // A day later (the server's clock), the same holdings opened the day; the midnight rate
      // was 90, the rate now is 88.
      t.advance(86_400_000);
      try {
        const tomorrow = istDate(t.app.clock());
        await t.app.db.query(
          `INSERT INTO usdt_inr_day_opens (day, rate, source) VALUES ($1::date, 90, 'admin')
           ON CONFLICT (day) DO UPDATE SET rate = 90`,
          [tomorrow],
        );
        rate = '88';
        const next = (await http.get('/api/me/overview', u.cookie)).json();
        // open: 9103 + 10 × 90 = 10003.00; now: 9103 + 880 = 9983.00; no flows
        // PnL = −20.00; % = −20 / 10003 × 100 = −0.19994… → −0.20
        expect(next).toMatchObject({
          totalBalanceInr: '9983.00',
          dayOpenRate: '90.00000000',
          dayOpenValueInr: '10003.00',
          netFlowsInr: '0.00',
          todaysPnlInr: '-20.00',
          todaysPnlPercent: '-0.20',
        });
      } finally {
        t.advance(-86_400_000);
        rate = '87.7';
      }
      expect((await http.get('/api/me/overview')).statusCode).toBe(401);
    });
  });
});
