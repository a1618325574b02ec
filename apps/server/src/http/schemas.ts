import type { FastifyInstance, RouteOptions } from 'fastify';
import { apiErrorSchema } from '@sikka/contracts';

/** The error statuses our API answers with (http/errors.ts), each with the one error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

type ErrorResponses<S extends ErrorStatus> = { readonly [K in S]: typeof apiErrorSchema };

/**
 * The error statuses a route can answer, for its `schema.response`, so the OpenAPI document
 * (and /api-docs) lists each route's real errors: `response: { 200: x, ...errors(401, 404) }`.
 * List what the route's own code and guards can refuse with; what every route of its kind
 * can answer is added by `documentCommonErrors` (a malformed body, a foreign Origin, a rate
 * limit), and the admin folder adds its guard's 401 and 403 (routes/admin/index.ts).
 */
export function errors<const S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as ErrorResponses<S>;
}

/**
 * @deprecated Lists every status on every route, which documents errors a route cannot give
 * (a 409 on logout). Use `errors(…)` with the route's own statuses. Kept so a route written
 * against it still compiles.
 */
export const errorResponses = errors(400, 401, 403, 404, 409, 415, 422, 429);

/** The OpenAPI tag of the admin tools (routes/admin), described in `OPENAPI_TAGS`. */
export const ADMIN_TAG = 'Admin';

/** The document's tags: only the admin section is set apart; other routes group by path. */
export const OPENAPI_TAGS = [
  {
    name: ADMIN_TAG,
    description:
      'For the Sikka admin only: every route answers 401 without a session and 403 to anyone but the admin with two-factor authentication on.',
  },
];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Adds to a documented route (one with `schema.response`) the errors every route of its kind
 * answers, outside its own code:
 * - 400 when it validates a body, query or path (a field that fails its schema, malformed JSON);
 * - 403 and 415 for a mutation: the CSRF guard refuses a foreign Origin and a body that is
 *   not JSON (http/csrf.ts); 413 for a body past the size limit; 400 for a malformed one;
 * - 429 when it has a rate limit (`config.rateLimit`).
 * Registered before the routes (an onRoute hook sees only routes added after it) and before
 * @fastify/swagger, which reads the schema as this leaves it.
 */
export function documentCommonErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema?.response || schema.hide) return;
    const added: ErrorStatus[] = [];
    const mutating = methodsOf(route).some((m) => MUTATING.has(m));
    if (mutating || schema.body || schema.querystring || schema.params) added.push(400);
    if (mutating) added.push(403, 413, 415);
    const config = route.config as { rateLimit?: unknown } | undefined;
    if (config?.rateLimit) added.push(429);
    schema.response = { ...errors(...added), ...(schema.response as object) };
  });
}
