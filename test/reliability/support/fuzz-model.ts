import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@sikka/contracts';

/**
 * The money rules as an independent model: balances as scaled BigInt (INR in paise, USDT in
 * 1e-8), written from the product's rules, not from the server's code. Quick trades use a
 * fixed rate (87.70: buy 89.70, sell 86.20) so the model knows every price. A buyer pays the
 * exact total rounded up to the paisa, a seller receives it rounded down less the TDS
 * (the TDS_RATE of it, rounded up), within the trade bounds; only users whose KYC is verified may deposit or trade.
 * INR withdrawals (ADR 012) move the amount from available to held INR; a cancellation or a
 * rejection gives it back, an approval (with the bank's payout UTR) pays it out; they go only
 * to the user's own verified account, within the per-request bounds and the daily limit.
 */
export const RATE = '87.70';
const RATE_PAISE = 8770n;
const BUY_PAISE = 8970n;
const SELL_PAISE = 8620n;
const E8 = 100_000_000n;

export interface ModelUser {
  id: string;
  cookie: string;
  inr: bigint;
  usdt: bigint;
  trades: number;
  /** KYC verified: the only users who may move money */
  verified: boolean;
  /** INR credited by approved deposits, in paise: what the user's holdings may be worth at most */
  deposited: bigint;
  /** pending + approved deposit requests per India calendar day, in paise */
  requested: Map<number, bigint>;
  /** INR held by pending withdrawals, in paise */
  held: bigint;
  /** INR paid out by approved withdrawals, in paise */
  paidOut: bigint;
  /** pending + paid withdrawal requests per India calendar day, in paise */
  withdrawn: Map<number, bigint>;
  /** the verified KYC bank account (verified users only) */
  accountId?: string;
}
export interface ModelWithdrawal {
  id: string;
  user: ModelUser;
  amount: bigint;
  day: number;
  status: 'pending' | 'paid' | 'rejected' | 'cancelled';
}
export interface ModelDeposit {
  id: string;
  user: ModelUser;
  amount: bigint;
  utr: string;
  day: number;
  status: 'pending' | 'approved' | 'rejected';
}
export interface Model {
  users: ModelUser[];
  deposits: ModelDeposit[];
  withdrawals: ModelWithdrawal[];
}
export interface Real {
  app: FastifyInstance;
  admin: string;
  /** UTRs pending or approved in the database (it outlives each sequence, so this does too). */
  activeUtrs: Set<string>;
  /** Payout UTRs of paid withdrawals in the database (one payout reference pays once). */
  payoutUtrs: Set<string>;
  /** The server's TRADE_MIN_TOTAL_INR and TRADE_MAX_TOTAL_INR, in paise. */
  minTotal: bigint;
  maxTotal: bigint;
  /** Marks a user's KYC verified (the fixture an admin's approval stands for). */
  verify: (userId: string) => Promise<void>;
  stats: { commands: number; byStatus: Record<string, number>; fiveHundreds: string[] };
}

// ---------------------------------------------------------------- the rules

/** A positive decimal string of at most `scale` places, as units; null when the API must refuse it. */
function amountUnits(v: unknown, scale: number): bigint | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (s.length === 0 || s.length > 40) return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  const units = BigInt(m[1]! + frac.padEnd(scale, '0'));
  return units > 0n ? units : null;
}

/** The quoted rate, rounded half up to 8 places; null when the API must refuse it. */
function quotedUnits(v: unknown): bigint | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,20}))?$/.exec(v.trim());
  if (!m) return null;
  if (!/[1-9]/.test(m[1]! + (m[2] ?? ''))) return null; // zero, however written
  const frac = (m[2] ?? '').padEnd(9, '0');
  let units = BigInt(m[1]! + frac.slice(0, 8));
  if (frac[8]! >= '5') units += 1n;
  return units; // may round to 0: a positive quote too small to be anyone's price
}

function utrValue(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return /^[A-Za-z0-9]{6,22}$/.test(s) ? s.toUpperCase() : null;
}

/** PostgreSQL text cannot hold NUL: such input is refused (400) wherever it is sent. */
function reasonValid(v: unknown): boolean {
  return (
    typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= 500 && !v.includes('\u0000')
  );
}

