import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authUserResponseSchema,
  DEVICE_COOKIE,
  loginRequestSchema,
  loginResponseSchema,
  PASSKEY_COOKIE,
  passkeyLoginRequestSchema,
  SESSION_COOKIE,
  sessionResponseSchema,
  signupRequestSchema,
  TWO_FACTOR_COOKIE,
  TWO_FACTOR_LOGIN_TTL_MS,
  twoFactorLoginRequestSchema,
  webauthnOptionsSchema,
} from '@sikka/contracts';
import { checkPassword, checkTwoFactorStep } from '../../auth/login.ts';
import {
  loginOptions,
  PASSKEY_CEREMONY_MS,
  relyingParty,
  verifyPasskeyLogin,
} from '../../auth/passkeys.ts';
import { deleteSession } from '../../auth/sessions.ts';
import { openSession } from '../../auth/sign-in.ts';
import type { SignInMethod } from '../../auth/sign-ins.ts';
import { signUp } from '../../auth/signup.ts';
import { throttleSettings } from '../../auth/throttle.ts';
import { toUser, type UserRow } from '../../users/user-row.ts';
import { errors } from '../../http/schemas.ts';
import { clientInfo, siteOrigin } from '../../http/client.ts';
import { clearStepCookie, setDeviceCookie, setSessionCookie, setStepCookie } from './cookies.ts';

/** /api/auth: sign-up, the sign-in ways (password, then a code when TOTP is on; a passkey), sign-out. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const throttle = throttleSettings(config);
  const signInLimit = {
    rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MIN, timeWindow: 60_000 },
  };

  /** Opens the session of a proven sign-in and sets its cookies. */
  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    method: SignInMethod,
    rememberMe: boolean,
  ) => {
    const opened = await openSession(
      {
        db: app.db,
        mailer: app.mailer,
        now: app.clock(),
        client: clientInfo(request),
        deviceToken: request.cookies[DEVICE_COOKIE],
        origin: siteOrigin(app, request),
      },
      user,
      method,
    );
    setSessionCookie(request, reply, opened.session, rememberMe);
    setDeviceCookie(request, reply, opened.deviceToken);
  };

  app.post(
    '/signup',
    {
      schema: {
        body: signupRequestSchema,
        response: { 201: authUserResponseSchema, ...errors(409, 429) },
      },
      config: { rateLimit: { max: config.RATE_LIMIT_SIGNUP_PER_MIN, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { user, session, deviceToken } = await signUp(app.db, config, {
        ...request.body,
        client: clientInfo(request),
        deviceToken: request.cookies[DEVICE_COOKIE],
        mailer: app.mailer,
        origin: siteOrigin(app, request),
        now: app.clock(),
      });
      setSessionCookie(request, reply, session, true);
      setDeviceCookie(request, reply, deviceToken);
      return reply.code(201).send({ user: toUser(user) });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        description:
          'Checks the password. With two-factor authentication on, no session is opened yet: the answer says twoFactorRequired and POST /api/auth/login/two-factor takes the code.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors(401, 403, 429) },
      },
      config: signInLimit,
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const result = await checkPassword(app.db, throttle, {
        email,
        password,
        rememberMe,
        client: clientInfo(request),
        now: app.clock(),
      });
      if (result.kind === 'code_required') {
        setStepCookie(request, reply, TWO_FACTOR_COOKIE, result.stepToken, TWO_FACTOR_LOGIN_TTL_MS);
        return { user: null, twoFactorRequired: true };
      }
      await signIn(request, reply, result.user, 'password', rememberMe);
      return { user: toUser(result.user), twoFactorRequired: false };
    },
  );

  app.post(
    '/login/two-factor',
    {
      schema: {
        description: 'The second step of a sign-in with two-factor authentication on.',
        body: twoFactorLoginRequestSchema,
        response: { 200: authUserResponseSchema, ...errors(400, 401, 403, 429) },
      },
      config: signInLimit,
    },
    async (request, reply) => {
      const { user, rememberMe } = await checkTwoFactorStep(
        app.db,
        app.vault,
        request.cookies[TWO_FACTOR_COOKIE],
        request.body.code,
        clientInfo(request),
        app.clock(),
      );
      clearStepCookie(reply, TWO_FACTOR_COOKIE);
      await signIn(request, reply, user, 'two_factor', rememberMe);
      return { user: toUser(user) };
    },
  );

  app.post(
    '/passkeys/login-options',
    {
      schema: {
        description: 'Starts a passkey sign-in: WebAuthn request options for the browser.',
        response: { 200: webauthnOptionsSchema, ...errors(400, 429) },
      },
      config: signInLimit,
    },
    async (request, reply) => {
      const rp = relyingParty(request.headers.origin);
      const { options, token } = await loginOptions(app.db, rp, app.clock());
      setStepCookie(request, reply, PASSKEY_COOKIE, token, PASSKEY_CEREMONY_MS);
      return options;
    },
  );

  app.post(
    '/passkeys/login',
    {
      schema: {
        description:
          'Completes a passkey sign-in with the browser’s assertion; a frozen account gets 403 account_frozen (ADR 035).',
        body: passkeyLoginRequestSchema,
        response: { 200: authUserResponseSchema, ...errors(400, 403, 429) },
      },
      config: signInLimit,
    },
    async (request, reply) => {
      const rp = relyingParty(request.headers.origin);
      const token = request.cookies[PASSKEY_COOKIE];
      clearStepCookie(reply, PASSKEY_COOKIE);
      const user = await verifyPasskeyLogin(app.db, rp, token, request.body.response, app.clock());
      await signIn(request, reply, user, 'passkey', request.body.rememberMe);
      return { user: toUser(user) };
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 204: z.null(), ...errors() } } },
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
