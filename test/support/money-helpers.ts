import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../apps/server/src/db/index.ts';
import { signUp, verifyKyc } from './app.ts';

/** Small HTTP helpers for the money tests; everything goes through the real routes. */
export function api(app: FastifyInstance) {
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, cookie?: string) => send('GET', url, cookie),
    post: (
      url: string,
      cookie: string | undefined,
      payload?: unknown,
      headers?: Record<string, string>,
    ) => send('POST', url, cookie, payload, headers),
    put: (
      url: string,
      cookie: string | undefined,
      payload?: unknown,
      headers?: Record<string, string>,
    ) => send('PUT', url, cookie, payload, headers),
  };
}

let utrCounter = 0;
/** A fresh, valid UTR (12 characters, like an IMPS reference). */
export function utr(): string {
  utrCounter += 1;
  return `UTR${String(Date.now() % 1e6).padStart(6, '0')}${String(utrCounter).padStart(3, '0')}`;
}

/** Requests a deposit as the user and has the admin approve it; returns the deposit id. */
export async function fund(
  app: FastifyInstance,
  userCookie: string,
  adminCookie: string,
  amount: string,
) {
  const http = api(app);
  const created = await http.post('/api/deposits', userCookie, { amount, utrNumber: utr() });
  if (created.statusCode !== 201)
    throw new Error(`deposit failed: ${created.statusCode} ${created.body}`);
  const id = created.json().deposit.id as string;
  const approved = await http.post(`/api/admin/deposits/${id}/approve`, adminCookie);
  if (approved.statusCode !== 200)
    throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return id;
}

/** Runs `tasks` with at most `limit` in flight at once. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * A user whose KYC (with bank details, masked as the KYC keeps them) is verified: migration
 * 014 makes that account their first verified withdrawal account, whose id is returned.
 */
export async function verifiedWithBank(app: FastifyInstance) {
  const user = await signUp(app);
  await app.db.query(
    `UPDATE users SET bank_account_number = 'XXXXXXXX1234', bank_ifsc_code = 'SBIN0001234',
            bank_name = 'State Bank of India' WHERE id = $1`,
    [user.id],
  );
  await verifyKyc(app.db, user.id);
  const res = await api(app).get('/api/me/bank-accounts', user.cookie);
  return { ...user, accountId: res.json().bankAccounts[0].id as string };
}

/** Gives a user coins or INR from the house, through the money function the market maker uses. */
export async function fundFromHouse(
  db: Db,
  userId: string,
  asset: string,
  amount: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT spot_fund_account($1, $2, $3::numeric)', [userId, asset, amount]);
  });
}