/** India's calendar day of an instant (the daily deposit limit's day). */
const istDay = (ms: number) => Math.floor((ms + 5.5 * 3_600_000) / 86_400_000);
const DAILY_LIMIT = 500_000_000n; // ₹50,00,000 in paise

// ---------------------------------------------------------------- arbitraries

/** Decimal strings around a range, sometimes with more places than allowed. */
const decimal = (maxWhole: bigint, maxPlaces: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: maxWhole }), fc.integer({ min: 0, max: maxPlaces }), fc.nat())
    .map(([whole, places, f]) =>
      places === 0 ? `${whole}` : `${whole}.${String(f).padStart(places, '0').slice(-places)}`,
    );

const hostile = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e-9',
    '1e18',
    '1e3',
    'abc',
    '',
    '   ',
    ' 100 ',
    '0.000000001',
    '00100',
    '100.',
    '.5',
    '1,000',
    '१००',
    'NaN',
    'Infinity',
    '-0',
    '0.00',
    '+5',
    '999999999999999999999999',
    '1000000.00000001',
    '0x10',
    'a\u0000b',
    '100\u0000',
  ),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ minLength: 1000, maxLength: 3000 }), // very long
  fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
  fc.array(fc.nat(), { maxLength: 3 }),
);

export const depositAmount = fc.oneof(
  { weight: 6, arbitrary: decimal(1_200_000n, 3) },
  { weight: 2, arbitrary: fc.constantFrom('100', '1000000', '99.99', '1000000.01', '100.005') },
  { weight: 3, arbitrary: hostile },
);
export const usdtAmount = fc.oneof(
  { weight: 6, arbitrary: decimal(30n, 9) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('0.00000001', '0.00005', '0.0001', '1000000', '1000001'),
  },
  { weight: 3, arbitrary: hostile },
);
const utr = fc.oneof(
  { weight: 6, arbitrary: fc.constant('fresh') },
  { weight: 1, arbitrary: fc.constant('reuse') },
  { weight: 2, arbitrary: hostile },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{6,8}$/) },
);
const quoted = fc.oneof(
  { weight: 6, arbitrary: fc.constant('exact') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('100000', '0', '-1', '90.15', '85.77', '89.70000000000001', '86.2'),
  },
  { weight: 1, arbitrary: decimal(200n, 12) },
  { weight: 1, arbitrary: hostile },
);
const reason = fc.oneof(
  { weight: 4, arbitrary: fc.constant('UTR not found') },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(501)) },
  { weight: 1, arbitrary: hostile },
);
const signupField = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 8, arbitrary: valid.map((v) => ({ v, ok: true })) },
    { weight: 1, arbitrary: hostile.map((v) => ({ v, ok: false })) },
  );

