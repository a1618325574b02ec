import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authUserResponseSchema,
  loginRequestSchema,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionResponseSchema,
  signupRequestSchema,
} from '@sikka/contracts';
import { logIn } from '../../auth/login.ts';
import { deleteSession, type NewSession } from '../../auth/sessions.ts';
import { signUp } from '../../auth/signup.ts';
import { throttleSettings } from '../../auth/throttle.ts';
import { toUser } from '../../users/user-row.ts';
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
      const { user, session } = await signUp(app.db, config, {
        ...request.body,
        ip: request.ip,
        now: app.clock(),
      });
      setSessionCookie(request, reply, session, true);
      return reply.code(201).send({ user: toUser(user) });
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
      const { email, password, rememberMe } = request.body;
      const { user, session } = await logIn(app.db, throttle, {
        email,
        password,
        ip: request.ip,
        now: app.clock(),
      });
      setSessionCookie(request, reply, session, rememberMe);
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
