import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Linux reports process times in clock ticks of 1/100 s (USER_HZ, the same on every arch).
const MICROS_PER_TICK = 10_000;

/**
 * CPU time (µs) used so far by the embedded PostgreSQL of `dataDir` (ADR 022): its postmaster,
 * every process it runs now, and those it has reaped (the postmaster's cutime/cstime). Null
 * when there is no running cluster (PGlite, or no /proc). The server process's own CPU is
 * measured apart, so the two add up to a trade's whole cost on the machine.
 */
export function clusterCpuMicros(dataDir: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(
      readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name's closing parenthesis start at field 3 (state).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    if (pid !== postmaster && Number(f[4 - 3]) !== postmaster) continue;
    ticks += Number(f[14 - 3]) + Number(f[15 - 3]); // utime + stime
    if (pid === postmaster) {
      found = true;
      ticks += Number(f[16 - 3]) + Number(f[17 - 3]); // reaped children
    }
  }
  return found ? ticks * MICROS_PER_TICK : null;
}
