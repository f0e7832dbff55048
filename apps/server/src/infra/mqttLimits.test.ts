import crypto from 'node:crypto';
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { closedBy } from '../../test/rawHttp';
import { PacketSizeGuard } from './mqttLimits';

let server: TestServer;
const clients: MqttClient[] = [];
const sockets: net.Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ MQTT_MAX_PACKET_BYTES: 4096, MQTT_DEVICE_EVENTS_PER_MINUTE: 20 });
}, 300_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server.close();
});

async function device(w: Awaited<ReturnType<typeof signedInAdmin>>): Promise<{ id: string; client: MqttClient; closed: () => boolean }> {
  const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa', diaban: w.areas.communeA, serial: `LIM-${crypto.randomBytes(5).toString('hex')}` });
  const id: string = added.body.data.thietbi._id;
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, { clientId: id, username: id, password: added.body.data.secret, reconnectPeriod: 0, protocolVersion: 4 });
  clients.push(client);
  let closed = false;
  client.on('close', () => (closed = true));
  client.on('error', () => undefined);
  return { id, client, closed: () => closed };
}
const rawBroker = async () => {
  const socket = net.connect(server.app.broker.tcpPort!, '127.0.0.1');
  sockets.push(socket);
  await new Promise((r) => socket.once('connect', r));
  return socket;
};
const online = async (id: string) => (await server.db.query<{ online: boolean }>('SELECT online FROM devices WHERE id = $1', [id]))[0]?.online;

describe('the embedded broker’s packet size limit', () => {
  it('closes a connection whose CONNECT announces more than the limit, before reading it', async () => {
    const socket = await rawBroker();
    // CONNECT (0x10) announcing 10 MB: remaining length 10,485,760 as a variable-length integer.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x05, 0x00, 0x04]));
    await closedBy(socket, 3000);
  });

  it('disconnects a device publishing an oversized message, drops it, and keeps the others', async () => {
    const w = await signedInAdmin(server);
    const big = await device(w);
    const other = await device(w);
    const stateSeen: string[] = [];
    server.app.broker.onDeviceMessage((topic) => stateSeen.push(topic));
    big.client.publish(topics.state(big.id), JSON.stringify({ online: true, firmware: 'x'.repeat(8000) }), { qos: 1 });
    await eventually(() => big.closed(), 3000);
    other.client.publish(topics.state(other.id), JSON.stringify({ online: true, volume: 40 }), { qos: 1 });
    await eventually(() => stateSeen.includes(topics.state(other.id)), 3000);
    expect(stateSeen).not.toContain(topics.state(big.id));
    expect(other.closed()).toBe(false);
  });
});

describe('per-device message rate', () => {
  it('disconnects a device flooding its event topic; another device keeps publishing', async () => {
    const w = await signedInAdmin(server);
    const flooder = await device(w);
    const calm = await device(w);
    const seen = new Map<string, number>();
    server.app.broker.onDeviceMessage((topic) => seen.set(topic, (seen.get(topic) ?? 0) + 1));
    for (let i = 0; i < 60 && !flooder.closed(); i += 1) {
      flooder.client.publish(topics.event(flooder.id), JSON.stringify({ type: 'error', message: `lỗi ${i}`, at: Date.now() }), { qos: 0 });
    }
    await eventually(() => flooder.closed(), 3000);
    // Its budget for the minute (20) was delivered, nothing beyond.
    expect(seen.get(topics.event(flooder.id)) ?? 0).toBeLessThanOrEqual(20);
    for (let i = 0; i < 5; i += 1) await calm.client.publishAsync(topics.event(calm.id), JSON.stringify({ type: 'error', message: 'ổn', at: Date.now() }), { qos: 1 });
    await eventually(() => seen.get(topics.event(calm.id)) === 5, 3000);
    expect(calm.closed()).toBe(false);
    // Reconnecting does not refill the budget within the minute.
    const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, { ...flooder.client.options, reconnectPeriod: 0 }).catch(() => null);
    if (again) {
      clients.push(again);
      let closed = false;
      again.on('close', () => (closed = true));
      again.on('error', () => undefined);
      again.publish(topics.event(flooder.id), JSON.stringify({ type: 'error', at: Date.now() }), { qos: 0 });
      await eventually(() => closed, 3000);
    }
    // The calm device is recorded online (live state reaches the database within a flush, 250 ms).
    await eventually(async () => (await online(calm.id)) === true, 3000);
    expect(calm.closed()).toBe(false);
  });
});

describe('PacketSizeGuard', () => {
  it('lets packets up to the limit through, split anywhere, and refuses the first one above it', async () => {
    const refused: number[] = [];
    const guard = new PacketSizeGuard(130, (n) => refused.push(n));
    const out: Buffer[] = [];
    guard.on('data', (c: Buffer) => out.push(c));
    const errored = new Promise<Error>((resolve) => guard.on('error', resolve));
    // A 130-byte packet (2-byte length: 127 + 1 + 2 = 130) written one byte at a time, then a 131-byte one.
    const ok = Buffer.concat([Buffer.from([0x30, 0xff, 0x00]), Buffer.alloc(127)]);
    expect(ok.length).toBe(130);
    for (const b of ok) guard.write(Buffer.from([b]));
    guard.write(Buffer.from([0x30, 0x80, 0x01]));
    expect((await errored).message).toMatch(/131 bytes/);
    expect(Buffer.concat(out).length).toBe(130);
    expect(refused).toEqual([131]);
  });
});
