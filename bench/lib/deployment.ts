/**
 * The Loa servers a benchmark talks to: one server with its embedded broker (the default), or
 * `servers` servers on one external Mosquitto, a fresh PostgreSQL database (the machine's server,
 * LOA_CLUSTER_PG or postgres://postgres@127.0.0.1:5432) and a private Redis, as the cluster tier
 * starts them (apps/server/test/cluster.ts); device accounts on that broker are a password file
 * (bench/lib/deviceAccounts.ts), and one media folder they share (MEDIA_DIR). Everything it starts is undone by `teardown`.
 */
import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSharedStores } from '../../apps/server/test/cluster';
import { ConsoleClient } from './consoleClient';
import { startPasswordFileBroker } from './deviceAccounts';
import { startServer, type BenchServer, type StartServerOptions } from './server';
import type { Teardown } from './teardown';

export interface Deployment {
  servers: BenchServer[];
  /** A signed-in console per server, in the same order. */
  clients: ConsoleClient[];
  /** Where the speakers connect. */
  mqttUrl: string;
  /** The stored audio: the server's own folder, or one folder every server shares (MEDIA_DIR, as on a shared file system). */
  mediaDir: string;
  /** What was started, for the benchmark's log. */
  summary: string[];
  /** Process ids for CPU readings: "server A", "server B", …, and "broker" for an external one. */
  pids: Record<string, number>;
  /** Makes registered devices known to the broker (an external one reads its password file again). */
  addDevices(devices: readonly { id: string; secret: string }[]): Promise<void>;
  /** Stops server `index` and starts it again on the same stores (new pid, address and console; `servers`, `clients` and `pids` follow). */
  restartServer(index: number): Promise<void>;
}

export interface DeploymentOptions extends Pick<StartServerOptions, 'nodeArgs' | 'env' | 'mediaChecks'> {
  /** How many servers: more than one needs `externalBroker`. */
  servers: number;
  externalBroker: boolean;
  /** How many speakers will connect (the external broker's file-descriptor limit is raised to fit). */
  speakers: number;
  /** The external broker's max_queued_messages (default Mosquitto's, 1000). */
  maxQueued?: number;
  /** Where each server's log lines go (its label: "A", "B", …). */
  onLog?: (label: string) => (line: string) => void;
}

export const serverLabel = (index: number) => String.fromCharCode(65 + index);

export async function startDeployment(options: DeploymentOptions, teardown: Teardown): Promise<Deployment> {
  if (!options.externalBroker) {
    if (options.servers !== 1) throw new Error('several servers need an external broker (--external-broker 1)');
    const server = await startServer({ nodeArgs: options.nodeArgs, env: options.env, mediaChecks: options.mediaChecks, onLog: options.onLog?.('A') });
    teardown.add(() => server.stop());
    const client = new ConsoleClient(server.baseUrl);
    await client.login(server.adminUser, server.adminPassword);
    return {
      servers: [server], clients: [client], mqttUrl: server.mqttUrl, pids: { 'server A': server.pid }, mediaDir: path.join(server.dataDir, 'media'),
      summary: [`Server pid ${server.pid} at ${server.baseUrl}, MQTT ${server.mqttUrl}`],
      addDevices: async () => undefined,
      restartServer: () => Promise.reject(new Error('the embedded server keeps its data in its own directory: it is not restarted')),
    };
  }
  const stores = await startSharedStores('loa_bench');
  teardown.add(() => stores.stop());
  const broker = await startPasswordFileBroker(options.speakers + 100, options.maxQueued);
  teardown.add(() => broker.stop());
  const adminPassword = crypto.randomBytes(18).toString('base64url');
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'loa-bench-media-'));
  teardown.add(() => rm(mediaDir, { recursive: true, force: true }));
  const servers: BenchServer[] = [];
  const clients: ConsoleClient[] = [];
  const pids: Record<string, number> = {};
  const start = async (i: number) => {
    const server = await startServer({
      nodeArgs: options.nodeArgs, adminPassword, mediaChecks: options.mediaChecks, onLog: options.onLog?.(serverLabel(i)),
      env: { ...stores.env, MQTT_URL: broker.serverUrl, MEDIA_DIR: mediaDir, ...options.env },
    });
    teardown.add(() => server.stop());
    const client = new ConsoleClient(server.baseUrl);
    await client.login(server.adminUser, server.adminPassword);
    [servers[i], clients[i], pids[`server ${serverLabel(i)}`]] = [server, client, server.pid];
  };
  // One after the other: the first creates the schema and the administrator in the shared database.
  for (let i = 0; i < options.servers; i += 1) await start(i);
  pids.broker = broker.pid();
  return {
    servers, clients, mqttUrl: broker.url, pids, mediaDir,
    summary: [
      `Mosquitto pid ${broker.pid()} at ${broker.url} (device accounts: a password file and an ACL file, not dynamic security)`,
      `PostgreSQL database ${stores.scratch.name}, Redis ${stores.redis.url}`,
      ...servers.map((s, i) => `Server ${serverLabel(i)} pid ${s.pid} at ${s.baseUrl}`),
    ],
    addDevices: (devices) => broker.addDevices(devices),
    restartServer: async (i) => {
      await servers[i].stop();
      await start(i);
    },
  };
}
