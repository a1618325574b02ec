import {
  REALTIME_PATH,
  WS_HEARTBEAT_MS,
  type ClientMessage,
  type ServerMessage,
} from '@sikka/contracts';
import { reconnectDelay } from './backoff.ts';

/**
 * A socket that heard nothing (no tick, no heartbeat message) for this long is dead even if
 * the browser has not noticed: the server sends a heartbeat every WS_HEARTBEAT_MS, so two
 * missed ones plus some slack.
 */
export const SILENCE_TIMEOUT_MS = 2 * WS_HEARTBEAT_MS + 5000;

export type ConnectionStatus = 'connecting' | 'open' | 'down';

/** The parts of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  onMessage(message: ServerMessage): void;
  /** The socket is open; `reconnected` is false only for the very first connection. */
  onOpen(info: { reconnected: boolean }): void;
  /** The socket is not open any more (dropped, refused, or never opened). */
  onDown?(): void;
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** Browser events that mean "try now" (back online, tab visible again). */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    document?: Pick<Document, 'visibilityState'>;
  };
}

/** Same origin, ws: or wss: by the page's protocol. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME_PATH}`;
}

/**
 * Parses one server frame. Light checks only (the server is our own origin): the tag and the
 * arrays the store iterates. Unknown types are ignored, as the contract asks.
 */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const message = parsed as {
    type?: unknown;
    coins?: unknown;
    c?: unknown;
    balances?: unknown;
    bids?: unknown;
    asks?: unknown;
    trades?: unknown;
    seq?: unknown;
  };
  switch (message.type) {
    case 'snapshot':
      return Array.isArray(message.coins) ? (parsed as ServerMessage) : null;
    case 'tickers':
      return Array.isArray(message.c) &&
        (message.coins === undefined || Array.isArray(message.coins))
        ? (parsed as ServerMessage)
        : null;
    case 'balance':
      return typeof message.balances === 'object' && message.balances !== null
        ? (parsed as ServerMessage)
        : null;
    case 'spotBook':
      return typeof message.seq === 'number' &&
        Array.isArray(message.bids) &&
        Array.isArray(message.asks) &&
        Array.isArray(message.trades)
        ? (parsed as ServerMessage)
        : null;
    // cryptoActivity, notification and spotOrders carry nothing but their tag: the screens re-read.
    case 'heartbeat':
    case 'pong':
    case 'cryptoActivity':
    case 'notification':
    case 'spotOrders':
      return parsed as ServerMessage;
    default:
      return null;
  }
}

/**
 * The app's one WebSocket to /api/realtime (DESIGN.md §5). It reconnects after every drop on
 * the 1, 2, 5, 10 s schedule with jitter, starting over once a connection has delivered a
 * message. The server's protocol pings are answered by the browser itself; what this client
 * adds is a silence watchdog, because a page is never told about those pings.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private status: ConnectionStatus = 'down';
  private attempt = 0;
  private everOpened = false;
  private running = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: RealtimeClientOptions;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
  }

  get connectionStatus(): ConnectionStatus {
    return this.status;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.options.window?.addEventListener('online', this.retryNow);
    this.options.window?.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.options.window?.removeEventListener('online', this.retryNow);
    this.options.window?.removeEventListener('visibilitychange', this.onVisibility);
    this.clearTimers();
    this.drop();
    this.status = 'down';
  }

  /**
   * A fresh connection now, e.g. after sign-in or sign-out so the socket carries the new
   * session cookie. Counts as a reconnect.
   */
  restart(): void {
    if (!this.running) return;
    this.clearTimers();
    this.drop();
    this.attempt = 0;
    this.connect();
  }

  /** Sent only while the socket is open; what must survive a reconnect is sent again by its owner on `onOpen`. */
  send(message: ClientMessage): void {
    if (this.socket && this.status === 'open') this.socket.send(JSON.stringify(message));
  }

  private readonly retryNow = () => {
    if (!this.running || this.status !== 'down') return;
    this.clearTimers();
    this.connect();
  };

  private readonly onVisibility = () => {
    if (this.options.window?.document?.visibilityState === 'visible') this.retryNow();
  };

  private connect(): void {
    const url = this.options.url?.() ?? realtimeUrl(window.location);
    const create = this.options.createSocket ?? ((u: string) => new WebSocket(u));
    let socket: SocketLike;
    this.status = 'connecting';
    try {
      socket = create(url);
    } catch {
      this.onSocketGone();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.status = 'open';
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.armSilenceTimer();
      this.options.onOpen({ reconnected });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      // A connection that delivers is a good one: the next drop starts the schedule over.
      this.attempt = 0;
      this.armSilenceTimer();
      const message = parseServerMessage(event.data);
      if (message) this.options.onMessage(message);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onSocketGone();
    };
    // An error is always followed by close; the close does the work.
    socket.onerror = () => undefined;
  }

  private onSocketGone(): void {
    this.drop();
    const wasDown = this.status === 'down';
    this.status = 'down';
    if (!this.running) return;
    if (!wasDown) this.options.onDown?.();
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.connect();
    }, delay);
  }

  private armSilenceTimer(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      // Closing a half-dead socket can take minutes to report; do not wait for it.
      this.onSocketGone();
    }, SILENCE_TIMEOUT_MS);
  }

  /** Forgets the current socket (its late events are ignored) and closes it. */
  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000, 'Client closed');
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }
}
