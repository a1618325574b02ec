import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmEmailChangeResponseSchema,
  forgotPasswordRequestSchema,
  freezeAccountRequestSchema,
  freezeAccountResponseSchema,
  freezeLinkCheckResponseSchema,
  messageResponseSchema,
  messages,
  resetPasswordRequestSchema,
  SESSION_COOKIE,
  verifyEmailRequestSchema,
} from '@sikka/contracts';
import {
  checkFreezeLink,
  freezeByLink,
  freezeOwnAccount,
  type FreezeContext,
} from '../../auth/account-freeze.ts';
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
  type LinkContext,
} from '../../auth/email-links.ts';
import { requireSessionId, requireUser, requireUserHook } from '../../auth/plugin.ts';
import { requireSecondFactor } from '../../auth/step-up.ts';
import { clientInfo, siteOrigin } from '../../http/client.ts';
import { errors } from '../../http/schemas.ts';

/**
 * /api/auth/password/* and /api/auth/email/*: forgotten passwords, password changes, e-mail
 * verification and e-mail changes, by one-time links (ADR 017, ADR 033). Rate-limited per address like sign-in.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const limit = {
    rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MIN, timeWindow: 60_000 },
  };
  const freezeCtx = (request: FastifyRequest): FreezeContext => ({
    ...ctx(request),
    spot: app.spot?.exchange ?? null,
    sessionUserId: request.user?.id ?? null,
  });
  const ctx = (request: FastifyRequest): LinkContext => ({
    db: app.db,
    mailer: app.mailer,
    origin: siteOrigin(app, request),
    now: app.clock(),
    ip: clientInfo(request).ip,
  });

  app.post(
    '/password/forgot',
    {
      schema: {
        description:
          'Mails a single-use link (30 minutes) when an account has this e-mail. The answer is the same either way.',
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema, ...errors() },
      },
      config: limit,
    },
    async (request, reply) => {
      const context = ctx(request);
      // Answered before the look-up, so the answer and its timing are the same for every
      // e-mail; the work (and any failure) happens after, and is logged.
      setImmediate(() => {
        requestPasswordReset(context, request.body.email).catch((err: unknown) =>
          request.log.error({ err }, 'password reset request failed'),
        );
      });
      return reply.code(202).send({ message: messages.security.forgotSent });
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        description: 'Sets a new password with a reset link; every session of the account ends.',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400) },
      },
      config: limit,
    },
    async (request) => {
      await resetPassword(ctx(request), request.body.token, request.body.password);
      return { message: messages.security.passwordReset };
    },
  );

  app.post(
    '/password/change',
    {
      schema: {
        description:
          'Changes the password (the current one is needed); the other sessions end. Asks for the second factor when it is on.',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 429) },
      },
      config: limit,
      preHandler: [requireUserHook, requireSecondFactor(app)],
    },
    async (request) => {
      const user = requireUser(request);
      await changePassword(ctx(request), user, requireSessionId(request), request.body);
      return { message: messages.security.passwordChanged };
    },
  );

  app.post(
    '/email/verify',
    {
      schema: {
        description: 'Follows an e-mail verification link (signed in or not).',
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400) },
      },
      config: limit,
    },
    async (request) => {
      await verifyEmail(ctx(request), request.body.token);
      return { message: messages.security.emailVerified };
    },
  );

  app.post(
    '/email/resend',
    {
      schema: {
        description: 'Sends a new verification link to the signed-in user’s e-mail.',
        response: { 202: messageResponseSchema, ...errors(401, 409, 429) },
      },
      config: limit,
      preHandler: requireUserHook,
    },
    async (request, reply) => {
      await resendVerification(ctx(request), requireUser(request));
      return reply.code(202).send({ message: messages.security.verificationSent });
    },
  );

  app.post(
    '/email/change',
    {
      schema: {
        description:
          'Asks to change the account’s e-mail (the current password is needed; asks for the second factor when it is on): a link goes to the new address, a notice to the current one.',
        body: changeEmailRequestSchema,
        response: { 202: messageResponseSchema, ...errors(400, 401, 403, 409, 429) },
      },
      config: limit,
      preHandler: [requireUserHook, requireSecondFactor(app)],
    },
    async (request, reply) => {
      const newEmail = request.body.newEmail.toLowerCase();
      await requestEmailChange(ctx(request), app.config, requireUser(request), request.body);
      return reply.code(202).send({ message: messages.security.emailChangeSent(newEmail) });
    },
  );

  app.post(
    '/email/change/confirm',
    {
      schema: {
        description:
          'Follows an e-mail change link (signed in or not): the account takes the new address; withdrawals pause for 24 hours.',
        body: verifyEmailRequestSchema,
        response: { 200: confirmEmailChangeResponseSchema, ...errors(400) },
      },
      config: limit,
    },
    async (request) => {
      const email = await confirmEmailChange(ctx(request), request.body.token);
      return { message: messages.security.emailChanged(email), email };
    },
  );

  app.post(
    '/freeze',
    {
      schema: {
        description:
          'Freezes the signed-in account (ADR 035; the current password is needed): every session ends, withdrawals not yet sent (waiting for review, or approved and not yet signed) are cancelled, spot orders are cancelled, and no one can sign in until the admin unfreezes it.',
        body: freezeAccountRequestSchema,
        response: { 200: freezeAccountResponseSchema, ...errors(400, 401, 409, 429) },
      },
      config: limit,
      preHandler: requireUserHook,
    },
    async (request, reply) => {
      const answer = await freezeOwnAccount(
        freezeCtx(request),
        requireUser(request),
        request.body.currentPassword,
      );
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return answer;
    },
  );

  app.post(
    '/freeze/check',
    {
      schema: {
        description:
          'Whether a freeze link can still freeze its account, without using it up: what its page asks on opening (ADR 035). 400 link_invalid when unknown, used or expired; 409 invalid_state when the account is frozen already.',
        body: verifyEmailRequestSchema,
        response: { 200: freezeLinkCheckResponseSchema, ...errors(400, 409, 429) },
      },
      config: limit,
    },
    async (request) => {
      await checkFreezeLink(app.db, request.body.token, app.clock());
      return { usable: true as const };
    },
  );

  app.post(
    '/freeze/confirm',
    {
      schema: {
        description:
          "Follows the freeze link of a new-sign-in mail (signed in or not; the link works once, for 7 days): freezes the account as POST /freeze does. The session cookie is cleared only when it was the frozen account's (signedOut).",
        body: verifyEmailRequestSchema,
        response: { 200: freezeAccountResponseSchema, ...errors(400, 409, 429) },
      },
      config: limit,
    },
    async (request, reply) => {
      const answer = await freezeByLink(freezeCtx(request), request.body.token);
      if (answer.signedOut) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return answer;
    },
  );
};

export default routes;
