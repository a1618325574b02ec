import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminChainWithdrawalResponseSchema,
  adminChainWithdrawalsQuerySchema,
  adminChainWithdrawalsResponseSchema,
  rejectChainWithdrawalRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import type { AuditActor } from '../../audit/audit-log.ts';
import type { Db } from '../../db/index.ts';
import { errors } from '../../http/schemas.ts';
import {
  chainOf,
  decideChainWithdrawal,
  getAdminChainWithdrawal,
  listAdminChainWithdrawals,
  type ChainWithdrawalDecision,
} from '../../money/chain-withdrawals.ts';
import { requireWallet } from '../../money/crypto-wallet.ts';
import { adminPage, decisionHandler, decisionSchema, idParams } from './route-helpers.ts';

/**
 * /api/admin/crypto-withdrawals: every user's crypto withdrawals, one of them, and the
 * decisions: approve (queued for the hot wallet, which signs and sends it) or reject (the hold
 * goes back). Reject works while pending or approved and not yet signed; approve while pending,
 * or again for an approved one the sender gave up on (tried afresh). Otherwise 409
 * invalid_state. An Idempotency-Key replays a retry.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminHook);
  // A record: unknown ids are 404; a decision also 409 once decided, 422 for a reused key.
  const found = { 200: adminChainWithdrawalResponseSchema, ...errors(404, 503) };
  const decided = { 200: adminChainWithdrawalResponseSchema, ...errors(404, 409, 422, 503) };
  const chain = () => chainOf(requireWallet(app.cryptoWallet), app.config.CHAIN_CONFIRMATIONS);
  const decide = decisionHandler(
    app.db,
    async (
      db: Db,
      admin: AuditActor,
      id: string,
      key: string | undefined,
      d: ChainWithdrawalDecision,
    ) => {
      const answer = await decideChainWithdrawal(db, admin, id, key, d, chain(), app.notifyAccount);
      // An approval (or a retry) is signed and sent at once, not after the sender's next pause.
      if (d.kind === 'approve') app.cryptoWallet?.sender.poke();
      return answer;
    },
  );

  app.get(
    '/crypto-withdrawals',
    {
      schema: {
        querystring: adminChainWithdrawalsQuerySchema,
        response: { 200: adminChainWithdrawalsResponseSchema, ...errors(503) },
      },
    },
    async (request) =>
      adminPage(request.query, await listAdminChainWithdrawals(app.db, request.query, chain())),
  );

  app.get(
    '/crypto-withdrawals/:id',
    { schema: { params: idParams, response: found } },
    async (request) => ({
      withdrawal: await getAdminChainWithdrawal(app.db, request.params.id, chain()),
    }),
  );

  app.post(
    '/crypto-withdrawals/:id/approve',
    {
      schema: { ...decisionSchema, body: z.strictObject({}).optional(), response: decided },
    },
    (request, reply) => decide(request, reply, { kind: 'approve' }),
  );

  app.post(
    '/crypto-withdrawals/:id/reject',
    { schema: { ...decisionSchema, body: rejectChainWithdrawalRequestSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
