import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/mosquitto';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A Loa server running as a child process, on free ports, with a throw-away data directory. */
export interface BenchServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** mqtt://127.0.0.1:<mqttPort>, or the external broker's address (MQTT_URL without its account). */
  mqttUrl: string;
  adminUser: string;
  adminPassword: string;
  pid: number;
  dataDir: string;
  /** Its listener for a caching tier's audio checks (MEDIA_CHECK_PORT, on 127.0.0.1), when asked for (`mediaChecks`). */
  checkPort: number | null;
  /** Peak resident memory of the server process so far (Linux VmHWM), MiB; null elsewhere. */
  peakRssMb(): Promise<number | null>;
  /** SIGTERM, wait for the exit (SIGKILL after `graceMs`), then remove the data directory. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment for the server (wins over the defaults below). */
  env?: Record<string, string>;
  /** How long to wait for both listening lines (default 60 s). */
  startTimeoutMs?: number;
  /** Extra Node flags for the server process, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]. */
  nodeArgs?: string[];
  /** Where the server's other output lines go (default: stderr, prefixed). */
  onLog?: (line: string) => void;
  /** The administrator's password (default: a random one); servers sharing a database need the same. */
  adminPassword?: string;
  /** Open the listener for a caching tier's audio checks on a free port (MEDIA_CHECK_PORT); otherwise the server runs without it, as by default. */
  mediaChecks?: boolean;
}

/** A server log entry (pino JSON). */
export interface ServerLogEntry {
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

/**
 * An `onLog` for a server started at `LOG_LEVEL=info`: entries whose message is a key of `on` go
 * to that handler; warnings, errors and lines that are not JSON go on to stderr; the rest is dropped.
 */
export function watchServerLog(on: Record<string, (entry: ServerLogEntry) => void>): (line: string) => void {
  return (line) => {
    let entry: ServerLogEntry;
    try {
      entry = JSON.parse(line) as ServerLogEntry;
    } catch {
      process.stderr.write(`[server] ${line}\n`);
      return;
    }
    const handler = entry.msg === undefined ? undefined : on[entry.msg];
    if (handler) handler(entry);
    else if ((entry.level ?? 0) >= 40) process.stderr.write(`[server] ${line}\n`);
  };
}

const HTTP_LINE = /Loa đang chạy tại http:\/\/localhost:(\d+)/;
const MQTT_LINE = /MQTT cho thiết bị \/ for devices: mqtt:\/\/[^:]+:(\d+)/;

/**
 * Starts `apps/server/src/main.ts` in its own process (so its memory and event loop are measured
 * alone) and resolves once it prints its HTTP and MQTT ports. Never uses fixed ports.
 */
export async function startServer(options: StartServerOptions = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'loa-bench-'));
  const adminUser = 'admin';
  const adminPassword = options.adminPassword ?? crypto.randomBytes(18).toString('base64url');
  // LOA_BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server of any benchmark.
  const nodeArgs = options.nodeArgs ?? (process.env.LOA_BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
  const checkPort = options.mediaChecks ? await freePort() : null;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      ADMIN_USER: adminUser,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // One client (the benchmark) makes every request: the per-IP limiter must not count it.
      RATE_LIMIT_PER_MINUTE: '10000000',
      // The bulletins relay from the discard port of this machine (nobody opens it: the speakers are silent).
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      ...(checkPort !== null ? { MEDIA_CHECK_PORT: String(checkPort) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onLog = options.onLog ?? ((line: string) => process.stderr.write(`[server] ${line}\n`));
  readline.createInterface({ input: child.stderr! }).on('line', onLog);

  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => {
    exited = true;
    resolve();
  }));
  const cleanup = () => rm(dataDir, { recursive: true, force: true });

  try {
    // With an external broker (MQTT_URL) the server has no MQTT port of its own.
    const external = options.env?.MQTT_URL ? new URL(options.env.MQTT_URL) : null;
    const ports = await readPorts(child, onLog, options.startTimeoutMs ?? 60_000, !external);
    return {
      baseUrl: `http://127.0.0.1:${ports.http}`,
      mqttUrl: external ? `${external.protocol}//${external.host}` : `mqtt://127.0.0.1:${ports.mqtt}`,
      adminUser,
      adminPassword,
      pid: child.pid!,
      dataDir,
      checkPort,
      peakRssMb: () => peakRss(child.pid!),
      stop: async (graceMs = 15_000) => {
        if (!exited) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exit;
          clearTimeout(timer);
        }
        await cleanup();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exit;
    await cleanup();
    throw error;
  }
}

/** Reads the child's stdout until both listening lines are seen (the HTTP one only, unless `needMqtt`); later lines go to `onLog`. */
function readPorts(child: ChildProcess, onLog: (line: string) => void, timeoutMs: number, needMqtt = true): Promise<{ http: number; mqtt: number | null }> {
  return new Promise((resolve, reject) => {
    let http: number | null = null;
    let mqtt: number | null = null;
    const timer = setTimeout(() => reject(new Error(`server did not report its ports within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`server exited before listening (code ${code})`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const h = HTTP_LINE.exec(line);
      const m = MQTT_LINE.exec(line);
      if (h) http = Number(h[1]);
      else if (m) mqtt = Number(m[1]);
      else onLog(line);
      if (http !== null && (mqtt !== null || !needMqtt)) {
        clearTimeout(timer);
        resolve({ http, mqtt });
      }
    });
  });
}

async function peakRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status);
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
}
