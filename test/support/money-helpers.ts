import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';

/** Small HTTP helpers for the money tests; everything goes through the real routes. */
export function api(app: FastifyInstance) {
  const send = (
    method: 'GET' | 'POST',
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
