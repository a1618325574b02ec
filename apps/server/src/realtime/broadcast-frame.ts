import type { Socket } from 'node:net';
import { WebSocket } from 'ws';

/** What of ws's own socket state decides whether a frame may be written around it. */
interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number; _queue?: unknown[] };
}

/**
 * A text message framed once for many sockets (ADR 018, realtime). ws frames every send anew:
 * a header allocated and two writes through the socket's stream per socket. A spot book delta
 * goes to thousands of sockets, so it is framed here once (RFC 6455 §5.2: FIN, text opcode,
 * no mask from a server, the payload length in 7, 16 or 64 bits) and written to each socket in
 * one call. That is exactly what ws would write; it is done only while ws's sender is idle
 * (no compression is negotiated by this server, nothing queued), otherwise ws sends it.
 */
export class BroadcastFrame {
  private framed: Buffer | null = null;

  constructor(readonly payload: Buffer) {}

  /** The whole frame: header and payload. */
  get frame(): Buffer {
    this.framed ??= Buffer.concat([textFrameHeader(this.payload.length), this.payload]);
    return this.framed;
  }

  send(ws: WebSocket): void {
    const raw = ws as unknown as WsInternals;
    const sender = raw._sender;
    if (
      raw._socket &&
      sender &&
      sender._state === 0 &&
      (sender._queue?.length ?? 0) === 0 &&
      ws.extensions === ''
    ) {
      raw._socket.write(this.frame);
    } else {
      ws.send(this.payload, { binary: false });
    }
  }
}

/** The header of one unmasked, final text frame of `length` bytes. */
export function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  if (length < 65536) {
    const h = Buffer.alloc(4);
    h[0] = 0x81;
    h[1] = 126;
    h.writeUInt16BE(length, 2);
    return h;
  }
  const h = Buffer.alloc(10);
  h[0] = 0x81;
  h[1] = 127;
  h.writeBigUInt64BE(BigInt(length), 2);
  return h;
}
