import { accountNotifier, type AccountNotifier } from './notifications/account-events.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { healthResponseSchema, WS_MAX_MESSAGE_BYTES } from '@sikka/contracts';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { pgRateLimitStore } from './http/pg-rate-limit-store.ts';
import { frameworkErrorReply, installErrorHandlers } from './http/errors.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { installCoinIcons } from './http/coin-icons.ts';
import { documentCommonErrors, OPENAPI_TAGS } from './http/schemas.ts';
import { installCacheControl } from './http/cache-control.ts';
import { installOriginPolicy } from './http/origins.ts';
import { installStatic } from './http/static.ts';
import { authPlugin } from './auth/plugin.ts';
import { ensureAdmin } from './users/admin-bootstrap.ts';
import { loadVaultKey, type VaultKey } from './kyc/vault.ts';
import { sealPlainAccountNumbers } from './money/account-numbers.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import authRoutes from './routes/auth/index.ts';
import meRoutes from './routes/me/index.ts';
import adminRoutes from './routes/admin/index.ts';
import depositRoutes from './routes/deposits/index.ts';
import tradeRoutes from './routes/trades/index.ts';
import statementRoutes from './routes/statement/index.ts';
import tdsRoutes from './routes/tds/index.ts';
import { recordDayOpens } from './money/overview.ts';
import withdrawalRoutes from './routes/withdrawals/index.ts';
import bankAccountRoutes from './routes/me/bank-accounts.ts';
import watchlistRoutes from './routes/me/watchlist.ts';
import type { UsdtInrRateSource } from './money/rate.ts';
import marketRoutes from './routes/market/index.ts';
import { marketPlugin } from './market/plugin.ts';
import { realtimePlugin, realtimeSocketErrorHandler } from './realtime/plugin.ts';
import kycRoutes from './routes/kyc/index.ts';
import spotRoutes from './routes/spot/index.ts';
import { spotPlugin } from './spot/plugin.ts';
import cryptoRoutes from './routes/crypto/index.ts';
import accountRoutes from './routes/auth/account.ts';
import securityRoutes from './routes/auth/security.ts';
import newsletterRoutes from './routes/newsletter/index.ts';
import notificationRoutes from './routes/notifications/index.ts';
import devRoutes from './routes/dev/index.ts';
import { Mailer } from './mail/mailer.ts';
import { openCryptoWallet, type CryptoWallet } from './money/crypto-wallet.ts';
import type { DevChain } from './chain/dev-chain.ts';
import { KYC_MULTIPART_LIMITS } from './kyc/form.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The server's clock; tests replace it to move time (session expiry, limits). */
    clock: () => Date;
    /** The vault key (Aadhaar and bank account numbers), loaded once at start-up. */
    vault: VaultKey;
    /** The USDT wallet's chain and deposit watcher; null when EVM_CHAIN=off (ADR 015). */
    cryptoWallet: CryptoWallet | null;
    /** Sends the product's mail through the outbox (ADR 017). */
    mailer: Mailer;
    /** Tells a user of a decision on their account: an in-app notice and a mail, in one transaction. */
    notifyAccount: AccountNotifier;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share a cluster). */
  db?: Db;
  clock?: () => Date;
  /** Fixes or moves the USDT/INR rate of quick trades (tests, benchmarks); default: the market feed. */
  usdtInrRate?: UsdtInrRateSource;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /**
   * An already-started dev chain (tests): the crypto wallet runs on it whatever EVM_CHAIN
   * says, and the app leaves stopping it to the caller.
   */
  devChain?: DevChain;
  /** false: the deposit watcher is not started (tests step `app.cryptoWallet.watcher`). */
  watchDeposits?: boolean;
}

