import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authUserResponseSchema,
  loginRequestSchema,
  messages,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionResponseSchema,
  signupRequestSchema,
} from '@sikka/contracts';
import { AppError, validationError } from '../../http/errors.ts';
import {
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { createSession, deleteSession, type NewSession } from '../../auth/sessions.ts';
import { recentAttempts, recordAttempt } from '../../auth/attempts.ts';
import {
  claimLoginAttempt,
  isKnownSource,
  loginSource,
  loginSucceeded,
  rememberSource,
  throttleSettings,
  waitText,
} from '../../auth/throttle.ts';
import { backfillEmailSkeletons, emailSkeleton } from '../../auth/identities.ts';
import { toUser, type UserRow } from '../../users/user-row.ts';
import { errorResponses } from '../../http/schemas.ts';

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  persistent: boolean,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Unchecked "remember me" = a browser-session cookie; the server enforces 3 days either way.
    ...(persistent ? { maxAge: Math.floor(SESSION_TTL_MS / 1000) } : {}),
  });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const throttle = throttleSettings(config);
  const adminSkeleton = emailSkeleton(config.ADMIN_EMAIL);
  const emailConfusable = () =>
    new AppError(409, 'email_confusable', messages.signup.emailConfusable, {
      email: messages.signup.emailConfusable,
    });

  app.post(
    '/signup',
    {
      schema: {
        body: signupRequestSchema,
        response: { 201: authUserResponseSchema, ...errorResponses },
      },
      config: { rateLimit: { max: config.RATE_LIMIT_SIGNUP_PER_MIN, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { fullName, phone, password } = request.body;
      const email = request.body.email.toLowerCase();
      if (isCommonPassword(password))
        throw validationError({ password: messages.signup.passwordCommon });
      const now = app.clock();
      if (
        (await recentAttempts(app.db, 'signup_conflict', email, now)) >=
        config.SIGNUP_ATTEMPTS_PER_EMAIL
      ) {
        throw new AppError(429, 'rate_limited', messages.http.rateLimited);
      }
      const skeleton = emailSkeleton(email);
      // A look-alike of the admin's e-mail is refused even before the admin account exists.
      if (skeleton === adminSkeleton && email !== config.ADMIN_EMAIL) {
        await recordAttempt(app.db, 'signup_conflict', email, request.ip, now);
        throw emailConfusable();
      }
      // Accounts made before migration 013 (or by the admin bootstrap) must hold theirs first.
      await backfillEmailSkeletons(app.db);
      const passwordHash = await hashPassword(password);
      // The account and its session are created in one transaction: no half-made users. The
      // unique indexes on email and email_skeleton decide a race between two sign-ups.
      const result = await app.db.transaction(async (tx) => {
        const rows = await tx.query<UserRow>(
          `INSERT INTO users (email, email_skeleton, full_name, phone, password_hash, kyc_status, balance)
           VALUES ($1, $2, $3, $4, $5, 'pending', 0)
           ON CONFLICT DO NOTHING RETURNING *`,
          [email, skeleton, fullName, phone, passwordHash],
        );
        const user = rows[0];
        if (!user) return null;
        await rememberSource(tx, user.id, loginSource(request.ip), now);
        return { user, session: await createSession(tx, user.id, now) };
      });
      if (!result) {
        await recordAttempt(app.db, 'signup_conflict', email, request.ip, now);
        const same = await app.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
        if (same.length === 0) throw emailConfusable();
        throw new AppError(409, 'user_already_exists', messages.signup.emailTaken, {
          email: messages.signup.emailTaken,
        });
      }
      setSessionCookie(request, reply, result.session, true);
      return reply.code(201).send({ user: toUser(result.user) });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        body: loginRequestSchema,
        response: { 200: authUserResponseSchema, ...errorResponses },
      },
      config: { rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MIN, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const now = app.clock();
      const source = loginSource(request.ip);
      // Unknown e-mail and wrong password take the same path and the same time, waits included:
      // the throttle is keyed by the typed e-mail, and an unknown one has no known sources.
      const known = await isKnownSource(app.db, email, source, now);
      const claim = await claimLoginAttempt(app.db, throttle, email, source, known, now);
      if (!claim.allowed) {
        // Refused before the password is checked, so waiting out the throttle is the only way on.
        reply.header('retry-after', String(Math.ceil(claim.retryAfterMs / 1000)));
        throw new AppError(
          429,
          'login_throttled',
          messages.login.throttled(waitText(claim.retryAfterMs)),
        );
      }
      const rows = await app.db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
      const user = rows[0];
      const ok = await verifyPassword(
        user?.password_hash ?? (await dummyPasswordHash()),
        request.body.password,
      );
      // The failure was counted when the attempt was claimed.
      if (!user || !ok)
        throw new AppError(401, 'invalid_credentials', messages.login.invalidCredentials);
      await loginSucceeded(app.db, user.id, email, source, !known, now);
      const session = await createSession(app.db, user.id, now);
      setSessionCookie(request, reply, session, request.body.rememberMe);
      return { user: toUser(user) };
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/session',
    { schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({
      user: request.user ? toUser(request.user) : null,
    }),
  );
};

export default routes;
