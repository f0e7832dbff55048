import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyInstance } from 'fastify';
import { topics } from '@loa/contract';
import { asBuffer, type BrokerReport, type BrokerWorkerData, type FromBroker, type ToBroker } from './brokerThread';
import { DynsecClient, MosquittoDeviceAccounts, ensureServerAccess, type DeviceAccounts } from './mosquittoDynsec';

/** What the gateway needs from a broker, embedded or external. */
export interface BrokerTransport {
  readonly kind: 'embedded' | 'external';
  publish(topic: string, payload: unknown, opts?: { retain?: boolean }): Promise<void>;
  /** Fire and forget at QoS 0 (clock answers: a late one is useless, a lost one is sent again). */
  publishNow(topic: string, payload: string): void;
  /** Removes a retained message (an empty retained publish). */
  clearRetained(topic: string): Promise<void>;
  /** Messages devices publish on their state, event and clock topics, with when they reached the server (ms). */
  onDeviceMessage(handler: (topic: string, payload: Buffer, receivedAt: number) => void): void;
  /** Connection changes seen by the broker itself (embedded only; an external broker reports through wills). */
  onPresence(handler: (deviceId: string, online: boolean, ip: string | null) => void): void;
  /** Cuts a device's current connection (after its secret was reset). */
  disconnect(deviceId: string): void;
  close(): Promise<void>;
  /** The MQTT/TCP port actually listened on (embedded), or null. */
  readonly tcpPort: number | null;
  /** Device accounts and rights Loa keeps on an external broker (MQTT_DYNSEC), or null. */
  readonly accounts: DeviceAccounts | null;
}

/** Device credentials and rights, answered by the gateway from its registry. */
export interface DeviceAuthority {
  verify(deviceId: string, secret: string): boolean;
  maySubscribe(deviceId: string, topic: string): boolean;
}

/** Device messages handled per slice of the main thread's time, before it lets other work in. */
const SLICE_MS = 8;

/**
 * Work that arrives in bursts (a bulletin's 10,000 `started` events), handled SLICE_MS at a time
 * with the rest after the event loop's other work had its turn: timers, HTTP answers and console
 * events never wait behind a whole burst.
 */
export class SlicedQueue<T> {
  private items: T[] = [];
  private head = 0;
  private scheduled = false;

  constructor(private readonly handle: (item: T) => void, private readonly sliceMs = SLICE_MS) {}

  push(items: readonly T[]): void {
    for (const item of items) this.items.push(item);
    if (!this.scheduled && this.head < this.items.length) {
      this.scheduled = true;
      setImmediate(() => this.slice());
    }
  }

  get length(): number {
    return this.items.length - this.head;
  }

  /** Handles everything queued now (on close). */
  drainAll(): void {
    while (this.head < this.items.length) this.handle(this.items[this.head++]!);
    this.items = [];
    this.head = 0;
  }

  private slice(): void {
    const end = performance.now() + this.sliceMs;
    // The clock is read every 32 items: reading it costs more than handling a small message.
    for (let n = 0; this.head < this.items.length && (n % 32 !== 0 || performance.now() < end); n += 1) this.handle(this.items[this.head++]!);
    if (this.head < this.items.length) return void setImmediate(() => this.slice());
    this.items = [];
    this.head = 0;
    this.scheduled = false;
  }
}

/**
 * The embedded broker (aedes, on its own thread: brokerWorker.ts): MQTT over TCP on MQTT_PORT and
 * over WebSocket at /mqtt on the HTTP port. Devices authenticate with id and secret; the topic ACL
 * comes from the authority. What devices publish reaches the main thread in batches, handled a
 * slice at a time, so a bulletin's 10,000 `started` events never hold the event loop for long.
 */
