import type { Db, Queryable } from '../db/index.ts';
import { hashPassword } from '../auth/passwords.ts';

/** The demo account `npm run db:seed` creates for trying the product locally. */
export const DEMO_EMAIL = 'demo@sikka.local';
export const DEMO_PASSWORD = 'sikka-demo-2024';

/** Buy and sell prices at the fallback rate 87.7 (+2 / −1.5), INR per USDT. */
const BUY_PRICE = '89.70';
const SELL_PRICE = '86.20';

export interface SeedResult {
  created: boolean;
  userId: string;
}

async function requestDeposit(tx: Queryable, userId: string, amount: string, utr: string) {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, $2::numeric, $3) RETURNING id`,
    [userId, amount, utr],
  );
  return rows[0]!.id;
}

/**
 * Creates the demo user with money that went the real way: deposits approved through
 * approve_deposit and trades through execute_usdt_buy / execute_usdt_sell, so the ledger and
 * every invariant hold. Running it again finds the user and changes nothing.
 */
export async function seedDemo(db: Db): Promise<SeedResult> {
  const existing = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    DEMO_EMAIL,
  ]);
  if (existing[0]) return { created: false, userId: existing[0].id };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO users (email, full_name, phone, password_hash, kyc_status, kyc_type, kyc_verified_at)
       VALUES ($1, 'Demo Trader', '9876543210', $2, 'verified', 'individual', now())
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [DEMO_EMAIL, passwordHash],
    );
    if (!inserted[0]) {
      // Another seed run won the race.
      const again = await tx.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        DEMO_EMAIL,
      ]);
      return { created: false, userId: again[0]!.id };
    }
    const userId = inserted[0].id;
    const adminRows = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1`,
    );
    const adminId = adminRows[0]?.id ?? null;

    for (const [amount, utr] of [
      ['50000.00', 'DEMO00000000000001'],
      ['25000.00', 'DEMO00000000000002'],
      ['10000.00', 'DEMO00000000000003'],
    ] as const) {
      const id = await requestDeposit(tx, userId, amount, utr);
      await tx.query('SELECT approve_deposit($1::uuid, $2::uuid)', [id, adminId]);
    }
    const rejected = await requestDeposit(tx, userId, '2000.00', 'DEMO00000000000004');
    await tx.query('SELECT reject_deposit($1::uuid, $2, $3::uuid)', [
      rejected,
      'UTR not found in bank statement',
      adminId,
    ]);
    await requestDeposit(tx, userId, '5000.00', 'DEMO00000000000005');

    const trades: Array<['buy' | 'sell', string]> = [
      ['buy', '100'],
      ['buy', '250.5'],
      ['sell', '50'],
      ['buy', '12.3456789'],
      ['sell', '20'],
      ['buy', '5'],
      ['sell', '1.25'],
    ];
    for (const [side, amount] of trades) {
      const fn = side === 'buy' ? 'execute_usdt_buy' : 'execute_usdt_sell';
      const price = side === 'buy' ? BUY_PRICE : SELL_PRICE;
      await tx.query(`SELECT id FROM ${fn}($1::uuid, $2::numeric, $3::numeric)`, [
        userId,
        amount,
        price,
      ]);
    }
    return { created: true, userId };
  });
}
