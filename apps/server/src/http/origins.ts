import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origins whose pages may mutate and open the socket (CSRF guard, realtime). */
    publicOrigins: OriginPolicy;
  }
}

export interface OriginPolicy {
  /** Whether an `Origin` header value is one of ours. */
  allows(origin: string): boolean;
  /** The current list (for logs and tests). */
  list(): string[];
}

/** Hosts that bind every interface: a browser cannot open them, so they name no origin. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);
/** Host names that mean this machine only. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set([
  '127.0.0.1',
  'localhost',
  '::1',
  '[::1]',
]);

/** `scheme://host[:port]` as browsers write it in `Origin`, or null when it is not an origin. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Comma-separated origins → normalised list; throws on an entry that is not an origin. */
export function parseOriginList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const origin = normaliseOrigin(s);
      if (!origin) throw new Error(`not an origin (scheme://host[:port]): ${s}`);
      return origin;
    });
}

function httpOrigin(host: string, port: number): string | null {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return normaliseOrigin(`http://${bracketed}:${port}`);
}

/**
 * The default when PUBLIC_ORIGIN is unset: what a browser on this machine opens for the
 * listen address. HOST itself (unless it is a wildcard), the address actually bound, and on
 * loopback or wildcard binds also localhost and 127.0.0.1, which `npm start` prints and users
 * type. Any page on those origins is this server, so allowing them all costs nothing.
 */
export function defaultPublicOrigins(
  host: string,
  port: number,
  bound: AddressInfo | null = null,
): string[] {
  const p = bound?.port ?? port;
  const hosts = new Set<string>();
  if (!WILDCARD_HOSTS.has(host)) hosts.add(host.toLowerCase());
  if (bound && !WILDCARD_HOSTS.has(bound.address)) hosts.add(bound.address);
  const local = WILDCARD_HOSTS.has(host) || [...hosts].some((h) => LOOPBACK_HOSTS.has(h));
  if (local) {
    hosts.add('localhost');
    hosts.add('127.0.0.1');
  }
  const origins = [...hosts].map((h) => httpOrigin(h, p)).filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/**
 * Which origins count as "this site" (DESIGN.md §3, §5). The request's Host header is not
 * consulted: it names whatever the client asked for, so a foreign page reached through a name
 * that resolves here (DNS rebinding) or a proxy that passes Host through sends a Host equal
 * to its own foreign Origin. PUBLIC_ORIGIN when set, else the listen address; ALLOWED_ORIGINS
 * always adds to either. `address` is read lazily: tests and the benchmarks build the app
 * first and listen on port 0 afterwards.
 */
export function createOriginPolicy(
  config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_ORIGIN' | 'ALLOWED_ORIGINS'>,
  address: () => AddressInfo | string | null,
): OriginPolicy {
  const extra = parseOriginList(config.ALLOWED_ORIGINS);
  const configured = parseOriginList(config.PUBLIC_ORIGIN);
  const fixed = configured.length > 0 ? new Set([...configured, ...extra]) : null;
  // The bound port never changes while listening, so the derived set is built once then.
  let whileListening: Set<string> | null = null;
  const current = (): Set<string> => {
    if (fixed) return fixed;
    if (whileListening) return whileListening;
    const a = address();
    const bound = a !== null && typeof a === 'object' ? a : null;
    const set = new Set([...defaultPublicOrigins(config.HOST, config.PORT, bound), ...extra]);
    if (bound) whileListening = set;
    return set;
  };
  return {
    allows: (origin) => current().has(origin),
    list: () => [...current()],
  };
}

/** Decorates `app.publicOrigins`; warns when the default cannot be what users open. */
export function installOriginPolicy(app: FastifyInstance, config: Config): void {
  const policy = createOriginPolicy(config, () =>
    app.server.listening ? app.server.address() : null,
  );
  app.decorate('publicOrigins', policy);
  if (config.PUBLIC_ORIGIN) return;
  if (config.TRUST_PROXY || WILDCARD_HOSTS.has(config.HOST)) {
    app.log.warn(
      { origins: policy.list() },
      'PUBLIC_ORIGIN is not set: browsers may only send changes from these origins; set it to the address users open (e.g. https://sikka.example)',
    );
  }
}