export async function startEmbeddedBroker(app: FastifyInstance, authority: DeviceAuthority, mqttPort: number): Promise<BrokerTransport> {
  const messageHandlers: ((topic: string, payload: Buffer, receivedAt: number) => void)[] = [];
  const presenceHandlers: ((deviceId: string, online: boolean, ip: string | null) => void)[] = [];
  const workerData: BrokerWorkerData = {
    mqttPort, maxPacketBytes: app.config.MQTT_MAX_PACKET_BYTES, eventsPerMinute: app.config.MQTT_DEVICE_EVENTS_PER_MINUTE,
  };
  const entry = new URL(import.meta.url.endsWith('.ts') ? './brokerWorker.ts' : './brokerWorker.js', import.meta.url).href;

  let nextId = 0;
  const calls = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const wsSockets = new Map<number, Duplex>();
  let closing = false;
  let worker!: Worker;
  let ready!: Promise<number | null>;

  const queue = new SlicedQueue<BrokerReport>((r) => handle(r));
  const post = (message: ToBroker) => worker.postMessage(message);

  function handle(r: BrokerReport): void {
    // One device's message never takes the server down, whatever goes wrong handling it.
    try {
      switch (r.kind) {
        case 'message': {
          const payload = asBuffer(r.payload);
          for (const h of messageHandlers) h(r.topic, payload, r.receivedAt);
          return;
        }
        case 'presence':
          for (const h of presenceHandlers) h(r.deviceId, r.online, r.ip);
          return;
        case 'verify':
          return post({ op: 'answer', id: r.id, ok: authority.verify(r.deviceId, r.secret) });
        case 'maySubscribe':
          return post({ op: 'answer', id: r.id, ok: authority.maySubscribe(r.deviceId, r.topic) });
        case 'log':
          return app.log[r.level](r.fields, r.msg);
        case 'wsOut':
          return void wsSockets.get(r.conn)?.write(asBuffer(r.chunk));
        case 'wsClose':
          wsSockets.get(r.conn)?.destroy();
          wsSockets.delete(r.conn);
      }
    } catch (error) {
      app.log.error({ err: error, report: r.kind }, 'mqtt: device message not handled');
    }
  }

  function spawn(port: number): Promise<number | null> {
    worker = new Worker(new URL('./workerBoot.mjs', import.meta.url), { workerData: { ...workerData, mqttPort: port, entry } });
    const started = new Promise<number | null>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: FromBroker) => {
        if (message.op === 'ready') return resolve(message.tcpPort);
        if (message.op === 'reports') return queue.push(message.reports);
        const call = calls.get(message.id);
        calls.delete(message.id);
        if (message.error) call?.reject(new Error(message.error));
        else call?.resolve();
      });
    });
    worker.on('error', (error) => app.log.error({ err: error }, 'mqtt: the embedded broker failed'));
    worker.once('exit', (code) => {
      for (const call of calls.values()) call.reject(new Error('the embedded broker stopped'));
      calls.clear();
      for (const socket of wsSockets.values()) socket.destroy();
      wsSockets.clear();
      if (closing) return;
      // Devices reconnect to a new broker thread on the same port; commands wait for it.
      app.log.error({ code }, 'mqtt: the embedded broker stopped; starting it again');
      ready = spawn(tcpPort ?? port);
      ready.catch((error: unknown) => app.log.error({ err: error }, 'mqtt: the embedded broker could not start again'));
    });
    return started;
  }
  ready = spawn(mqttPort);
  const tcpPort = await ready;

  async function call(message: DistributiveOmit<Extract<ToBroker, { id: number }>, 'id'>): Promise<void> {
    await ready;
    const id = (nextId += 1);
    await new Promise<void>((resolve, reject) => {
      calls.set(id, { resolve, reject });
      post({ ...message, id } as ToBroker);
    });
  }
  const payloadOf = (value: string | Buffer) => new Uint8Array(typeof value === 'string' ? Buffer.from(value) : value);

  // MQTT over WebSocket at /mqtt, sharing the HTTP port with the console and Socket.IO; the bytes go to the broker's thread.
  const wss = new WebSocketServer({ noServer: true });
  let nextConn = 0;
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith('/mqtt')) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const conn = (nextConn += 1);
      const stream = createWebSocketStream(ws);
      wsSockets.set(conn, stream);
      post({ op: 'wsOpen', conn, ip: request.socket.remoteAddress ?? null });
      stream.on('data', (chunk: Buffer) => post({ op: 'wsData', conn, chunk: new Uint8Array(chunk) }));
      stream.on('error', () => stream.destroy());
      // A dropped WebSocket only ends this stream's reading side (ws does not close it): end it whole.
      stream.on('end', () => stream.destroy());
      stream.on('close', () => {
        if (wsSockets.delete(conn)) post({ op: 'wsEnd', conn });
      });
    });
  });

  return {
    kind: 'embedded',
    tcpPort,
    accounts: null,
    publish: (topic, payload, opts = {}) => call({ op: 'publish', topic, payload: payloadOf(JSON.stringify(payload)), qos: 1, retain: opts.retain ?? false }),
    publishNow: (topic, payload) => {
      void call({ op: 'publish', topic, payload: payloadOf(payload), qos: 0, retain: false }).catch(() => undefined);
    },
    clearRetained: (topic) => call({ op: 'publish', topic, payload: new Uint8Array(0), qos: 1, retain: true }),
    onDeviceMessage: (h) => void messageHandlers.push(h),
    onPresence: (h) => void presenceHandlers.push(h),
    disconnect: (deviceId) => post({ op: 'disconnect', deviceId }),
    close: async () => {
      closing = true;
      await call({ op: 'close' }).catch(() => undefined);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      // What the broker reported as it closed (devices going offline) is handled before it ends.
      queue.drainAll();
      await worker.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * An external broker (MQTT_URL: Mosquitto, EMQX): the server is one more client. Device
 * credentials and ACLs are the broker's (docs/device-protocol.md); with `dynsec` (MQTT_DYNSEC=1,
 * Mosquitto) the server keeps them there itself through the dynamic-security plugin.
 */
/** The external broker refused the server's credentials (MQTT_URL): the server waits in standby and tries again. */
export class BrokerRefusedError extends Error {
  constructor(readonly host: string, reason: string) {
    super(`the MQTT broker at ${host} refused the server's credentials (${reason})`);
    this.name = 'BrokerRefusedError';
  }
}

/** The servers' shared-subscription group for clock requests on an external broker. */
export const CLOCK_SHARE_GROUP = 'loa-dongho';

export async function connectExternalBroker(app: FastifyInstance, url: string, opts: { dynsec?: boolean } = {}): Promise<BrokerTransport> {
  const messageHandlers: ((topic: string, payload: Buffer, receivedAt: number) => void)[] = [];
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(url, {
      clientId: `loa-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 2000,
    });
  } catch (error) {
    // CONNACK 4 (bad user name or password) or 5 (not authorised): retrying as is cannot help.
    const code = (error as { code?: unknown }).code;
    if (code === 4 || code === 5) throw new BrokerRefusedError(new URL(url).host, (error as Error).message);
    throw error;
  }
  client.on('error', (error) => app.log.error({ err: error.message }, 'mqtt: external broker error'));
  // Messages are read off the one socket in large chunks: handled a slice at a time, as the embedded broker's.
  const queue = new SlicedQueue<{ topic: string; payload: Buffer; receivedAt: number }>(({ topic, payload, receivedAt }) => {
    try {
      for (const h of messageHandlers) h(topic, payload, receivedAt);
    } catch (error) {
      app.log.error({ err: error, topic }, 'mqtt: device message not handled');
    }
  });
  client.on('message', (topic, payload) => queue.push([{ topic, payload, receivedAt: Date.now() }]));
  let accounts: DeviceAccounts | null = null;
  if (opts.dynsec) {
    try {
      const dynsec = new DynsecClient(client);
      await dynsec.start();
      await ensureServerAccess(client, dynsec, decodeURIComponent(new URL(url).username), app.log);
      accounts = new MosquittoDeviceAccounts(dynsec, app.log);
    } catch (error) {
      await client.endAsync(true);
      throw error;
    }
  }
  // Plans too (retained, published by the scheduler's leader): every instance shows which plan each
  // speaker should hold, and so whether it holds it (issue #30), whichever instance a console uses.
  await client.subscribeAsync([topics.allState, topics.allEvent, topics.allPlan], { qos: 1 });
  // One instance answers each clock request: a shared subscription hands every request to one of
  // the servers subscribed in the group (state and events go to all: each keeps the live view).
  await client.subscribeAsync(`$share/${CLOCK_SHARE_GROUP}/${topics.allClock}`, { qos: 0 });
  return {
    kind: 'external',
    tcpPort: null,
    accounts,
    publish: async (topic, payload, opts = {}) => {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain: opts.retain ?? false });
    },
    publishNow: (topic, payload) => {
      client.publish(topic, payload, { qos: 0 });
    },
    clearRetained: async (topic) => {
      await client.publishAsync(topic, '', { qos: 1, retain: true });
    },
    onDeviceMessage: (h) => void messageHandlers.push(h),
    onPresence: () => undefined,
    disconnect: () => undefined,
    close: async () => {
      await client.endAsync();
      queue.drainAll();
    },
  };
}
