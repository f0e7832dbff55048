import { spawnSync } from 'node:child_process';
import os from 'node:os';

/** One line describing where the figures were measured. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${model} × ${cpus.length} cores, ${gib} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** This process's hard limit of open files (what it, or nginx started by it, may raise its own to). */
export function hardFileLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' || !/^\d+$/.test(out) ? Number.POSITIVE_INFINITY : Number(out);
}
