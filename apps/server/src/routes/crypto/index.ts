import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAIN_DEPOSITS_LIMIT,
  chainDepositsResponseSchema,
  depositAddressResponseSchema,
  faucetRequestSchema,
  faucetResponseSchema,
} from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errorResponses } from '../../http/schemas.ts';
import { depositAddressFor, recentChainDeposits } from '../../money/chain-deposits.ts';
import { requireWallet, sendFromFaucet } from '../../money/crypto-wallet.ts';

/** /api/crypto: the signed-in user's USDT deposits on the EVM chain (ADR 015, phase 3). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.get(
    '/deposit-address',
    { schema: { response: { 200: depositAddressResponseSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const wallet = requireWallet(app.cryptoWallet);
      const { address, chainId } = await depositAddressFor(app.db, wallet.adapter, user.id);
      return {
        network: wallet.network,
        chainId,
        assets: ['USDT' as const],
        address,
        minimumConfirmations: app.config.CHAIN_CONFIRMATIONS,
        faucet: wallet.devChain !== null,
      };
    },
  );

  app.get(
    '/deposits',
    { schema: { response: { 200: chainDepositsResponseSchema, ...errorResponses } } },
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
        response: { 200: faucetResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return sendFromFaucet(app.db, app.cryptoWallet, user.id, request.body);
    },
  );
};

export default routes;
