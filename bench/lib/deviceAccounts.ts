/**
 * Device accounts on an external Mosquitto for the fan-out benchmark, from a password file and an
 * ACL file instead of the dynamic-security plugin that production uses (MQTT_DYNSEC=1): the plugin
 * rewrites its whole file after every command, so registering 20,000 devices through it would take
 * hours (2,000 took 204 s). What differs from production (docs/performance.md says it too):
 * - the passwords are written by the benchmark, in Mosquitto's own format (`$7$`, PBKDF2-SHA512 with
 *   101 iterations, as `mosquitto_passwd` writes them), then Mosquitto reloads its files (SIGHUP);
 * - a device may read the command topic of **any** area (`pa/v1/area/+/cmd`); dynsec grants only its
 *   own area and that area's ancestors, and refuses everything else explicitly;
 * - the rights follow the username (`%u`, the device id) by pattern lines, not a role per device.
 * Connecting, the topics a device writes and reads, and the server's one account are as in production.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { startMosquitto, type MosquittoProcess } from '../../apps/server/test/mosquitto';

/** The broker account the benchmark's Loa servers connect with (MQTT_URL). */
export const SERVER_ACCOUNT = 'loa-server';

/** One line of a Mosquitto 2 password file (`mosquitto_passwd` format `$7$`: PBKDF2-SHA512, 101 iterations). */
export function passwordLine(username: string, password: string, salt: Buffer = crypto.randomBytes(12)): string {
  if (username.includes(':') || /\s/.test(username)) throw new Error(`a Mosquitto user name cannot hold ':' or spaces: ${JSON.stringify(username)}`);
  const iterations = 101;
  const hash = crypto.pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return `${username}:$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * The ACL file: the server's account reads and writes everything; every other account (a device,
 * its id as user name) writes its own state, event and clock, reads its own cmd, config and time,
 * and reads the command topic of any area.
 */
export function aclFile(serverAccount = SERVER_ACCOUNT): string {
  return [
    `user ${serverAccount}`,
    'topic readwrite #',
    '',
    ...['state', 'event', 'clock'].map((t) => `pattern write pa/v1/dev/%u/${t}`),
    ...['cmd', 'config', 'time'].map((t) => `pattern read pa/v1/dev/%u/${t}`),
    'pattern read pa/v1/area/+/cmd',
    '',
  ].join('\n');
}

/** A Mosquitto whose accounts are a password file and an ACL file (above). */
export interface PasswordFileBroker {
  /** mqtt://127.0.0.1:port, for the speakers. */
  url: string;
  /** MQTT_URL for the Loa servers (the server account in it). */
  serverUrl: string;
  pid(): number;
  /** Adds device accounts, has Mosquitto read its files again and waits until the last one is accepted. */
  addDevices(devices: readonly { id: string; secret: string }[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts Mosquitto on a free port with its configuration, password and ACL files in a temporary
 * directory (removed by stop). `clients`: how many connections it must hold (its file-descriptor
 * limit is raised to fit, see startMosquitto). `maxQueued`: its max_queued_messages per client
 * (default Mosquitto's own, 1000), the QoS 1 messages a subscriber may have waiting before the
 * broker drops the next ones; the Loa servers' subscriptions to every state and event are such.
 */
export async function startPasswordFileBroker(clients: number, maxQueued?: number): Promise<PasswordFileBroker> {
  // Root raises a process's limit only up to the hard one where it lacks CAP_SYS_RESOURCE (a container).
  const hard = hardOpenFileLimit();
  if (clients + 32 > hard) {
    throw new Error(`this machine lets a process open at most ${hard} files (hard limit), too few for Mosquitto to hold ${clients} connections: use --count ≤ ${hard - 32}, or raise the hard limit (limits.conf, LimitNOFILE=)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-bench-mosquitto-'));
  const serverPassword = crypto.randomBytes(18).toString('hex');
  const passwords = path.join(dir, 'passwords');
  const acl = path.join(dir, 'acl');
  fs.writeFileSync(passwords, `${passwordLine(SERVER_ACCOUNT, serverPassword)}\n`, { mode: 0o600 });
  fs.writeFileSync(acl, aclFile());
  let broker: MosquittoProcess;
  try {
    // Notices too, for one of them: "Outgoing messages are being dropped for client …" (a subscriber's
    // queue full, max_queued_messages), which would otherwise pass unseen; the others are left out.
    broker = await startMosquitto(dir, [`password_file ${passwords}`, `acl_file ${acl}`, 'log_type notice', ...(maxQueued === undefined ? [] : [`max_queued_messages ${maxQueued}`])], {
      maxOpenFiles: Math.min(hard, Math.max(4096, clients + 1024)),
      onStderr: (text) => {
        // The area line is a pattern on purpose (it applies to every account), so Mosquitto warns that
        // it names no %u; run as root on a test machine, it warns about that too.
        const lines = text.trimEnd().split('\n').filter((line) => /(Error|Warning): |dropped/.test(line) && !/ACL pattern '.*' does not contain|should not be run as root/.test(line));
        if (lines.length > 0) process.stderr.write(`${lines.map((line) => `[mosquitto] ${line}`).join('\n')}\n`);
      },
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: broker.url,
    serverUrl: `mqtt://${SERVER_ACCOUNT}:${serverPassword}@127.0.0.1:${broker.port}`,
    pid: broker.pid,
    async addDevices(devices) {
      if (devices.length === 0) return;
      fs.appendFileSync(passwords, devices.map((d) => `${passwordLine(d.id, d.secret)}\n`).join(''));
      broker.reload();
      const last = devices[devices.length - 1];
      const until = Date.now() + 30_000;
      while ((await connackCode(broker.port, last.id, last.secret)) !== 0) {
        if (Date.now() > until) throw new Error(`Mosquitto still refuses device ${last.id} 30 s after reading its password file again`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: broker.stop,
  };
}

/** Connects as `username` (clean session, client id `probe-…`), answers the CONNACK return code, disconnects. */
export function connackCode(port: number, username: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no CONNACK within 5 s'));
    }, 5000);
    parser.on('packet', (packet: Packet) => {
      if (packet.cmd !== 'connack') return;
      clearTimeout(timer);
      socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
      resolve(packet.returnCode ?? -1);
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(mqttPacket.generate({
      cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 10,
      clientId: `probe-${crypto.randomBytes(4).toString('hex')}`, username, password: Buffer.from(password),
    }));
  });
}

/** The hard limit of open files of a process started from here (`ulimit -Hn`); Infinity when unlimited. */
export function hardOpenFileLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' || out === '' ? Number.POSITIVE_INFINITY : Number(out);
}
