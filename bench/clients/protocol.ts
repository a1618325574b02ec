/** IPC between the bench and its subscriber processes (bench/clients/ws-clients.ts). */
export type ClientCommand =
  | { cmd: 'connect'; url: string; count: number; concurrency: number }
  | { cmd: 'poll'; url: string; browsers: number; everyMs: number }
  | { cmd: 'collect' }
  | { cmd: 'close' };

/** What the subscribers saw of one delta, keyed by the `updatedAt` the server stamped. */
export interface TickSeen {
  /** Sockets that received it. */
  n: number;
  /**
   * Bytes received for this tick, summed over the sockets: the delta frame, or a snapshot
   * where the server sent one in its place (a reordered list, a slow socket catching up).
   */
  bytes: number;
  /** Receipt time − updatedAt, ms, one per socket. */
  lags: number[];
}

export interface Collected {
  ticks: Record<string, TickSeen>;
  snapshots: number;
  snapshotBytes: number;
  open: number;
  closedUnexpectedly: number;
  pollsOk: number;
  pollsFailed: number;
}

export type ClientReply =
  | { cmd: 'ready' }
  | { cmd: 'connected'; opened: number; failed: number; open: number; snapshotBytes: number }
  | { cmd: 'polling'; browsers: number }
  | ({ cmd: 'collected' } & Collected)
  | { cmd: 'closed' };
