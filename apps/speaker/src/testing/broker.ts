import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Aedes, AuthenticateError, Client } from 'aedes';
import { clockRequestSchema, parseDeviceTopic, topics, type DeviceCommand, type DeviceConfig } from '@loa/contract';

/** A message the broker saw published. */
export interface SeenMessage {
  topic: string;
  json: unknown;
  retain: boolean;
  /** The publishing client id; null for the broker itself (e.g. a last will). */
  clientId: string | null;
}

/** An embedded aedes broker for tests, with the protocol's authentication and topic rights. */
export interface TestBroker {
  url: string;
  broker: Aedes;
  /**
   * Registers a device (id → secret) allowed to connect, with the areas it may follow, and
   * publishes its retained configuration (no area yet, the agent's defaults), as the server does
   * for every device it knows: an agent waits for it before it reports itself up.
   */
  addDevice(id: string, secret: string, areas?: string[]): void;
  messages: SeenMessage[];
  /** Resolves with the first message (already seen or to come) matching `match`. */
  waitFor(match: (m: SeenMessage) => boolean, timeoutMs?: number): Promise<SeenMessage>;
  /** Publishes as the server (QoS 1). */
  publish(topic: string, payload: unknown, retain?: boolean): Promise<void>;
  sendCommand(topic: string, command: DeviceCommand): Promise<void>;
  sendConfig(deviceId: string, config: DeviceConfig): Promise<void>;
  /** Clears a device's retained configuration (a broker that holds none for it). */
  clearConfig(deviceId: string): Promise<void>;
  /** Drops a client's connection from the broker side (as a network cut would). */
  dropClient(id: string): boolean;
  close(): Promise<void>;
}

/**
 * Starts an aedes broker on an ephemeral port (never 1883). It answers clock requests as the
 * server does unless `answerClock` is false (a device whose clock exchange never succeeds).
 */
export async function startTestBroker({ answerClock = true, areaSubscribeDelayMs = 0 }: {
  answerClock?: boolean;
  /** Area subscriptions granted this late, as the server's broker does while its main thread is busy. */
  areaSubscribeDelayMs?: number;
} = {}): Promise<TestBroker> {
  const { Aedes } = await import('aedes');
  const devices = new Map<string, { secret: string; areas: string[] }>();
  const messages: SeenMessage[] = [];
  const waiters = new Set<(m: SeenMessage) => void>();

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const device = username ? devices.get(username) : undefined;
      if (device && client.id === username && password?.toString() === device.secret) return done(null, true);
      const error = new Error('bad username or password') as AuthenticateError;
      error.returnCode = 4;
      done(error, false);
    },
    authorizePublish: (client, packet, callback) => {
      const parsed = parseDeviceTopic(packet.topic);
      const ok = client !== null && parsed?.deviceId === client.id && (parsed.kind === 'state' || parsed.kind === 'event' || parsed.kind === 'clock');
      callback(ok ? null : new Error('not allowed'));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const parsed = parseDeviceTopic(subscription.topic);
      const areaMatch = /^pa\/v1\/area\/([^/+#]+)\/cmd$/.exec(subscription.topic);
      const own = parsed?.deviceId === client.id && (parsed.kind === 'cmd' || parsed.kind === 'config' || parsed.kind === 'plan' || parsed.kind === 'time');
      const area = areaMatch !== null && (devices.get(client.id)?.areas.includes(areaMatch[1]) ?? false);
      const answer = () => callback(null, own || area ? subscription : null);
      if (areaMatch && areaSubscribeDelayMs > 0) setTimeout(answer, areaSubscribeDelayMs);
      else answer();
    },
  });
  const clients = new Map<string, Client>();
  broker.on('client', (client) => void clients.set(client.id, client));
  broker.on('clientDisconnect', (client) => {
    if (clients.get(client.id) === client) clients.delete(client.id);
  });
  broker.on('publish', (packet, client) => {
    if (packet.topic.startsWith('$SYS')) return;
    // Clock requests are answered as the server answers them (t2 on arrival, t3 on sending).
    const t2 = Date.now();
    const clock = client ? parseDeviceTopic(packet.topic) : null;
    if (clock?.kind === 'clock' && answerClock) {
      let body: unknown = null;
      try {
        body = JSON.parse(packet.payload.toString());
      } catch {
        // not answered
      }
      const request = clockRequestSchema.safeParse(body);
      if (request.success) {
        const answer = { ...request.data, t2, t3: Date.now() };
        broker.publish({ cmd: 'publish', topic: topics.time(clock.deviceId), payload: Buffer.from(JSON.stringify(answer)), qos: 0, retain: false, dup: false }, () => undefined);
      }
    }
    let json: unknown = null;
    try {
      json = JSON.parse(packet.payload.toString());
    } catch {
      json = packet.payload.toString();
    }
    const seen: SeenMessage = { topic: packet.topic, json, retain: packet.retain, clientId: client?.id ?? null };
    messages.push(seen);
    for (const waiter of waiters) waiter(seen);
  });

  const server: Server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  /** Each device's first retained configuration, as it is being stored. */
  const configured = new Map<string, Promise<void>>();
  const publishBytes = (topic: string, body: Buffer, retain: boolean) =>
    new Promise<void>((resolve, reject) => {
      broker.publish({ cmd: 'publish', topic, payload: body, qos: 1, retain, dup: false }, (error) => (error ? reject(error) : resolve()));
    });
  const publish = (topic: string, payload: unknown, retain = false) => publishBytes(topic, Buffer.from(JSON.stringify(payload)), retain);

  return {
    url: `mqtt://127.0.0.1:${port}`,
    broker,
    messages,
    addDevice: (id, secret, areas = []) => {
      devices.set(id, { secret, areas });
      const first: DeviceConfig = { areas: [], reportInterval: 20, keepalive: 30, volume: 70, defaultRelayUrl: null, quietHours: null };
      configured.set(id, publish(topics.config(id), first, true));
    },
    waitFor: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = (m: SeenMessage) => {
          if (!match(m)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        };
        waiters.add(check);
      }),
    publish,
    sendCommand: (topic, command) => publish(topic, command),
    // After the first one: a configuration sent by a test is the one retained.
    sendConfig: async (deviceId, config) => {
      await configured.get(deviceId);
      await publish(topics.config(deviceId), config, true);
    },
    clearConfig: async (deviceId) => {
      await configured.get(deviceId);
      await publishBytes(topics.config(deviceId), Buffer.alloc(0), true);
    },
    dropClient: (id) => {
      const client = clients.get(id);
      if (!client) return false;
      client.conn.destroy();
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        broker.close();
      }),
  };
}
