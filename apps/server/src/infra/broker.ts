import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyInstance } from 'fastify';
import { topics } from '@loa/contract';
import { fastRetainedPersistence } from './brokerPersistence';
import { DeviceRateLimit, guardedConnection } from './mqttLimits';
import { DynsecClient, MosquittoDeviceAccounts, ensureServerAccess, type DeviceAccounts } from './mosquittoDynsec';

/** What the gateway needs from a broker, embedded or external. */
export interface BrokerTransport {
  readonly kind: 'embedded' | 'external';
  publish(topic: string, payload: unknown, opts?: { retain?: boolean }): Promise<void>;
  /** Fire and forget at QoS 0 (clock answers: a late one is useless, a lost one is sent again). */
  publishNow(topic: string, payload: string): void;
  /** Removes a retained message (an empty retained publish). */
  clearRetained(topic: string): Promise<void>;
  /** Messages devices publish on their state, event and clock topics. */
  onDeviceMessage(handler: (topic: string, payload: Buffer) => void): void;
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
  mayPublish(deviceId: string, topic: string): boolean;
  maySubscribe(deviceId: string, topic: string): boolean;
}

function authError(): AuthenticateError {
  const error = new Error('bad username or password') as AuthenticateError;
  error.returnCode = 4;
  return error;
}

const remoteIp = (client: Client): string | null => {
  const req = client.req as IncomingMessage | undefined;
  const conn = client.conn as Partial<net.Socket>;
  return req?.socket?.remoteAddress ?? conn.remoteAddress ?? null;
};

/**
 * The embedded broker (aedes): MQTT over TCP on MQTT_PORT and over WebSocket at /mqtt on the
 * HTTP port. Devices authenticate with id and secret; the topic ACL comes from the authority.
 */