/** The one factory used by the server entry, the tests and the benchmarks. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: (err, _request, reply) => frameworkErrorReply(err, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? (await openDb(config, (msg) => app.log.info(msg)));
  const ownsDb = !options.db;
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('usdtInrRateOverride', options.usdtInrRate ?? null);
  app.addHook('onClose', async () => {
    if (ownsDb) await db.close();
  });

  await migrate(db);
  // A bad key stops the server here; the plain numbers migration 016 could not seal are sealed now.
  const vault = await loadVaultKey(config);
  app.decorate('vault', vault);
  const sealed = await sealPlainAccountNumbers(db, vault);
  if (sealed > 0) app.log.info({ sealed }, 'sealed plain bank account numbers (migration 016)');
  await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, app.log);
  await scheduleHousekeeping(app);
  const mailer = new Mailer(config, db, app.clock, app.log.child({ module: 'mail' }));
  app.decorate('mailer', mailer);
  const notifyAccount = accountNotifier(
    mailer,
    app.clock,
    () => app.publicOrigins.list()[0] ?? `http://${config.HOST}:${config.PORT}`,
  );
  app.decorate('notifyAccount', notifyAccount);
  mailer.start();
  // preClose: a send in flight needs the database, which an onClose hook closes.
  app.addHook('preClose', async () => {
    await mailer.stop();
  });

  const cryptoWallet = await openCryptoWallet({
    config,
    db,
    logger: app.log,
    notify: notifyAccount,
    ...(options.devChain ? { devChain: options.devChain } : {}),
    ...(options.watchDeposits === false ? { watch: false } : {}),
  });
  app.decorate('cryptoWallet', cryptoWallet);
  if (cryptoWallet) {
    app.log.info(
      {
        network: cryptoWallet.network,
        chainId: cryptoWallet.adapter.chainId,
        ...(cryptoWallet.devChain
          ? { rpcUrl: cryptoWallet.devChain.rpcUrl, usdt: cryptoWallet.devChain.usdt }
          : {}),
      },
      cryptoWallet.devChain
        ? `local dev chain running at ${cryptoWallet.devChain.rpcUrl}`
        : 'crypto wallet connected',
    );
    // preClose: the watcher's last step needs the database, which an onClose hook closes.
    app.addHook('preClose', async () => {
      await cryptoWallet.close();
    });
  }

  // Built once: @fastify/helmet builds helmet's middleware (and parses the CSP) again for every
  // request, about 13 µs each on the order routes' hot path.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Coin icons are ours too (http/coin-icons.ts): no image comes from elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Camera for the KYC selfie is needed by our own pages only.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) =>
      done(err instanceof Error ? err : undefined),
    );
  });
  await app.register(fastifyCookie);
  // Counters in PostgreSQL, so a limit holds across instances (docs/scaling.md); the embedded
  // PGlite serves one process, whose memory is the cheaper place for them.
  const rateLimitStore = db.kind === 'postgres' ? pgRateLimitStore(db) : null;
  if (rateLimitStore) app.addHook('onClose', async () => rateLimitStore.stop());
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitStore ? { store: rateLimitStore.store } : {}),
  });
  // Before any route, so every route answers an upgrade attempt properly; bigger client
  // messages close the socket (1009).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_MESSAGE_BYTES },
    errorHandler: realtimeSocketErrorHandler,
  });
  // Only /api/kyc accepts multipart (the CSRF guard refuses it elsewhere); files are read per request.
  await app.register(fastifyMultipart, { limits: KYC_MULTIPART_LIMITS });
  // Before the routes and the document: each route's errors are completed as it is added.
  documentCommonErrors(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sikka API',
        description: 'Retail crypto exchange and wallet for India',
        version: '1.0.0',
      },
      tags: OPENAPI_TAGS,
    },
    transform: jsonSchemaTransform,
  });

  installErrorHandlers(app);
  installOriginPolicy(app, config);
  installCsrfGuard(app);
  installCacheControl(app);
  await app.register(authPlugin);

  // The same for everyone: exempt from the no-store rule of http/cache-control.ts.
  const sessionIndependent = { sessionIndependent: true };
  app.get(
    '/api/health',
    { config: sessionIndependent, schema: { response: { 200: healthResponseSchema } } },
    async () => ({ ok: true as const }),
  );
  app.get('/api/openapi.json', { config: sessionIndependent, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/auth' });
  await app.register(securityRoutes, { prefix: '/api/auth' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
  await app.register(devRoutes, { prefix: '/api/dev' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(depositRoutes, { prefix: '/api/deposits' });
  await app.register(tradeRoutes, { prefix: '/api/trades' });
  await app.register(withdrawalRoutes, { prefix: '/api/withdrawals' });
  await app.register(bankAccountRoutes, { prefix: '/api/me/bank-accounts' });
  await app.register(watchlistRoutes, { prefix: '/api/me/watchlist' });
  await app.register(statementRoutes, { prefix: '/api/statement' });
  await app.register(tdsRoutes, { prefix: '/api/tds' });
  await app.register(marketPlugin);
  recordDayOpens(app);
  await app.register(marketRoutes, { prefix: '/api/market' });
  await app.register(realtimePlugin);
  await app.register(spotPlugin);
  await app.register(spotRoutes, { prefix: '/api/spot' });
  await app.register(kycRoutes, { prefix: '/api/kyc' });
  await app.register(cryptoRoutes, { prefix: '/api/crypto' });

  installCoinIcons(app);
  await installStatic(app, config.WEB_DIST);
  return app;
}
