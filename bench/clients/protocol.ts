/** IPC between the bench and its subscriber processes (bench/clients/ws-clients.ts). */
export type ClientCommand =
  | { cmd: 'connect'; url: string; count: number; concurrency: number }
  | { cmd: 'poll'; url: string; browsers: number; everyMs: number }
  | { cmd: 'collect' }
  | { cmd: 'close' };

export interface Collected {
  /** Receipt time − server `updatedAt`, ms, one per delta received. */
  lags: number[];
  /** updatedAt → sockets that received that delta. */
  perTick: Record<string, number>;
  deltas: number;
  deltaBytes: number;
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
