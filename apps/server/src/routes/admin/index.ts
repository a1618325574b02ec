import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminHook } from '../../auth/plugin.ts';
import { notFound } from '../../domain-error.ts';
import { ADMIN_TAG, errors } from '../../http/schemas.ts';
import adminDepositsRoutes from './deposits.ts';
import adminTradesRoutes from './trades.ts';
import adminUsersRoutes from './users.ts';
import adminAuditRoutes from './audit.ts';
import adminTdsRoutes from './tds.ts';
import adminWithdrawalsRoutes from './withdrawals.ts';
import adminBankAccountsRoutes from './bank-accounts.ts';
import adminCryptoWithdrawalsRoutes from './crypto-withdrawals.ts';
import adminSpotRoutes from './spot.ts';

/**
 * Everything under /api/admin: one guard for the whole folder (401 signed out, 403 for
 * non-admins), decided on the server from the session. Feature routes register inside.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Documented apart (the OpenAPI tag ADMIN_TAG, its own section of /api-docs), with the
  // guard's answers: every admin route can refuse with 401 and 403.
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema?.response || schema.hide) return;
    schema.tags = [ADMIN_TAG];
    schema.response = { ...errors(401, 403), ...(schema.response as object) };
  });
  // onRequest (after the session loader of the root), so a non-admin never reaches
  // validation either: a bad query from a stranger is 401/403, not a 400 that describes it.
  app.addHook('onRequest', requireAdminHook);
  for (const register of adminRouteModules) await app.register(register);
  // Unknown admin paths still pass the guard first, so they reveal nothing to non-admins.
  app.all('/*', { schema: { hide: true } }, async () => {
    throw notFound();
  });
};

/** Admin feature modules; each registers routes relative to /api/admin. */
export const adminRouteModules: FastifyPluginAsyncZod[] = [
  adminUsersRoutes,
  adminDepositsRoutes,
  adminTradesRoutes,
  adminAuditRoutes,
  adminWithdrawalsRoutes,
  adminBankAccountsRoutes,
  adminCryptoWithdrawalsRoutes,
  adminTdsRoutes,
  adminSpotRoutes,
];

export default routes;
