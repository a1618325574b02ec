import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with a JSON-RPC request (or batch) that sends a raw transaction:
 * - 'pass': forwards it like any other;
 * - 'hold': never forwards it and never answers: the node never sees the transaction, as if
 *   the sender died between committing the signed transaction and sending it;
 * - 'swallow': forwards it, waits for the node's answer (it has the transaction), and never
 *   answers: as if the sender died between sending it and recording that it was sent.
 * Either way, `sendSeen` resolves with the raw transaction, so the test can kill the caller then.
 */
export type SendMode = 'pass' | 'hold' | 'swallow';

export interface RpcProxy {
  /** http://127.0.0.1:port: give this to the process under test as its node. */
  readonly url: string;
  /** Sets the mode and returns a promise of the next raw transaction sent through the proxy. */
  expectSend(mode: SendMode): Promise<`0x${string}`>;
  close(): Promise<void>;
}

type RpcCall = { method?: unknown; params?: unknown };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** The raw transaction a request (single or batch) sends, if any. */
function rawTxOf(body: string): `0x${string}` | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const calls = (Array.isArray(parsed) ? parsed : [parsed]) as RpcCall[];
  for (const call of calls) {
    if (call?.method !== 'eth_sendRawTransaction' || !Array.isArray(call.params)) continue;
    const raw: unknown = call.params[0];
    if (typeof raw === 'string' && raw.startsWith('0x')) return raw as `0x${string}`;
  }
  return null;
}

/** A JSON-RPC proxy on 127.0.0.1 in front of `target`, able to cut a send (see SendMode). */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let mode: SendMode = 'pass';
  let seen: ((rawTx: `0x${string}`) => void) | undefined;

  const forward = async (body: string) => {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, text: await res.text() };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const rawTx = rawTxOf(body);
    if (rawTx && mode !== 'pass') {
      const cut = mode;
      mode = 'pass';
      if (cut === 'swallow') await forward(body);
      // No answer: the caller is killed while it waits for one.
      seen?.(rawTx);
      seen = undefined;
      return;
    }
    const answer = await forward(body);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.text);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    expectSend(next) {
      mode = next;
      return new Promise((resolve) => (seen = resolve));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
