import { spawn } from 'node:child_process';
import path from 'node:path';

/** A failure of backup or restore, with the Vietnamese sentence the operator reads (and English after it). */
export class OpsError extends Error {
  override name = 'OpsError';
}

const INSTALL_HINT: Record<string, string> = {
  tar: 'apt-get install tar',
  pg_dump: 'apt-get install postgresql-client',
  pg_restore: 'apt-get install postgresql-client',
};

/**
 * Runs a command line tool and resolves with its exit code and what it printed on stderr; rejects
 * with an OpsError when it is not installed. pg_dump and pg_restore come from PG_BINDIR when set
 * (a client of the server's own major version, e.g. /usr/lib/postgresql/16/bin).
 */
export function runTool(tool: 'tar' | 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stderr: string }> {
  const bin = tool !== 'tar' && process.env.PG_BINDIR ? path.join(process.env.PG_BINDIR, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT'
        ? new OpsError(`Không tìm thấy lệnh ${bin}: hãy cài (${INSTALL_HINT[tool]}) / ${bin} not found`)
        : error);
    });
    child.once('close', (code) => resolve({ code: code ?? 1, stderr: stderr.trim() }));
  });
}

/** Runs the tool and rejects with what it said unless it exits 0. */
export async function mustRun(tool: 'tar' | 'pg_dump' | 'pg_restore', args: string[], what: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const { code, stderr } = await runTool(tool, args, env);
  if (code !== 0) throw new OpsError(`${what}: ${tool} dừng với mã ${code} / exited with ${code}\n${stderr}`);
}

/**
 * A PostgreSQL URL without its password, and the password as PGPASSWORD: a password in the
 * command line of pg_dump would be readable by every user of the machine (ps).
 */
export function postgresTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}