// ---------------------------------------------------------------- commands

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1).toString(36)}`.toUpperCase();

async function call(
  r: Real,
  label: string,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
) {
  const res = await r.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
  r.stats.commands += 1;
  const k = `${label} ${res.statusCode}`;
  r.stats.byStatus[k] = (r.stats.byStatus[k] ?? 0) + 1;
  if (res.statusCode >= 500)
    r.stats.fiveHundreds.push(`${label} ${JSON.stringify(payload)} → ${res.body}`);
  return res;
}

const expectStatus = (label: string, got: number, want: number, body: string, input: unknown) => {
  if (got !== want)
    throw new Error(
      `${label}: model expected ${want}, API answered ${got} ${body.slice(0, 200)} for ${JSON.stringify(input)?.slice(0, 300)}`,
    );
};

class SignUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly fields: Record<
      'fullName' | 'email' | 'phone' | 'password',
      { v: unknown; ok: boolean }
    >,
    private readonly verify: boolean,
  ) {}
  // Two accounts per sequence: each sign-up costs an argon2 hash (~19 MiB, tens of ms).
  check = (m: Readonly<Model>) => m.users.length < 2;
  async run(m: Model, r: Real) {
    const body = Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.v]));
    if (this.fields.email.ok) body.email = `fz${unique()}@example.com`.toLowerCase();
    const res = await call(r, 'signup', 'POST', '/api/auth/signup', '', body);
    const allValid = Object.values(this.fields).every((f) => f.ok);
    if (allValid) expectStatus('signup', res.statusCode, 201, res.body, body);
    else if (![201, 400, 409].includes(res.statusCode))
      expectStatus('signup', res.statusCode, 400, res.body, body);
    if (res.statusCode === 201) {
      const c = res.cookies.find((x) => x.name === SESSION_COOKIE)!;
      const id = res.json().user.id as string;
      let accountId: string | undefined;
      if (this.verify) {
        // KYC bank details, then verified: migration 014 makes them the withdrawal account.
        await r.app.db.query(
          `UPDATE users SET bank_account_number = 'XXXXXXXX1234', bank_ifsc_code = 'SBIN0001234',
                  bank_name = 'State Bank of India' WHERE id = $1`,
          [id],
        );
        await r.verify(id);
        const accounts = await r.app.inject({
          method: 'GET',
          url: '/api/me/bank-accounts',
          headers: { cookie: `${c.name}=${c.value}` },
        });
        accountId = (accounts.json() as { bankAccounts: Array<{ id: string }> }).bankAccounts[0]
          ?.id;
        if (!accountId) throw new Error(`no KYC bank account: ${accounts.body}`);
      }
      m.users.push({
        id,
        cookie: `${c.name}=${c.value}`,
        inr: 0n,
        usdt: 0n,
        trades: 0,
        verified: this.verify,
        deposited: 0n,
        requested: new Map(),
        held: 0n,
        paidOut: 0n,
        withdrawn: new Map(),
        ...(accountId ? { accountId } : {}),
      });
    }
  }
  toString = () =>
    `signup(${JSON.stringify(this.fields).slice(0, 80)}${this.verify ? ', verified' : ''})`;
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly who: number,
    private readonly amount: unknown,
    private readonly utr: unknown,
  ) {}
  check = (m: Readonly<Model>) => m.users.length > 0;
  async run(m: Model, r: Real) {
    const user = m.users[this.who % m.users.length]!;
    const utrNumber =
      this.utr === 'fresh'
        ? `U${unique()}`
        : this.utr === 'reuse'
          ? (m.deposits.at(-1)?.utr ?? `R${unique()}`)
          : this.utr;
    const body = { amount: this.amount, utrNumber };
    const units = amountUnits(this.amount, 2);
    const utrOk = utrValue(utrNumber);
    const valid = units !== null && units >= 10_000n && units <= 100_000_000n && utrOk !== null;
    const day = istDay(Date.now());
    const used = user.requested.get(day) ?? 0n;
    const want = !valid
      ? 400
      : !user.verified
        ? 403
        : r.activeUtrs.has(utrOk)
          ? 409
          : used + units > DAILY_LIMIT
            ? 422
            : 201;
    const res = await call(r, 'deposit', 'POST', '/api/deposits', user.cookie, body);
    // At India's midnight the day may turn between our clock and the database's: either answer.
    const turned = istDay(Date.now()) !== day && want === 422 && res.statusCode === 201;
    if (!turned) expectStatus('deposit', res.statusCode, want, res.body, body);
    if (res.statusCode === 201) {
      const createdDay = turned ? istDay(Date.now()) : day;
      r.activeUtrs.add(utrOk!);
      user.requested.set(createdDay, (user.requested.get(createdDay) ?? 0n) + units!);
      m.deposits.push({
        id: res.json().deposit.id,
        user,
        amount: units!,
        utr: utrOk!,
        day: createdDay,
        status: 'pending',
      });
    }
  }
  toString = () =>
    `deposit(${this.who}, ${JSON.stringify(this.amount)?.slice(0, 40)}, ${JSON.stringify(this.utr)?.slice(0, 30)})`;
}

class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly pick: number,
    private readonly approve: boolean,
    private readonly reason: unknown,
    private readonly target: 'pending' | 'any' | 'unknown' | 'malformed',
  ) {}
  check = (m: Readonly<Model>) =>
    this.target === 'pending'
      ? m.deposits.some((d) => d.status === 'pending')
      : this.target !== 'any' || m.deposits.length > 0;
  async run(m: Model, r: Real) {
    const pool =
      this.target === 'pending' ? m.deposits.filter((d) => d.status === 'pending') : m.deposits;
    const dep =
      this.target === 'pending' || this.target === 'any'
        ? pool[this.pick % pool.length]
        : undefined;
    const id = dep?.id ?? (this.target === 'malformed' ? 'not-a-uuid' : randomUUID());
    const url = `/api/admin/deposits/${id}/${this.approve ? 'approve' : 'reject'}`;
    const body = this.approve ? undefined : { reason: this.reason };
    const want =
      !this.approve && !reasonValid(this.reason)
        ? 400
        : !dep
          ? 404
          : dep.status !== 'pending'
            ? 409
            : 200;
    const res = await call(r, this.approve ? 'approve' : 'reject', 'POST', url, r.admin, body);
    expectStatus(this.approve ? 'approve' : 'reject', res.statusCode, want, res.body, { id, body });
    if (want === 200 && dep) {
      dep.status = this.approve ? 'approved' : 'rejected';
      if (this.approve) {
        dep.user.inr += dep.amount;
        dep.user.deposited += dep.amount;
      } else {
        r.activeUtrs.delete(dep.utr);
        dep.user.requested.set(dep.day, dep.user.requested.get(dep.day)! - dep.amount);
      }
    }
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}(${this.target} ${this.pick})`;
}

