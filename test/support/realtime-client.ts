import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { serverMessageSchema, type ServerMessage } from '@sikka/contracts';

/** A real `ws` client that records every message, parsed and checked against the contracts. */
export interface TestSocket {
  ws: WebSocket;
  messages: ServerMessage[];
  /** Resolves with the next message of this type (already received ones first, in order). */
  next<T extends ServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return `${address.replace('http', 'ws')}/api/realtime`;
}

export function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, options);
  const messages: ServerMessage[] = [];
  const consumed = new Map<string, number>();
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    messages.push(serverMessageSchema.parse(JSON.parse(data.toString())));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    next(type, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} message within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const look = () => {
          const from = consumed.get(type) ?? 0;
          const index = messages.findIndex((m, i) => i >= from && m.type === type);
          if (index === -1) return void waiters.push(look);
          consumed.set(type, index + 1);
          clearTimeout(timer);
          resolve(messages[index] as Extract<ServerMessage, { type: typeof type }>);
        };
        look();
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
