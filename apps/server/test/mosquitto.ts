import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';

export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';
export const DYNSEC_PLUGIN = process.env.MOSQUITTO_DYNSEC_PLUGIN ?? '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** Whether a Mosquitto with the dynamic-security plugin can be started here. */
export const dynsecMosquittoAvailable = fs.existsSync(MOSQUITTO_BIN) && fs.existsSync(DYNSEC_PLUGIN);

export interface DynsecMosquitto {
  port: number;
  /** mqtt://admin:password@127.0.0.1:port — the account MQTT_URL carries. */
  adminUrl: string;
  url: string;
  /** kill -9, then the same broker again on the same port with its accounts (clients must reconnect). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A free TCP port (Mosquitto and Redis cannot listen on port 0): listen on 0, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The dynamic-security file as `mosquitto_ctrl dynsec init FILE USER PASSWORD` writes it: one
 * administrator with the plugin's admin role (sha512-PBKDF2, base64 hash and salt).
 */
function initialDynsecConfig(username: string, password: string): unknown {
  const salt = crypto.randomBytes(12);
  const iterations = 101;
  const hash = crypto.pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  const allow = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
  return {
    clients: [{ username, textName: 'Dynsec admin user', password: hash.toString('base64'), salt: salt.toString('base64'), iterations, roles: [{ rolename: 'admin' }] }],
    roles: [{
      rolename: 'admin',
      acls: [
        allow('publishClientSend', '$CONTROL/dynamic-security/#'), allow('publishClientReceive', '$CONTROL/dynamic-security/#'),
        allow('subscribePattern', '$CONTROL/dynamic-security/#'), allow('publishClientReceive', '$SYS/#'), allow('subscribePattern', '$SYS/#'),
        allow('publishClientReceive', '#'), allow('subscribePattern', '#'), allow('unsubscribePattern', '#'),
      ],
    }],
    defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
  };
}

/** A private Mosquitto child process on a free port of 127.0.0.1, with its temporary directory. */
export interface MosquittoProcess {
  port: number;
  /** mqtt://127.0.0.1:port (no account). */
  url: string;
  pid: () => number;
  /** kill -9, then the same broker again on the same port (clients must reconnect). */
  restart: () => Promise<void>;
  /** SIGHUP: Mosquitto reads its configuration again (password and ACL files included). */
  reload: () => void;
  /** Stops it and removes its directory. */
  stop: () => Promise<void>;
}

/** The production setting (docs/device-protocol.md): a server's queue holds a whole fleet's burst of events. */
export const MAX_QUEUED_MESSAGES = 100_000;

/**
 * Starts Mosquitto in `dir` (removed by stop) with `settings` after a 127.0.0.1 listener on a free
 * port, no anonymous clients and no persistence. `maxOpenFiles`: runs it under `prlimit` with that
 * many file descriptors (root can raise it past the shell's limit), for tens of thousands of clients.
 */
export async function startMosquitto(dir: string, settings: string[], options: { maxOpenFiles?: number; onStderr?: (text: string) => void } = {}): Promise<MosquittoProcess> {
  const [command, prefix]: [string, string[]] = options.maxOpenFiles ? ['prlimit', [`--nofile=${options.maxOpenFiles}:${options.maxOpenFiles}`, '--', MOSQUITTO_BIN]] : [MOSQUITTO_BIN, []];
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const conf = path.join(dir, 'mosquitto.conf');
    fs.writeFileSync(conf, [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      // Started as root, Mosquitto would drop to the `mosquitto` user, which may not write here.
      `user ${os.userInfo().username}`,
      ...settings,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'));
    const spawnIt = () => spawn(command, [...prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let child: ChildProcess = spawnIt();
    let stderr = '';
    const onStderr = (chunk: Buffer) => {
      // Kept for a failed start's message; a long run's log is for onStderr.
      if (stderr.length < 65_536) stderr += chunk.toString();
      options.onStderr?.(chunk.toString());
    };
    child.stderr?.on('data', onStderr);
    let exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let exitedEarly = false;
    void exited.then(() => { exitedEarly = true; });
    const until = Date.now() + 5000;
    while (!exitedEarly && Date.now() < until && !(await listening(port))) await new Promise((r) => setTimeout(r, 50));
    if (!exitedEarly && (await listening(port))) {
      return {
        port, url: `mqtt://127.0.0.1:${port}`,
        pid: () => child.pid!,
        restart: async () => {
          child.kill('SIGKILL');
          await exited;
          child = spawnIt();
          child.stderr?.on('data', onStderr);
          exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          const by = Date.now() + 10_000;
          while (Date.now() < by && child.exitCode === null && !(await listening(port))) await new Promise((r) => setTimeout(r, 20));
          if (!(await listening(port))) throw new Error('mosquitto did not come back on its port');
        },
        reload: () => void child.kill('SIGHUP'),
        stop: async () => {
          if (child.exitCode === null) {
            child.kill('SIGTERM');
            await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
            if (child.exitCode === null) child.kill('SIGKILL');
          }
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    lastError = stderr;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(`mosquitto did not start: ${lastError}`);
}

/** Starts a private Mosquitto (temporary directory, free port, no anonymous clients, dynamic security). */
export async function startDynsecMosquitto(): Promise<DynsecMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-mosquitto-'));
  const admin = { username: 'loa-admin', password: crypto.randomBytes(12).toString('hex') };
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  fs.writeFileSync(dynsecFile, JSON.stringify(initialDynsecConfig(admin.username, admin.password), null, 1));
  // As docs/device-protocol.md says for production: the servers' subscription to every device's
  // state and events must not be cut at Mosquitto's default of 1,000 queued messages.
  const broker = await startMosquitto(dir, [`plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${dynsecFile}`, `max_queued_messages ${MAX_QUEUED_MESSAGES}`]);
  return {
    port: broker.port, url: broker.url, adminUrl: `mqtt://${admin.username}:${admin.password}@127.0.0.1:${broker.port}`,
    restart: broker.restart, stop: broker.stop,
  };
}

/** Subscribes and answers the granted QoS (128 = refused) instead of throwing. */
export async function grant(client: MqttClient, topic: string): Promise<number> {
  try {
    const [g] = await client.subscribeAsync(topic, { qos: 1 });
    return g.qos;
  } catch (error) {
    return (error as { packet?: { granted?: number[] } }).packet?.granted?.[0] ?? -1;
  }
}
