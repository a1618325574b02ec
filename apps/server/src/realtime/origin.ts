/**
 * Origin check at the WebSocket handshake (DESIGN.md §5). Browsers always send Origin on a
 * WebSocket handshake and cookies ride along, so a foreign page must not get a socket that
 * speaks for the signed-in user (cross-site WebSocket hijacking). Non-browser clients send no
 * Origin and are allowed: they hold no victim's cookies.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.has(origin)) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // 'null' (sandboxed frames, file://) and malformed values
  }
}
