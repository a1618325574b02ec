import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  messages,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@sikka/contracts';
import {
  changePassword,
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
 * /api/auth/password/* and /api/auth/email/*: forgotten passwords, password changes and e-mail
 * verification, by one-time links (ADR 017). Rate-limited per address like sign-in.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const limit = {
    rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MIN, timeWindow: 60_000 },
  };
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
};

export default routes;
