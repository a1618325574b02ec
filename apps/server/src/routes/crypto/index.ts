import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAIN_DEPOSITS_LIMIT,
  CHAIN_WITHDRAWALS_LIMIT,
  chainAssets,
  chainDepositsResponseSchema,
  chainWithdrawalDetailResponseSchema,
  chainWithdrawalResponseSchema,
  chainWithdrawalsResponseSchema,
  createChainWithdrawalRequestSchema,
  cryptoWalletResponseSchema,
  depositAddressResponseSchema,
  faucetRequestSchema,
  faucetResponseSchema,
  idempotencyHeadersSchema,
} from '@sikka/contracts';
import { requireSecondFactor, requireWithdrawalsOpen } from '../../auth/step-up.ts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import { depositAddressFor, recentChainDeposits } from '../../money/chain-deposits.ts';
import {
  cancelChainWithdrawal,
  chainOf,
  cryptoWalletState,
  getOwnChainWithdrawal,
  listOwnChainWithdrawals,
  requestChainWithdrawal,
} from '../../money/chain-withdrawals.ts';
import { requireWallet, sendFromFaucet } from '../../money/crypto-wallet.ts';

const idParams = z.object({ id: z.string() });

/** /api/crypto: the signed-in user's USDT and ETH on the EVM chain (ADR 015, ADR 016). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);
  /** The chain the views name, or the 503 of a server without one. */
  const chain = () => chainOf(requireWallet(app.cryptoWallet), app.config.CHAIN_CONFIRMATIONS);

  app.get(
    '/deposit-address',
    { schema: { response: { 200: depositAddressResponseSchema, ...errors(401, 403, 503) } } },
    async (request) => {
      const user = requireUser(request);
      const wallet = requireWallet(app.cryptoWallet);
      const { address, chainId } = await depositAddressFor(app.db, wallet.adapter, user.id);
      return {
        network: wallet.network,
        chainId,
        assets: [...chainAssets],
        address,
        minimumConfirmations: app.config.CHAIN_CONFIRMATIONS,
        faucet: wallet.devChain !== null,
      };
    },
  );

  app.get(
    '/deposits',
    { schema: { response: { 200: chainDepositsResponseSchema, ...errors(401, 503) } } },
    async (request) => {
      const user = requireUser(request);
      requireWallet(app.cryptoWallet);
      return {
        deposits: await recentChainDeposits(
          app.db,
          user.id,
          app.config.CHAIN_CONFIRMATIONS,
          CHAIN_DEPOSITS_LIMIT,
        ),
      };
    },
  );

  app.post(
    '/faucet',
    {
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        body: faucetRequestSchema,
        response: { 200: faucetResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return sendFromFaucet(app.db, app.cryptoWallet, user.id, request.body);
    },
  );

  app.get(
    '/wallet',
    { schema: { response: { 200: cryptoWalletResponseSchema, ...errors(401, 503) } } },
    async (request) => {
      const user = requireUser(request);
      return cryptoWalletState(app.db, user.id, chain());
    },
  );

  app.get(
    '/withdrawals',
    { schema: { response: { 200: chainWithdrawalsResponseSchema, ...errors(401, 503) } } },
    async (request) => {
      const user = requireUser(request);
      return {
        withdrawals: await listOwnChainWithdrawals(
          app.db,
          user.id,
          chain(),
          CHAIN_WITHDRAWALS_LIMIT,
        ),
      };
    },
  );

  // Another user's id answers like an unknown one.
  app.get(
    '/withdrawals/:id',
    {
      schema: {
        params: idParams,
        response: { 200: chainWithdrawalDetailResponseSchema, ...errors(401, 404, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        withdrawal: await getOwnChainWithdrawal(app.db, user.id, request.params.id, chain()),
      };
    },
  );

  app.post(
    '/withdrawals',
    {
      config: { rateLimit: moneyRateLimit(app.config) },
      // Money leaves the account here: a verified e-mail, and the second factor again when on.
      preHandler: [requireWithdrawalsOpen(app), requireSecondFactor(app)],
      schema: {
        headers: idempotencyHeadersSchema,
        body: createChainWithdrawalRequestSchema,
        response: { 201: chainWithdrawalResponseSchema, ...errors(401, 403, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const wallet = requireWallet(app.cryptoWallet);
      const answer = await requestChainWithdrawal(
        app.db,
        user.id,
        request.headers['idempotency-key'],
        request.body,
        chain(),
        wallet.adapter,
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.post(
    '/withdrawals/:id/cancel',
    {
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        params: idParams,
        headers: idempotencyHeadersSchema,
        response: { 200: chainWithdrawalResponseSchema, ...errors(401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await cancelChainWithdrawal(
        app.db,
        user.id,
        request.params.id,
        request.headers['idempotency-key'],
        chain(),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(answer.body);
    },
  );
};

export default routes;