class Trade implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly side: 'buy' | 'sell' | 'hold',
    private readonly who: number,
    private readonly amount: unknown,
    private readonly quote: unknown,
  ) {}
  check = (m: Readonly<Model>) => m.users.length > 0;
  async run(m: Model, r: Real) {
    const user = m.users[this.who % m.users.length]!;
    const price = this.side === 'sell' ? SELL_PAISE : BUY_PAISE;
    const quotedRate =
      this.quote === 'exact' ? (price === BUY_PAISE ? '89.70' : '86.20') : this.quote;
    const body = { side: this.side, usdtAmount: this.amount, quotedRate };
    const units = amountUnits(this.amount, 8);
    const q = quotedUnits(quotedRate);
    let want: number;
    let total = 0n;
    if (this.side === 'hold' || units === null || units > 1_000_000n * E8 || q === null) want = 400;
    else {
      const server = price * 1_000_000n; // paise → 8 places
      const worse =
        this.side === 'buy' ? server * E8 > q * (E8 + 500_000n) : server * E8 < q * (E8 - 500_000n);
      // Paise: the buyer pays the exact value rounded up, the seller gets it rounded down.
      total = this.side === 'buy' ? (units * price + E8 - 1n) / E8 : (units * price) / E8;
      if (!user.verified) want = 403;
      else if (worse) want = 409;
      else if (total < r.minTotal || total > r.maxTotal) want = 422;
      else if (this.side === 'buy' ? user.inr < total : user.usdt < units) want = 422;
      else want = 201;
    }
    const res = await call(r, this.side, 'POST', '/api/trades/quick', user.cookie, body);
    expectStatus(this.side, res.statusCode, want, res.body, body);
    if (want === 201) {
      const sign = this.side === 'buy' ? 1n : -1n;
      user.usdt += sign * units!;
      // A seller receives the total less the TDS (section 194S): the server's TDS_RATE of the
      // total, rounded up to the paisa.
      user.inr -= sign * (this.side === 'sell' ? total - tdsPaise(total, r) : total);
      user.trades += 1;
    }
  }
  toString = () =>
    `${this.side}(${this.who}, ${JSON.stringify(this.amount)?.slice(0, 40)}, ${JSON.stringify(this.quote)?.slice(0, 30)})`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The server's WITHDRAW_MIN_INR, WITHDRAW_MAX_INR and WITHDRAW_DAILY_LIMIT_INR, in paise. */
