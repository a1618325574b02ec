import { paths } from '@/config/paths.ts';

/** The query parameter of /login that names the page to return to after signing in. */
export const RETURN_PARAM = 'next';

// Any origin works here: only whether the parsed URL stays on it matters.
const PROBE_ORIGIN = 'https://sikka.invalid';

/** Pages that must not be returned to: they would bounce a signed-in user straight back. */
const NO_RETURN = new Set<string>([paths.login, paths.signup, paths.forgotPassword]);

/**
 * The same-origin path to go to after signing in, or null. The value comes from the address
 * bar, so anyone can craft it: "//evil.com", "/\evil.com" (browsers read "\" as "/"),
 * "https://…", "javascript:…" and anything with control characters are refused rather than
 * repaired, so a link can never send a fresh session off-site (an open redirect).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Backslashes and control characters (tab, newline, NUL…) are normalised away by URL
  // parsers in ways that can turn a path into a host; no page of ours needs them.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (NO_RETURN.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page to come back to (the one a guest was turned away from). */
export function loginPathReturningTo(from: string): string {
  const back = safeReturnPath(from);
  if (!back || back === paths.dashboard.root) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/** Where a user who has just signed in goes: back where they came from, else the dashboard. */
export function afterSignInPath(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? paths.dashboard.root;
}
