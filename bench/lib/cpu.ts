import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux Node supports). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) from the text of /proc/<pid>/stat; null when it cannot be read. */
export function cpuSecondsFromStat(stat: string): number | null {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its `)`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : null;
}

/** CPU seconds a process has used so far (Linux); null elsewhere or once it has gone. */
export async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    return cpuSecondsFromStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU a process used over a window: seconds, and % of one core (100 % = one core busy throughout); NaN where unreadable. */
export interface CpuUse {
  seconds: number;
  percent: number;
}

/** The CPU a set of processes used from `start()` to `stop()`, by name. */
export class CpuWindow {
  private before = new Map<string, number | null>();
  private t0 = 0;

  constructor(private readonly pids: Record<string, number>) {}

  async start(): Promise<void> {
    this.t0 = performance.now();
    this.before = new Map(await Promise.all(Object.entries(this.pids).map(async ([name, pid]) => [name, await cpuSeconds(pid)] as const)));
  }

  async stop(): Promise<Record<string, CpuUse>> {
    const wall = (performance.now() - this.t0) / 1000;
    const out: Record<string, CpuUse> = {};
    for (const [name, pid] of Object.entries(this.pids)) {
      const a = this.before.get(name);
      const b = await cpuSeconds(pid);
      const seconds = a == null || b == null ? Number.NaN : b - a;
      out[name] = { seconds, percent: wall > 0 ? (100 * seconds) / wall : Number.NaN };
    }
    return out;
  }
}
