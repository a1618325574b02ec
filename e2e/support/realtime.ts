import type { Page, WebSocket } from 'playwright-core';

/**
 * Resolves once the next realtime socket the page opens has received the server's snapshot,
 * the first message the server sends to a socket it accepted (with the session the page has
 * at that moment). Call it before the action that makes the page (re)connect.
 */
export function nextRealtimeSnapshot(page: Page, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no realtime snapshot within ${timeoutMs} ms`));
    }, timeoutMs);
    const onSocket = (ws: WebSocket) => {
      if (!new URL(ws.url()).pathname.endsWith('/api/realtime')) return;
      page.off('websocket', onSocket);
      const onFrame = (frame: { payload: string | Buffer }) => {
        if (!String(frame.payload).includes('"type":"snapshot"')) return;
        ws.off('framereceived', onFrame);
        clearTimeout(timer);
        resolve();
      };
      ws.on('framereceived', onFrame);
    };
    page.on('websocket', onSocket);
  });
}
