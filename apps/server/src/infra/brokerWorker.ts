/**
 * The embedded broker (aedes) on its own thread. A bulletin to 10,000 speakers means 10,000 socket
 * writes of the command and, a moment later, 10,000 `started` events, each read, parsed and
 * acknowledged on its own socket: on the server's main thread that held every HTTP answer, console
 * event and timer for up to a second. Here it holds only this thread; the main thread gets what the
 * devices published in batches (brokerThread.ts) and handles them a slice at a time.
 */
import net from 'node:net';
import { Duplex } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { fastRetainedPersistence } from './brokerPersistence';
import { asBuffer, deviceMayPublish, type BrokerReport, type BrokerWorkerData, type FromBroker, type LogLevel, type ToBroker } from './brokerThread';
import { DeviceRateLimit, guardedConnection } from './mqttLimits';

const port = parentPort!;
const { mqttPort, maxPacketBytes, eventsPerMinute } = workerData as BrokerWorkerData;
const send = (message: FromBroker) => port.postMessage(message);

/** At most this many reports per message to the main thread, which handles each message as a slice. */
const REPORTS_PER_MESSAGE = 500;
let pending: BrokerReport[] = [];

function report(r: BrokerReport): void {
  pending.push(r);
  if (pending.length === 1) setImmediate(flushReports);
}

function flushReports(): void {
  const all = pending;
  pending = [];
  for (let i = 0; i < all.length; i += REPORTS_PER_MESSAGE) send({ op: 'reports', reports: all.slice(i, i + REPORTS_PER_MESSAGE) });
}

const log = (level: LogLevel, fields: Record<string, unknown>, msg: string) => report({ kind: 'log', level, fields, msg });

/** Questions asked of the main thread's registry, by id. */
let nextQuestion = 0;
const questions = new Map<number, (ok: boolean) => void>();
function ask(question: { kind: 'verify'; deviceId: string; secret: string } | { kind: 'maySubscribe'; deviceId: string; topic: string }): Promise<boolean> {
  const id = (nextQuestion += 1);
  return new Promise((resolve) => {
    questions.set(id, resolve);
    report({ ...question, id });
  });
}

function authError(): AuthenticateError {
  const error = new Error('bad username or password') as AuthenticateError;
  error.returnCode = 4;
  return error;
}

const remoteIp = (client: Client): string | null => (client.conn as { remoteAddress?: string }).remoteAddress ?? null;

const rate = new DeviceRateLimit(eventsPerMinute);
const broker = await Aedes.createBroker({
  persistence: fastRetainedPersistence(),
  // Command bursts to thousands of devices must not trip the default per-client queue.
  queueLimit: 200,
  // Messages in delivery at once: aedes' default is 100. Past the cap aedes queues messages and,
  // as each delivery ends, starts the next from inside it: a run of messages that are delivered at
  // once (clock requests, which no client subscribes to) then nests one call in another, and
  // 10,000 speakers' requests during a bulletin overflowed the stack. A cap no fleet's burst
  // reaches keeps the queue empty; each device is held to its message rate anyway.
  concurrency: 10_000,
  authenticate: (client, username, password, done) => {
    const deviceId = username;
    if (!deviceId || client.id !== deviceId || !password) {
      log('warn', { deviceId, clientId: client.id }, 'mqtt: device refused (bad id or secret)');
      return done(authError(), false);
    }
    void ask({ kind: 'verify', deviceId, secret: password.toString('utf8') }).then((ok) => {
      if (!ok) log('warn', { deviceId, clientId: client.id }, 'mqtt: device refused (bad id or secret)');
      done(ok ? null : authError(), ok);
    });
  },
  authorizePublish: (client, packet, done) => {
    if (!client) return done(null);
    if (deviceMayPublish(client.id, packet.topic)) {
      // Every message a device sends is work (its events are play history rows): a flooding
      // device is cut off, the others are not affected.
      if (rate.take(client.id)) return done(null);
      log('warn', { deviceId: client.id, topic: packet.topic, perMinute: eventsPerMinute }, 'mqtt: device over its message rate, disconnected');
      done(new Error('rate limit'));
      client.close();
      return;
    }
    log('warn', { deviceId: client.id, topic: packet.topic }, 'mqtt: publish refused');
    done(new Error('not authorized'));
  },
  authorizeSubscribe: (client, sub, done) => {
    void ask({ kind: 'maySubscribe', deviceId: client.id, topic: sub.topic }).then((ok) => {
      if (ok) return done(null, sub);
      log('warn', { deviceId: client.id, topic: sub.topic }, 'mqtt: subscribe refused');
      done(null, null);
    });
  },
});

