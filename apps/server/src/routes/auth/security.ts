import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  antiPhishingCodeRequestSchema,
  backupCodesResponseSchema,
  messageResponseSchema,
  messages,
  passkeyRegisterRequestSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyResponseSchema,
  securityOverviewSchema,
  SESSION_COOKIE,
  SIGN_IN_HISTORY_DAYS,
  signedOutResponseSchema,
  signInHistoryQuerySchema,
  signInHistoryResponseSchema,
  sessionsResponseSchema,
  stepUpPasskeyOptionsSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
  webauthnOptionsSchema,
} from '@sikka/contracts';
import { requireSessionId, requireUser, requireUserHook } from '../../auth/plugin.ts';
import {
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  stepUpOptions,
} from '../../auth/passkeys.ts';
import { setAntiPhishingCode } from '../../auth/anti-phishing.ts';
import { listSessions, revokeOtherSessions, revokeSession } from '../../auth/session-list.ts';
import { listSignIns } from '../../auth/sign-ins.ts';
import { requireCurrentPassword } from '../../auth/passwords.ts';
import { requireSecondFactor } from '../../auth/step-up.ts';
import {
  disableTotp,
  enableTotp,
  regenerateBackupCodes,
  securityOverview,
  setUpTotp,
  type SettingsContext,
} from '../../auth/totp-settings.ts';
import { clientInfo, siteOrigin } from '../../http/client.ts';
import { errors } from '../../http/schemas.ts';

const idParams = z.object({ id: z.string().max(200) });

/**
 * The signed-in user's security settings (issue 16, ADR 017): two-factor, passkeys, sessions
 * and sign-in history. Changes that weaken or widen access ask for the second factor again.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUserHook);
  const stepUp = requireSecondFactor(app);
  const ctx = (request: FastifyRequest): SettingsContext => ({
    db: app.db,
    vault: app.vault,
    mailer: app.mailer,
    now: app.clock(),
    ip: clientInfo(request).ip,
    origin: siteOrigin(app, request),
  });

  app.get(
    '/security',
    { schema: { response: { 200: securityOverviewSchema, ...errors(401) } } },
    async (request) => securityOverview(app.db, requireUser(request)),
  );

  app.post(
    '/two-factor/totp/setup',
    {
      schema: {
        description: 'A new TOTP secret to scan; nothing changes until a code from it is typed.',
        response: { 200: totpSetupResponseSchema, ...errors(401, 409) },
      },
    },
    async (request) => setUpTotp(ctx(request), requireUser(request)),
  );

  app.post(
    '/two-factor/totp/enable',
    {
      schema: {
        description:
          'Turns TOTP on with a code from the new secret; answers the backup codes, once.',
        body: totpEnableRequestSchema,
        response: { 200: backupCodesResponseSchema, ...errors(400, 401, 409) },
      },
    },
    async (request) => ({
      backupCodes: await enableTotp(ctx(request), requireUser(request), request.body.code),
    }),
  );

  app.post(
    '/two-factor/totp/disable',
    {
      schema: {
        description: 'Turns TOTP off (asks for a code).',
        response: { 200: messageResponseSchema, ...errors(401, 403, 409, 429) },
      },
      preHandler: stepUp,
    },
    async (request) => {
      await disableTotp(ctx(request), requireUser(request));
      return { message: messages.security.totpDisabled };
    },
  );

  app.put(
    '/anti-phishing-code',
    {
      schema: {
        description:
          'Sets the anti-phishing code every mail to the account shows at its top, or removes it with null (asks for the second factor when it is on); a notice is mailed.',
        body: antiPhishingCodeRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 409, 429) },
      },
      preHandler: stepUp,
    },
    async (request) => {
      const { code } = request.body;
      await setAntiPhishingCode(ctx(request), requireUser(request), code);
      return {
        message:
          code === null
            ? messages.security.antiPhishingCodeRemoved
            : messages.security.antiPhishingCodeSet(code),
      };
    },
  );

  app.post(
    '/two-factor/backup-codes',
    {
      schema: {
        description: 'A new set of backup codes (asks for a code); the old ones stop working.',
        response: { 200: backupCodesResponseSchema, ...errors(401, 403, 409, 429) },
      },
      preHandler: stepUp,
    },
    async (request) => ({
      backupCodes: await regenerateBackupCodes(ctx(request), requireUser(request)),
    }),
  );

  app.post(
    '/passkeys/registration-options',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MIN, timeWindow: 60_000 } },
      schema: {
        description:
          'Starts adding a passkey: asks for the current password, and for a code when TOTP is on.',
        body: passkeyRegistrationOptionsRequestSchema,
        response: { 200: webauthnOptionsSchema, ...errors(400, 401, 403, 429) },
      },
      preHandler: stepUp,
    },
    async (request) => {
      const user = requireUser(request);
      await requireCurrentPassword(user, request.body.currentPassword);
      return registrationOptions(app.db, user, relyingParty(request.headers.origin), app.clock());
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        description: 'Stores the passkey the browser made for the last registration options.',
        body: passkeyRegisterRequestSchema,
        response: { 201: passkeyResponseSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(
        ctx(request),
        requireUser(request),
        relyingParty(request.headers.origin),
        request.body,
      );
      return reply.code(201).send({ passkey });
    },
  );

  app.post(
    '/step-up/passkey-options',
    {
      schema: {
        description:
          'WebAuthn request options for confirming a step-up with one of the user’s passkeys ' +
          '(then sent in X-Two-Factor-Passkey); null when the user has none.',
        response: { 200: stepUpPasskeyOptionsSchema, ...errors(400, 401) },
      },
    },
    async (request) => ({
      options: await stepUpOptions(
        app.db,
        requireUser(request).id,
        relyingParty(request.headers.origin),
        app.clock(),
      ),
    }),
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        description: 'Removes one of the user’s passkeys (asks for a code when TOTP is on).',
        params: idParams,
        response: { 204: z.null(), ...errors(401, 403, 404, 429) },
      },
      preHandler: stepUp,
    },
    async (request, reply) => {
      await removePasskey(
        app.db,
        requireUser(request).id,
        request.params.id,
        clientInfo(request).ip,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sessions',
    { schema: { response: { 200: sessionsResponseSchema, ...errors(401) } } },
    async (request) => ({
      sessions: await listSessions(
        app.db,
        requireUser(request).id,
        requireSessionId(request),
        app.clock(),
      ),
    }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        description: 'Signs one of the user’s sessions out (this one included).',
        params: idParams,
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await revokeSession(
        app.db,
        requireUser(request).id,
        request.params.id,
        clientInfo(request).ip,
      );
      if (request.params.id === request.sessionId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      schema: {
        description: 'Signs out every session of the user but this one.',
        response: { 200: signedOutResponseSchema, ...errors(401) },
      },
    },
    async (request) => ({
      signedOut: await revokeOtherSessions(
        app.db,
        requireUser(request).id,
        requireSessionId(request),
        clientInfo(request).ip,
      ),
    }),
  );

  app.get(
    '/sign-ins',
    {
      schema: {
        description: 'The user’s sign-in attempts of the last 90 days, newest first.',
        querystring: signInHistoryQuerySchema,
        response: { 200: signInHistoryResponseSchema, ...errors(401) },
      },
    },
    async (request) =>
      listSignIns(
        app.db,
        requireUser(request).id,
        request.query.page,
        app.clock(),
        SIGN_IN_HISTORY_DAYS,
      ),
  );
};

export default routes;
