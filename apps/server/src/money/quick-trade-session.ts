import type { QuickTradeResponse } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import type { StoredAnswer } from './idempotency.ts';
import {
  quickTradeArgs,
  quickTradeError,
  quickTradeInput,
  type QuickTradeOrder,
} from './trades.ts';

/**
 * What the session and the per-user budget decide before a quick trade (migration 026), in
 * the words of the auth hook and the rate-limit plugin they replace on this route.
 */
export interface SessionGate {
  /** the session's user; undefined when the token names no live session (401) */
  userId: string | undefined;
  /** the user's money requests in the current window, this one included */
  hits: number;
  /** milliseconds until the window ends */
  ttlMs: number;
}

/** Where the session and the budget are found: the token's hash and the route's counter. */
export interface GateInput {
  tokenHash: string;
  /** the server's clock (app.clock), against which sessions expire */
  now: Date;
  /** "last seen" moves at most this often (LAST_SEEN_RESOLUTION_MS) */
  touchMs: number;
  /** the rate-limit store's key of this route, before the user id (rateLimitKeyPrefix) */
  limitPrefix: string;
  limitMax: number;
  limitWindowMs: number;
}

export type SessionQuickTrade =
  | { kind: 'signed-out' }
  | { kind: 'limited'; gate: SessionGate }
  | { kind: 'answered'; gate: SessionGate; answer: StoredAnswer<QuickTradeResponse> };

type GateRow = {
  o_user_id: string | null;
  o_hits: number | null;
  o_ttl_ms: number | null;
};

function toGate(row: GateRow | undefined): SessionGate {
  return {
    userId: row?.o_user_id ?? undefined,
    hits: row?.o_hits ?? 0,
    ttlMs: row?.o_ttl_ms ?? 0,
  };
}

/**
 * The session and the budget alone, for a request refused before its trade (a body that
 * fails validation): the session's user (touched) and the request counted, as the auth hook
 * and the rate-limit plugin did for every request.
 */
export async function quickTradeGate(db: Queryable, gate: GateInput): Promise<SessionGate> {
  const rows = await db.query<GateRow>(
    'SELECT o_user_id::text AS o_user_id, o_hits, o_ttl_ms FROM quick_trade_gate($1, $2, $3, $4, $5)',
    [gate.tokenHash, gate.now, gate.touchMs, gate.limitPrefix, gate.limitWindowMs],
  );
  return toGate(rows[0]);
}

/**
 * A quick trade in one round trip (quick_trade_for_session, migration 026): the session, the
 * user's budget and quick_trade in one statement. The order is the session's user's: the
 * caller passes everything of QuickTradeOrder but the user. A refusal the function returns
 * (it catches the trade's error so that the count commits) is thrown as the same domain
 * error a raised one would have been.
 */
export async function quickTradeForSession(
  db: Queryable,
  gate: GateInput,
  order: Omit<QuickTradeOrder, 'userId'>,
): Promise<SessionQuickTrade> {
  const input = quickTradeInput({ ...order, userId: '' });
  const rows = await db.query<
    GateRow & {
      o_replayed: boolean | null;
      o_status: number | null;
      o_body: QuickTradeResponse | null;
      o_error_code: string | null;
      o_error_message: string | null;
    }
  >(
    `SELECT o_user_id::text AS o_user_id, o_hits, o_ttl_ms, o_replayed, o_status, o_body,
            o_error_code, o_error_message
       FROM quick_trade_for_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11::numeric,
                                    $12, $13::numeric, $14::numeric, $15::numeric)`,
    [
      gate.tokenHash,
      gate.now,
      gate.touchMs,
      gate.limitPrefix,
      gate.limitMax,
      gate.limitWindowMs,
      ...quickTradeArgs(input),
    ],
    // The hottest statement of the API: parsed and planned once per connection (ADR 026).
    { prepareAs: 'quick_trade_for_session_026' },
  );
  const row = rows[0];
  const result = toGate(row);
  if (!result.userId) return { kind: 'signed-out' };
  if (result.hits > gate.limitMax) return { kind: 'limited', gate: result };
  if (row?.o_error_code) {
    // The error as the driver would have given it, had the function raised it.
    const err = Object.assign(new Error(row.o_error_message ?? ''), { code: row.o_error_code });
    throw quickTradeError(err, input) ?? err;
  }
  return {
    kind: 'answered',
    gate: result,
    answer: { status: row!.o_status!, body: row!.o_body!, replayed: row!.o_replayed === true },
  };
}
