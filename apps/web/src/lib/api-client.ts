import type { ApiError as ApiErrorBody } from '@sikka/contracts';

/**
 * An API failure as the server described it (`{error:{code,message,fields?}}`), or a
 * transport failure (status 0, code 'network_error'). `fromServer` tells a screen whether
 * `message` is a server message it may show as is.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly fromServer: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.fromServer = fromServer;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The contracts' error shape, checked by hand: zod would put ~60 KB into the start-up bundle
 * for this one check.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (fields === undefined) return true;
  return isRecord(fields) && Object.values(fields).every((v) => typeof v === 'string');
}

/** Turns a non-OK response's status and body text into an ApiError. Pure, so it is unit-tested. */
export function parseApiError(status: number, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields ?? {});
  }
  // Not our error shape (a proxy page, an empty body): keep the status, claim no server message.
  return new ApiError(status, `http_${status}`, `Request failed with status ${status}`, {}, false);
}

/** The server's own message when there is one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the response body; without it the body is trusted as `T`. */
  schema?: { parse(data: unknown): T };
}

/**
 * What proves the second factor: a code (the authenticator app's, or a backup code), or the
 * browser's answer to a passkey challenge (base64url JSON, ADR 032).
 */
export type SecondFactorProof = { code: string } | { passkey: string };

/**
 * Asks the person for the second factor and resolves with its proof, or with null when they
 * decline. `message` is the server's words; `reason` says whether it is needed or the last
 * one was wrong.
 */
export type SecondFactorPrompt = (
  message: string,
  reason: 'required' | 'invalid',
) => Promise<SecondFactorProof | null>;

let secondFactorPrompt: SecondFactorPrompt | null = null;
let secondFactorSettled: (() => void) | null = null;

/**
 * Registers the app's one second-factor prompt (a dialog), or removes it with null. `settled`
 * is told when a request it gave a proof for has its answer, good or bad (a wrong code asks
 * again instead), so the prompt can stay open while the code is checked. Returns a function
 * that removes them again, for an effect's clean-up.
 */
export function setSecondFactorPrompt(
  prompt: SecondFactorPrompt | null,
  settled: (() => void) | null = null,
): () => void {
  secondFactorPrompt = prompt;
  secondFactorSettled = settled;
  return () => {
    if (secondFactorPrompt === prompt) {
      secondFactorPrompt = null;
      secondFactorSettled = null;
    }
  };
}

/** The 403 answers of a route that wants the second factor again (step-up). */
const STEP_UP_CODES: ReadonlySet<string> = new Set(['two_factor_required', 'two_factor_invalid']);

/** The headers a repeated request carries its proof in (TWO_FACTOR_HEADER and
 *  TWO_FACTOR_PASSKEY_HEADER of the contracts). */
const proofHeader = (proof: SecondFactorProof): Record<string, string> =>
  'code' in proof ? { 'X-Two-Factor-Code': proof.code } : { 'X-Two-Factor-Passkey': proof.passkey };

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError(0, 'network_error', reason, {}, false);
  }
}

/**
 * JSON fetch against our own origin. It only throws: no toasts, no redirects (those belong
 * to the screens). The session cookie rides along because everything is same-origin.
 *
 * Step-up: when the server asks for the second factor again (403 two_factor_required or
 * two_factor_invalid) and a prompt is registered, the proof it gives is sent with the very same
 * request (body, headers, Idempotency-Key), as often as the proof is refused; declining throws the
 * server's answer. The prompt is the only UI the client knows of, and it lives in the app.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    signal: options.signal,
  };
  if (options.body instanceof FormData) {
    // The browser writes the multipart Content-Type with its boundary itself.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let res = await send(path, init);
  let settled: (() => void) | null = null;
  try {
    while (!res.ok) {
      const error = parseApiError(res.status, await res.text());
      const prompt = secondFactorPrompt;
      if (res.status !== 403 || !STEP_UP_CODES.has(error.code) || !prompt) throw error;
      const reason = error.code === 'two_factor_invalid' ? 'invalid' : 'required';
      const proof = await prompt(error.message, reason);
      if (proof === null) throw error;
      settled = secondFactorSettled;
      res = await send(path, { ...init, headers: { ...headers, ...proofHeader(proof) } });
    }
  } finally {
    settled?.();
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Bytes sent so far of an upload; `total` is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT' | 'PATCH';
  signal?: AbortSignal;
  schema?: { parse(data: unknown): T };
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A multipart upload with upload progress. fetch() cannot report request-body progress, so
 * this one call uses XMLHttpRequest; errors come out exactly as apiRequest's do.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(parseApiError(xhr.status, xhr.responseText));
        return;
      }
      try {
        const data: unknown = xhr.status === 204 ? undefined : JSON.parse(xhr.responseText);
        resolve(options.schema ? options.schema.parse(data) : (data as T));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error', {}, false));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