const withdrawBounds = (r: Real) => ({
  min: toUnits(r.app.config.WITHDRAW_MIN_INR, 2),
  max: toUnits(r.app.config.WITHDRAW_MAX_INR, 2),
  daily: toUnits(r.app.config.WITHDRAW_DAILY_LIMIT_INR, 2),
});

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly who: number,
    private readonly amount: unknown,
    private readonly account: 'own' | 'other' | 'unknown' | 'malformed',
  ) {}
  check = (m: Readonly<Model>) => m.users.length > 0;
  async run(m: Model, r: Real) {
    const user = m.users[this.who % m.users.length]!;
    const other = m.users.find((u) => u !== user && u.accountId);
    const bankAccountId =
      this.account === 'malformed'
        ? 'not-a-uuid'
        : this.account === 'own' && user.accountId
          ? user.accountId
          : this.account === 'other' && other
            ? other.accountId!
            : randomUUID();
    // 'half' and 'all' of what is available: requests the model expects to succeed.
    const amount =
      this.amount === 'half'
        ? fmt(user.inr / 2n, 2)
        : this.amount === 'all'
          ? fmt(user.inr, 2)
          : this.amount;
    const body = { amount, bankAccountId };
    const units = amountUnits(amount, 2);
    const b = withdrawBounds(r);
    const day = istDay(Date.now());
    const used = user.withdrawn.get(day) ?? 0n;
    const want =
      units === null
        ? 400
        : !user.verified
          ? 403
          : !UUID_RE.test(bankAccountId) || bankAccountId !== user.accountId
            ? 404
            : units < b.min || units > b.max || used + units > b.daily
              ? 422
              : user.inr < units
                ? 422
                : 201;
    const res = await call(r, 'withdraw', 'POST', '/api/withdrawals', user.cookie, body);
    expectStatus('withdraw', res.statusCode, want, res.body, body);
    if (want === 201) {
      user.inr -= units!;
      user.held += units!;
      user.withdrawn.set(day, used + units!);
      m.withdrawals.push({
        id: res.json().withdrawal.id,
        user,
        amount: units!,
        day,
        status: 'pending',
      });
    }
  }
  toString = () =>
    `withdraw(${this.who}, ${JSON.stringify(this.amount)?.slice(0, 40)}, ${this.account})`;
}

type WdTarget = 'pending' | 'any' | 'unknown' | 'malformed';
const pickWithdrawal = (m: Readonly<Model>, target: WdTarget, pick: number) => {
  const pool =
    target === 'pending' ? m.withdrawals.filter((w) => w.status === 'pending') : m.withdrawals;
  const w = target === 'pending' || target === 'any' ? pool[pick % pool.length] : undefined;
  return { w, id: w?.id ?? (target === 'malformed' ? 'not-a-uuid' : randomUUID()) };
};
const wdCheck = (m: Readonly<Model>, target: WdTarget) =>
  target === 'pending'
    ? m.withdrawals.some((w) => w.status === 'pending')
    : target !== 'any' || m.withdrawals.length > 0;

/** The hold leaves: back to available (cancel, reject) or out to the bank (paid). */
function settle(w: ModelWithdrawal, status: 'paid' | 'rejected' | 'cancelled') {
  w.status = status;
  w.user.held -= w.amount;
  if (status === 'paid') w.user.paidOut += w.amount;
  else {
    w.user.inr += w.amount;
    w.user.withdrawn.set(w.day, w.user.withdrawn.get(w.day)! - w.amount);
  }
}

class CancelWithdrawal implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly pick: number,
    private readonly target: WdTarget,
    /** sent by someone other than the owner */
    private readonly stranger: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.users.length > 0 && wdCheck(m, this.target);
  async run(m: Model, r: Real) {
    const { w, id } = pickWithdrawal(m, this.target, this.pick);
    const owner = w?.user ?? m.users[this.pick % m.users.length]!;
    const sender = this.stranger ? (m.users.find((u) => u !== owner) ?? owner) : owner;
    const want = !w || sender !== w.user ? 404 : w.status !== 'pending' ? 409 : 200;
    const res = await call(r, 'cancel', 'POST', `/api/withdrawals/${id}/cancel`, sender.cookie);
    expectStatus('cancel', res.statusCode, want, res.body, { id, stranger: sender !== owner });
    if (want === 200) settle(w!, 'cancelled');
  }
  toString = () => `cancel(${this.target} ${this.pick}${this.stranger ? ', stranger' : ''})`;
}

