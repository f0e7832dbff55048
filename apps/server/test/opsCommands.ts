import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built operator commands (`npm run backup`, `restore`, `migrate`) and speaker agent. */
export const builtOpsFile = path.join(root, 'apps/server/dist/ops.js');
export const builtAgentFile = path.join(root, 'apps/speaker/dist/cli.js');

/** Runs `node dist/ops.js …` with only the given environment (and PATH for tar and pg_dump). */
export function runOps(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtOpsFile, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TMPDIR: os.tmpdir(), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Starts the built speaker agent (`node apps/speaker/dist/cli.js`) for one device. */
export function spawnBuiltAgent(opts: { server: string; mqtt: string; id: string; secret: string }): ChildProcess {
  const child = spawn(process.execPath, [builtAgentFile, '--server', opts.server, '--mqtt', opts.mqtt, '--id', opts.id], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TMPDIR: os.tmpdir(), LOA_DEVICE_SECRET: opts.secret },
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

/** The PostgreSQL server of the operations tier (LOA_OPS_PG); in CI its absence is an error, not a pass. */
export function opsPostgresUrl(): string | null {
  const url = process.env.LOA_OPS_PG;
  if (url) return url;
  if (process.env.CI === 'true') throw new Error('LOA_OPS_PG is not set: the operations tier needs PostgreSQL in CI (.ci/run sets it when 127.0.0.1:5432 answers)');
  return null;
}
