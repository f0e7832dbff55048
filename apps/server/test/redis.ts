import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './mosquitto';

export const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/**
 * A private Redis for a test (Debian's redis-server, nothing written to disk), so tests never touch
 * the machine's own; REDIS_TEST_URL uses a given one instead.
 */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.REDIS_TEST_URL) return { url: process.env.REDIS_TEST_URL, stop: async () => undefined };
  if (!fs.existsSync(REDIS_BIN)) throw new Error(`${REDIS_BIN} is missing: install Debian's redis-server (.ci/run does)`);
  const port = await freePort();
  const child = spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