class DecideWithdrawal implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly pick: number,
    private readonly approve: boolean,
    private readonly utr: unknown,
    private readonly reason: unknown,
    private readonly target: WdTarget,
  ) {}
  check = (m: Readonly<Model>) => wdCheck(m, this.target);
  async run(m: Model, r: Real) {
    const { w, id } = pickWithdrawal(m, this.target, this.pick);
    const utrNumber =
      this.utr === 'fresh'
        ? `P${unique()}`
        : this.utr === 'reuse'
          ? ([...r.payoutUtrs].at(-1) ?? `Q${unique()}`)
          : this.utr;
    const label = this.approve ? 'pay' : 'refuse';
    const url = `/api/admin/withdrawals/${id}/${this.approve ? 'approve' : 'reject'}`;
    const body = this.approve ? { utrNumber } : { reason: this.reason };
    const utrOk = utrValue(utrNumber);
    const want = (this.approve ? utrOk === null : !reasonValid(this.reason))
      ? 400
      : !w
        ? 404
        : w.status !== 'pending'
          ? 409
          : this.approve && r.payoutUtrs.has(utrOk!)
            ? 409
            : 200;
    const res = await call(r, label, 'POST', url, r.admin, body);
    expectStatus(label, res.statusCode, want, res.body, { id, body });
    if (want === 200) {
      settle(w!, this.approve ? 'paid' : 'rejected');
      if (this.approve) r.payoutUtrs.add(utrOk!);
    }
  }
  toString = () =>
    `${this.approve ? 'pay' : 'refuse'}(${this.target} ${this.pick}, ${JSON.stringify(this.utr)?.slice(0, 30)})`;
}

export const withdrawAmount = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('half', 'half', 'all') },
  { weight: 3, arbitrary: decimal(20_000n, 3) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('100', '99.99', '1000000', '1000000.01', '100.005', '0.01'),
  },
  { weight: 3, arbitrary: hostile },
);
const wdTarget = fc.constantFrom<WdTarget>(
  'pending',
  'pending',
  'pending',
  'any',
  'unknown',
  'malformed',
);
const withdraw = fc
  .tuple(
    fc.nat(),
    withdrawAmount,
    fc.constantFrom<'own' | 'other' | 'unknown' | 'malformed'>(
      'own',
      'own',
      'own',
      'own',
      'other',
      'unknown',
      'malformed',
    ),
  )
  .map(([w, a, acc]) => new Withdraw(w, a, acc));
const cancel = fc
  .tuple(
    fc.nat(),
    wdTarget,
    fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  )
  .map(([p, t, s]) => new CancelWithdrawal(p, t, s));
const decideWithdrawal = fc
  .tuple(
    fc.nat(),
    fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
    utr,
    reason,
    wdTarget,
  )
  .map(([p, a, u, why, t]) => new DecideWithdrawal(p, a, u, why, t));

const signUp = fc
  .record({
    fullName: signupField(fc.constantFrom('Asha Rao', 'Ravi Kumar', 'Zoë Dsouza')),
    email: signupField(fc.constant('valid')),
    phone: signupField(fc.constantFrom('9876543210', '+91 98765 43210')),
    password: signupField(fc.constantFrom('correct horse battery', 'पासवर्ड सुरक्षित १२३')),
  })
  .chain((f) => fc.integer({ min: 0, max: 4 }).map((n) => new SignUp(f, n > 0))); // 4 in 5 verified
const deposit = fc.tuple(fc.nat(), depositAmount, utr).map(([w, a, u]) => new Deposit(w, a, u));
const decide = fc
  .tuple(
    fc.nat(),
    fc.integer({ min: 0, max: 3 }).map((n) => n > 0), // approve 3 times in 4
    reason,
    fc.constantFrom('pending', 'pending', 'pending', 'pending', 'any', 'unknown', 'malformed'),
  )
  .map(([p, a, why, t]) => new Decide(p, a, why, t as 'pending' | 'any' | 'unknown' | 'malformed'));
