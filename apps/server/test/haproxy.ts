import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './mosquitto';

export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/**
 * HAProxy in front of Loa instances, as docs/operations.md configures it: round robin, health
 * checks on /v1/health every 500 ms (out after two failures), WebSocket upgrades passed through,
 * a request to a dead instance retried on another. Its own temporary directory and a free port.
 */
export async function startHaproxy(backends: number[]): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(HAPROXY_BIN)) throw new Error(`${HAPROXY_BIN} is missing: install Debian's haproxy (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-haproxy-'));
  const port = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, [
    'global', '  maxconn 2000',
    'defaults', '  mode http', '  timeout connect 2s', '  timeout client 60s', '  timeout server 60s', '  timeout tunnel 1h',
    '  option redispatch', '  retries 3',
    'frontend loa', `  bind 127.0.0.1:${port}`, '  default_backend loa_servers',
    'backend loa_servers', '  balance roundrobin', '  option httpchk GET /v1/health', '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...backends.map((p, i) => `  server loa${i} 127.0.0.1:${p} check`),
    '',
  ].join('\n'));
  const child: ChildProcess = spawn(HAPROXY_BIN, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (child.exitCode !== null) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`haproxy did not start: ${stderr}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
