import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, idempotencyHeadersSchema } from '@sikka/contracts';
import { requireUser } from '../../auth/plugin.ts';
import type { AuditActor } from '../../audit/audit-log.ts';
import type { Db } from '../../db/index.ts';
import type { StoredAnswer } from '../../money/idempotency.ts';

/** An admin list's answer: one page of items with the exact count, the page and its size. */
export const adminPage = <T>(query: { page: number }, list: { items: T[]; total: number }) => ({
  items: list.items,
  total: list.total,
  page: query.page,
  pageSize: ADMIN_PAGE_SIZE,
});

/** The record in the path; a malformed id is the domain's not found, like an unknown one. */
export const idParams = z.object({ id: z.string() });

/** What every decision route declares besides its body and answer: the record, the admin's key. */
export const decisionSchema = { params: idParams, headers: idempotencyHeadersSchema };

type DecisionRequest = FastifyRequest & {
  params: { id: string };
  headers: { 'idempotency-key'?: string | undefined };
};

/**
 * The handler of an admin decision on one record (a withdrawal, a bank account): the admin
 * from the session, the record from the path, the Idempotency-Key from the header; a replay
 * of the first answer says so in `Idempotent-Replayed`.
 */
export function decisionHandler<D, B>(
  db: Db,
  decide: (
    db: Db,
    admin: AuditActor,
    recordId: string,
    key: string | undefined,
    decision: D,
  ) => Promise<StoredAnswer<B>>,
) {
  return async (request: DecisionRequest, reply: FastifyReply, decision: D): Promise<B> => {
    const admin = { id: requireUser(request).id, ip: request.ip };
    const { id } = request.params;
    const answer = await decide(db, admin, id, request.headers['idempotency-key'], decision);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return answer.body;
  };
}
