import type { OriginPolicy } from '../http/origins.ts';

/**
 * Origin check at the WebSocket handshake (DESIGN.md §5). Browsers always send Origin on a
 * WebSocket handshake and cookies ride along, so a foreign page must not get a socket that
 * speaks for the signed-in user (cross-site WebSocket hijacking). The same configured origins
 * as the CSRF guard decide (PUBLIC_ORIGIN, not the Host header, which a foreign page reached
 * through a name resolving here sets to its own). Non-browser clients send no Origin and are
 * allowed: they hold no victim's cookies.
 */
export function originAllowed(origin: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  // 'null' (sandboxed frames, file://) and malformed values are never in the policy.
  return policy.allows(origin);
}