const deviceTopic = /^pa\/v1\/dev\/[^/]+\/(state|event|clock)$/;
broker.on('publish', (packet, client) => {
  // Wills are published by the broker (client null) on the device's own state topic.
  if (!client && !packet.topic.startsWith('pa/v1/dev/')) return;
  if (!deviceTopic.test(packet.topic)) return;
  report({ kind: 'message', topic: packet.topic, payload: new Uint8Array(packet.payload as Buffer), receivedAt: Date.now() });
});
const clients = () => (broker as unknown as { clients: Record<string, Client | undefined> }).clients;
broker.on('clientReady', (client) => report({ kind: 'presence', deviceId: client.id, online: true, ip: remoteIp(client) }));
broker.on('clientDisconnect', (client) => {
  // A device that reconnected replaced this client: it is still online.
  const current = clients()[client.id];
  if (current && current !== client) return;
  report({ kind: 'presence', deviceId: client.id, online: false, ip: null });
});
broker.on('clientError', (client, error) => log('debug', { deviceId: client.id, err: error.message }, 'mqtt: client error'));

// Every connection's packets pass the size limit before aedes parses them.
const guarded = (conn: Duplex, ip: string | null | undefined) => guardedConnection(conn, maxPacketBytes, (announced) => {
  log('warn', { ip, announced, limit: maxPacketBytes }, 'mqtt: packet over the size limit, connection closed');
});

// MQTT over TCP; a taken port is reported, not fatal: devices can still use WebSocket.
// No Nagle delay: a command or a clock answer goes out at once (a held-back answer would skew the clock exchange).
const tcp = net.createServer((socket) => {
  socket.setNoDelay(true);
  broker.handle(Object.assign(guarded(socket, socket.remoteAddress), { remoteAddress: socket.remoteAddress }));
});
const tcpPort = await new Promise<number | null>((resolve) => {
  tcp.once('error', (error: NodeJS.ErrnoException) => {
    log('warn', { port: mqttPort, code: error.code }, `MQTT/TCP port ${mqttPort} unavailable; devices can connect over WebSocket at /mqtt only`);
    resolve(null);
  });
  tcp.listen(mqttPort, () => {
    const address = tcp.address();
    resolve(typeof address === 'object' && address ? address.port : mqttPort);
  });
});

// Devices on the console's WebSocket (/mqtt): the main thread holds the socket and passes the bytes.
const wsConnections = new Map<number, Duplex>();
function openWs(conn: number, ip: string | null): void {
  const stream = new Duplex({
    read: () => undefined,
    write: (chunk: Buffer, _encoding, done) => {
      report({ kind: 'wsOut', conn, chunk: new Uint8Array(chunk) });
      done();
    },
    final: (done) => {
      report({ kind: 'wsClose', conn });
      done();
    },
    destroy: (error, done) => {
      if (wsConnections.delete(conn)) report({ kind: 'wsClose', conn });
      done(error);
    },
  });
  wsConnections.set(conn, stream);
  broker.handle(Object.assign(guarded(stream, ip), { remoteAddress: ip ?? undefined }));
}

port.on('message', (message: ToBroker) => {
  switch (message.op) {
    case 'publish':
      broker.publish(
        { cmd: 'publish', topic: message.topic, payload: asBuffer(message.payload), qos: message.qos, retain: message.retain, dup: false },
        (error) => send({ op: 'done', id: message.id, error: error?.message }),
      );
      return;
    case 'answer':
      questions.get(message.id)?.(message.ok);
      questions.delete(message.id);
      return;
    case 'disconnect':
      clients()[message.deviceId]?.close();
      return;
    case 'wsOpen':
      return openWs(message.conn, message.ip);
    case 'wsData':
      wsConnections.get(message.conn)?.push(asBuffer(message.chunk));
      return;
    case 'wsEnd':
      wsConnections.get(message.conn)?.destroy();
      return;
    case 'close':
      // The broker first: it closes every device connection, which the listener then waits for.
      broker.close(() => {
        for (const stream of wsConnections.values()) stream.destroy();
        const done = () => {
          flushReports();
          send({ op: 'done', id: message.id });
        };
        if (tcpPort === null) done();
        else tcp.close(done);
      });
  }
});

send({ op: 'ready', tcpPort });
