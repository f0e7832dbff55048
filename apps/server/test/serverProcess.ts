import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestClient } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainFile = path.join(serverDir, 'src/main.ts');
/** The production build of main.ts (`npm run build:server`). */
export const builtMainFile = path.join(serverDir, 'dist/main.js');

/** The real server (src/main.ts) as a child process, for the fault tier: killed with -9, restarted. */
export interface ServerProcess {
  url: string;
  /** The embedded broker's MQTT port (0 in standby: no broker). */
  mqttPort: number;
  child: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Whether it is still running (it has not exited). */
  alive(): boolean;
  /** kill -9: no shutdown of any kind. */
  kill9(): Promise<void>;
  /** SIGTERM, as an operator stops it; kill -9 after 15 s. */
  stop(): Promise<void>;
}

/** The administrator every spawned server starts with. */
export const SPAWNED_ADMIN = { tentaikhoan: 'admin', password: 'fault-admin-password' };

/** Signs in as that administrator (on a server, or on a load balancer in front of some). */
export async function signInSpawned(server: { url: string }): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.login(SPAWNED_ADMIN);
  if (res.status !== 200) throw new Error(`sign-in failed (${res.status}): ${JSON.stringify(res.body)}`);
  return client;
}

const running = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** A temporary data directory, removed by cleanupServers(). */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-fault-'));
  tempDirs.add(dir);
  return dir;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node --import tsx src/main.ts` (one process, so kill -9 hits the server itself) on port 0
 * for HTTP and MQTT, and resolves with the address it prints once listening. `built`: the
 * production build instead, `node dist/main.js` with no TypeScript loader, as `npm run start:prod`.
 */
export async function spawnServer(opts: { dataDir: string; env?: Record<string, string>; startTimeoutMs?: number; built?: boolean }): Promise<ServerProcess> {
  const args = opts.built ? ['--enable-source-maps', builtMainFile] : ['--import', 'tsx', mainFile];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TMPDIR: os.tmpdir(),
      PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', DEMO: '0',
      ADMIN_USER: SPAWNED_ADMIN.tentaikhoan, ADMIN_PASSWORD: SPAWNED_ADMIN.password, WEB_DIST: '/nonexistent-loa-web-dist', TTS_WORKERS: '1',
      // Relays of the tests point at local servers (127.0.0.1): allowed, as in startTestServer.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  const output = () => out;
  const started = new Promise<{ url: string; mqttPort: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${opts.startTimeoutMs ?? 240_000} ms:\n${out}`)), opts.startTimeoutMs ?? 240_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const http = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      const mqtt = /mqtt:\/\/<máy chủ>:(\d+)/.exec(out);
      // With an external broker (MQTT_URL), or in standby (a schema this build cannot serve), there is no broker of its own.
      if (http && (mqtt || opts.env?.MQTT_URL || out.includes('standby'))) {
        clearTimeout(timer);
        resolve({ url: http[1], mqttPort: mqtt ? Number(mqtt[1]) : 0 });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) while starting:\n${out}`));
    });
  });
  let address: { url: string; mqttPort: number };
  try {
    address = await started;
  } catch (error) {
    child.kill('SIGKILL');
    await exited(child);
    throw error;
  }
  return {
    ...address,
    child,
    output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(force);
    },
  };
}

/** Kills every server still running and removes the temporary directories (afterAll, and on failure). */
export async function cleanupServers(): Promise<void> {
  await Promise.all([...running].map(async (child) => {
    child.kill('SIGKILL');
    await exited(child);
  }));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Last resort if the test process itself ends early: no server is left running.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The PostgreSQL server of the fault tier (LOA_FAULT_PG); in CI its absence is an error, not a pass. */
export function faultPostgresUrl(): string | null {
  const url = process.env.LOA_FAULT_PG;
  if (url) return url;
  if (process.env.CI === 'true') throw new Error('LOA_FAULT_PG is not set: the fault tier needs PostgreSQL in CI (.ci/run sets it when 127.0.0.1:5432 answers)');
  return null;
}
