/**
 * What the bench asks of its server child over the IPC channel, and what it answers. The
 * child is the production `buildApp` in its own process, so load generators and clients
 * never share its thread.
 */
export interface SeedArgs {
  users: number;
  /** INR each trader is funded with (one approved deposit; at most ₹10,00,000). */
  inrPerUser: string;
  /** USDT each trader buys up front, so sells never run dry. */
  usdtPerUser: string;
}

export interface SeedResult {
  /** Session cookie pairs ("name=value"), one per trader, in the order of `userIds`. */
  cookies: string[];
  userIds: string[];
}

export interface QuickPricesResult {
  rate: string;
  buy: string;
  sell: string;
}

export interface CpuResult {
  /** process.cpuUsage() of the server process, µs. */
  userMicros: number;
  systemMicros: number;
  /** Open realtime sockets. */
  sockets: number;
  ticksSerialised: number;
  deltasSent: number;
  snapshotsSent: number;
  slowSkips: number;
  /** Ticks the feed emitted, and the CPU (µs) and wall time (ms) of their synchronous fan-out. */
  ticks: number;
  fanoutCpuMicros: number;
  fanoutWallMs: number;
  rssBytes: number;
}

/** The server process's memory, bytes; peaks since the last `memory` call that reset them. */
export interface MemoryResult {
  /** Whether the child runs with --expose-gc, so `gc: true` collected before measuring. */
  gcExposed: boolean;
  rssBytes: number;
  heapUsedBytes: number;
  peakRssBytes: number;
  peakHeapUsedBytes: number;
}

export interface Commands {
  seed: { args: SeedArgs; result: SeedResult };
  prices: { args: Record<string, never>; result: QuickPricesResult };
  invariants: { args: Record<string, never>; result: string[] };
  cpu: { args: Record<string, never>; result: CpuResult };
  tick: { args: Record<string, never>; result: { changed: number } };
  /**
   * gc: collect garbage first (when exposed); reset: start sampling peaks afresh every 10 ms
   * (false stops sampling and answers the peaks since the reset).
   */
  memory: { args: { gc: boolean; reset: boolean }; result: MemoryResult };
  close: { args: Record<string, never>; result: null };
}

export type CommandName = keyof Commands;

export interface RequestMessage<K extends CommandName = CommandName> {
  id: number;
  cmd: K;
  args: Commands[K]['args'];
}

export type ReplyMessage =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

export type ChildEvent = { event: 'ready'; port: number } | { event: 'failed'; error: string };
