import http from 'node:http';
import { SESSION_COOKIE } from '@sikka/contracts';

/**
 * A real HTTP/1.1 client for a server listening on 127.0.0.1: keep-alive connections from one
 * bounded agent, JSON in and out, no cookie magic (callers pass the session cookie). Used where
 * a test must go through sockets rather than `app.inject` (load, crash, two instances).
 */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

export interface HttpClient {
  request(
    method: string,
    path: string,
    options?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer>;
  get(path: string, cookie?: string): Promise<HttpAnswer>;
  post(
    path: string,
    cookie: string | undefined,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer>;
  /** Closes the idle keep-alive sockets. */
  close(): void;
}

/** `maxSockets` bounds the connections (the load tests' "users × connections"). */
export function httpClient(
  baseUrl: string,
  options: { maxSockets?: number; timeoutMs?: number } = {},
): HttpClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 50 });
  const timeoutMs = options.timeoutMs ?? 30_000;

  const request: HttpClient['request'] = (method, path, opts = {}) =>
    new Promise((resolve, reject) => {
      const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...(opts.cookie ? { cookie: opts.cookie } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              json: <T>() => JSON.parse(body) as T,
            });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });

  return {
    request,
    get: (path, cookie) => request('GET', path, { cookie }),
    post: (path, cookie, body, headers) => request('POST', path, { cookie, body, headers }),
    close: () => agent.destroy(),
  };
}

/** The `name=value` of the session cookie in a Set-Cookie header. */
export function cookieFrom(answer: HttpAnswer): string {
  const raw = answer.headers['set-cookie'] ?? [];
  const line = raw.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie (${answer.status} ${answer.body})`);
  return line.split(';')[0]!;
}

/** The `error.code` of an API error answer, or ''. */
export function errorCodeOf(answer: { body: string }): string {
  try {
    return (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
}