export async function startEmbeddedBroker(app: FastifyInstance, authority: DeviceAuthority, mqttPort: number): Promise<BrokerTransport> {
  const messageHandlers: ((topic: string, payload: Buffer) => void)[] = [];
  const presenceHandlers: ((deviceId: string, online: boolean, ip: string | null) => void)[] = [];
  const { MQTT_MAX_PACKET_BYTES: maxPacketBytes, MQTT_DEVICE_EVENTS_PER_MINUTE: perMinute } = app.config;
  const rate = new DeviceRateLimit(perMinute);
  const broker = await Aedes.createBroker({
    persistence: fastRetainedPersistence(),
    // Command bursts to thousands of devices must not trip the default per-client queue.
    queueLimit: 200,
    // Messages in delivery at once: aedes' default is 100. Past the cap aedes queues messages and,
    // as each delivery ends, starts the next from inside it: a run of messages that are delivered at
    // once (clock requests, which no client subscribes to) then nests one call in another, and
    // 10,000 speakers' requests during a bulletin overflowed the stack. A cap no fleet's burst
    // reaches keeps the queue empty (0, no cap at all, changed which presence aedes reported last
    // in the per-device rate test); each device is held to its message rate anyway.
    concurrency: 10_000,
    authenticate: (client, username, password, done) => {
      const ok = !!username && client.id === username && !!password && authority.verify(username, password.toString('utf8'));
      if (!ok) app.log.warn({ deviceId: username, clientId: client.id }, 'mqtt: device refused (bad id or secret)');
      done(ok ? null : authError(), ok);
    },
    authorizePublish: (client, packet, done) => {
      if (!client) return done(null);
      if (authority.mayPublish(client.id, packet.topic)) {
        // Every message a device sends is work (its events are play history rows): a flooding
        // device is cut off, the others are not affected.
        if (rate.take(client.id)) return done(null);
        app.log.warn({ deviceId: client.id, topic: packet.topic, perMinute }, 'mqtt: device over its message rate, disconnected');
        done(new Error('rate limit'));
        client.close();
        return;
      }
      app.log.warn({ deviceId: client.id, topic: packet.topic }, 'mqtt: publish refused');
      done(new Error('not authorized'));
    },
    authorizeSubscribe: (client, sub, done) => {
      if (authority.maySubscribe(client.id, sub.topic)) return done(null, sub);
      app.log.warn({ deviceId: client.id, topic: sub.topic }, 'mqtt: subscribe refused');
      done(null, null);
    },
  });

  broker.on('publish', (packet, client) => {
    if (!client && !packet.topic.startsWith('pa/v1/dev/')) return;
    if (packet.topic.startsWith('$SYS')) return;
    // Wills are published by the broker (client null) on the device's own state topic.
    if (/^pa\/v1\/dev\/[^/]+\/(state|event|clock)$/.test(packet.topic)) {
      // One device's message never takes the server down, whatever goes wrong handling it.
      try {
        for (const h of messageHandlers) h(packet.topic, Buffer.from(packet.payload));
      } catch (error) {
        app.log.error({ err: error, topic: packet.topic }, 'mqtt: device message not handled');
      }
    }
  });
  broker.on('clientReady', (client) => {
    for (const h of presenceHandlers) h(client.id, true, remoteIp(client));
  });
  broker.on('clientDisconnect', (client) => {
    // A device that reconnected replaced this client: it is still online.
    const current = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
    if (current && current !== client) return;
    for (const h of presenceHandlers) h(client.id, false, null);
  });
  broker.on('clientError', (client, error) => app.log.debug({ deviceId: client.id, err: error.message }, 'mqtt: client error'));

  // Every connection's packets pass the size limit before aedes parses them.
  const guarded = (conn: Duplex, ip: string | undefined) => guardedConnection(conn, maxPacketBytes, (announced) => {
    app.log.warn({ ip, announced, limit: maxPacketBytes }, 'mqtt: packet over the size limit, connection closed');
  });

  // MQTT over WebSocket at /mqtt, sharing the HTTP port with the console and Socket.IO.
  const wss = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith('/mqtt')) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => stream.destroy());
      broker.handle(guarded(stream, request.socket.remoteAddress), request);
    });
  });

  // MQTT over TCP; a taken port is reported, not fatal: devices can still use WebSocket.
  // No Nagle delay: a command or a clock answer goes out at once (a held-back answer would skew the clock exchange).
  const tcp = net.createServer((socket) => {
    socket.setNoDelay(true);
    broker.handle(Object.assign(guarded(socket, socket.remoteAddress), { remoteAddress: socket.remoteAddress }));
  });
  const tcpPort = await new Promise<number | null>((resolve) => {
    tcp.once('error', (error: NodeJS.ErrnoException) => {
      app.log.warn({ port: mqttPort, code: error.code }, `MQTT/TCP port ${mqttPort} unavailable; devices can connect over WebSocket at /mqtt only`);
      resolve(null);
    });
    tcp.listen(mqttPort, () => {
      const address = tcp.address();
      resolve(typeof address === 'object' && address ? address.port : mqttPort);
    });
  });

  return {
    kind: 'embedded',
    tcpPort,
    accounts: null,
    publish: (topic, payload, opts = {}) =>
      new Promise((resolve, reject) => {
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain: opts.retain ?? false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      }),
    publishNow: (topic, payload) => {
      broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, () => undefined);
    },
    clearRetained: (topic) =>
      new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload: Buffer.alloc(0), qos: 1, retain: true, dup: false }, (error) => (error ? reject(error) : resolve()));
      }),
    onDeviceMessage: (h) => void messageHandlers.push(h),
    onPresence: (h) => void presenceHandlers.push(h),
    disconnect: (deviceId) => {
      const client = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[deviceId];
      client?.close();
    },
    close: async () => {
      // The broker first: it closes every device connection, which the listeners then wait for.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => (tcpPort === null ? resolve() : tcp.close(() => resolve())));
    },
  };
}

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
  const messageHandlers: ((topic: string, payload: Buffer) => void)[] = [];
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
  client.on('message', (topic, payload) => {
    for (const h of messageHandlers) h(topic, payload);
  });
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
  await client.subscribeAsync([topics.allState, topics.allEvent], { qos: 1 });
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
    },
  };
}