const trade = fc
  .tuple(fc.constantFrom('buy', 'buy', 'sell', 'sell', 'hold'), fc.nat(), usdtAmount, quoted)
  .map(([s, w, a, q]) => new Trade(s as 'buy' | 'sell' | 'hold', w, a, q));

/** Weighted by repetition: trades are what money bugs hide in. */
export const commands = [
  signUp,
  deposit,
  deposit,
  decide,
  decide,
  trade,
  trade,
  trade,
  trade,
  withdraw,
  withdraw,
  cancel,
  decideWithdrawal,
  decideWithdrawal,
];

/** Differences between the model and the database / API after a sequence (empty = agree). */
export async function disagreements(m: Model, r: Real): Promise<string[]> {
  const out: string[] = [];
  for (const u of m.users) {
    const me = await r.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    const b = me.json().balances as { inr: string; inrHeld: string; usdt: string };
    const want = { inr: fmt(u.inr, 2), inrHeld: fmt(u.held, 2), usdt: fmt(u.usdt, 8) };
    if (b.inr !== want.inr || b.inrHeld !== want.inrHeld || b.usdt !== want.usdt)
      out.push(`user ${u.id}: API ${JSON.stringify(b)}, model ${JSON.stringify(want)}`);
    const [row] = await r.app.db.query<{ trades: number; inr: string; held: string }>(
      `SELECT (SELECT count(*)::int FROM trades WHERE user_id = $1) AS trades,
              (SELECT balance::text FROM users WHERE id = $1) AS inr,
              (SELECT inr_held::text FROM users WHERE id = $1) AS held`,
      [u.id],
    );
    if (row!.trades !== u.trades)
      out.push(`user ${u.id}: ${row!.trades} trades in DB, model ${u.trades}`);
    if (row!.inr !== want.inr) out.push(`user ${u.id}: DB INR ${row!.inr}, model ${want.inr}`);
    if (row!.held !== want.inrHeld)
      out.push(`user ${u.id}: DB held INR ${row!.held}, model ${want.inrHeld}`);
    // No sequence of trades at the fixed rate makes money: what the user holds, valued at the
    // rate itself (between the buy and the sell price), is never worth more than what they
    // deposited less what was paid out. Read from the API's figures, not the model's.
    const worth =
      (toUnits(b.inr, 2) + toUnits(b.inrHeld, 2)) * E8 + toUnits(b.usdt, 8) * RATE_PAISE;
    if (worth > (u.deposited - u.paidOut) * E8)
      out.push(
        `user ${u.id}: holds ${fmt(worth, 10)} at ${RATE}, more than the ${fmt(u.deposited, 2)} deposited − ${fmt(u.paidOut, 2)} paid out`,
      );
  }
  for (const d of m.deposits) {
    const [row] = await r.app.db.query<{ status: string }>(
      'SELECT status FROM deposits WHERE id = $1',
      [d.id],
    );
    if (row?.status !== d.status) out.push(`deposit ${d.id}: DB ${row?.status}, model ${d.status}`);
  }
  for (const w of m.withdrawals) {
    const [row] = await r.app.db.query<{ status: string }>(
      'SELECT status FROM withdrawals WHERE id = $1',
      [w.id],
    );
    if (row?.status !== w.status)
      out.push(`withdrawal ${w.id}: DB ${row?.status}, model ${w.status}`);
  }
  return out;
}

/** TDS on a sell's total (paise) at the server's TDS_RATE ('0.01' = 1%), rounded up to the paisa. */
function tdsPaise(total: bigint, r: Real): bigint {
  const rate = toUnits(r.app.config.TDS_RATE, 6); // the setting has at most 6 places
  return (total * rate + 999_999n) / 1_000_000n;
}

/** A decimal string the API sent, as units of 10^-scale (it always has exactly that scale). */
function toUnits(value: string, scale: number): bigint {
  const [whole = '0', frac = ''] = value.split('.');
  return BigInt(whole + frac.padEnd(scale, '0').slice(0, scale));
}

function fmt(units: bigint, scale: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -scale)}.${s.slice(-scale)}`;
}
