import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { topics } from '@loa/contract';
import { aclFile, connackCode, passwordLine, SERVER_ACCOUNT, startPasswordFileBroker, type PasswordFileBroker } from './deviceAccounts';

describe('passwordLine', () => {
  it('writes the user name and a PBKDF2-SHA512 hash of 101 iterations over the given salt, as mosquitto_passwd does', () => {
    const salt = Buffer.alloc(12, 7);
    const [user, rest] = passwordLine('dev1', 'secret', salt).split(':');
    const [, kind, iterations, saltB64, hashB64] = rest.split('$');
    expect(user).toBe('dev1');
    expect([kind, iterations, saltB64]).toEqual(['7', '101', salt.toString('base64')]);
    expect(Buffer.from(hashB64, 'base64').equals(crypto.pbkdf2Sync('secret', salt, 101, 64, 'sha512'))).toBe(true);
  });

  it('refuses a user name Mosquitto would read as something else', () => {
    expect(() => passwordLine('a:b', 'x')).toThrow(/':'/);
  });
});

describe('aclFile', () => {
  it('gives the server account every topic and devices their own topics by user name', () => {
    const text = aclFile('srv');
    expect(text).toContain('user srv\ntopic readwrite #');
    expect(text).toContain('pattern write pa/v1/dev/%u/event');
    expect(text).toContain('pattern read pa/v1/dev/%u/cmd');
    expect(text).not.toMatch(/pattern (write|readwrite) pa\/v1\/area/);
  });
});

/** A bare MQTT 3.1.1 connection: SUBACK codes and received messages, nothing else. */
async function connect(port: number, username: string, password: string) {
  const socket = net.connect(port, '127.0.0.1');
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const received: string[] = [];
  const subacks = new Map<number, (code: number) => void>();
  let connack: (code: number) => void = () => undefined;
  parser.on('packet', (packet: Packet) => {
    if (packet.cmd === 'connack') connack(packet.returnCode ?? -1);
    else if (packet.cmd === 'suback') subacks.get(packet.messageId!)?.(packet.granted[0] as number);
    else if (packet.cmd === 'publish') received.push(`${packet.topic} ${packet.payload.toString()}`);
  });
  socket.on('data', (chunk) => parser.parse(chunk));
  const code = await new Promise<number>((resolve) => {
    connack = resolve;
    socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 30, clientId: username, username, password: Buffer.from(password) }));
  });
  expect(code).toBe(0);
  let nextId = 1;
  return {
    received,
    subscribe: (topic: string) => new Promise<number>((resolve) => {
      const messageId = nextId++;
      subacks.set(messageId, resolve);
      socket.write(mqttPacket.generate({ cmd: 'subscribe', messageId, subscriptions: [{ topic, qos: 0 }] }));
    }),
    publish: (topic: string, payload: string) => socket.write(mqttPacket.generate({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false })),
    close: () => socket.destroy(),
  };
}

describe('startPasswordFileBroker', () => {
  let broker: PasswordFileBroker | null = null;
  afterAll(() => broker?.stop());

  it('lets a device in with its secret once added, to its own topics and any area command topic only; the server account everywhere', async () => {
    broker = await startPasswordFileBroker(10);
    const port = Number(new URL(broker.url).port);
    const a = { id: 'dev-a', secret: crypto.randomBytes(16).toString('base64url') };
    const b = { id: 'dev-b', secret: crypto.randomBytes(16).toString('base64url') };
    expect(await connackCode(port, a.id, a.secret)).not.toBe(0);
    await broker.addDevices([a, b]);
    expect(await connackCode(port, a.id, a.secret)).toBe(0);
    expect(await connackCode(port, a.id, 'wrong')).not.toBe(0);

    const serverUrl = new URL(broker.serverUrl);
    expect(serverUrl.username).toBe(SERVER_ACCOUNT);
    const server = await connect(port, SERVER_ACCOUNT, serverUrl.password);
    expect(await server.subscribe(topics.allState)).toBe(0);
    expect(await server.subscribe('$share/loa-dongho/pa/v1/dev/+/clock')).toBe(0);
    const device = await connect(port, a.id, a.secret);
    expect(await device.subscribe(topics.deviceCmd(a.id))).toBe(0);
    expect(await device.subscribe(topics.areaCmd('any-area'))).toBe(0);
    // Mosquitto's ACL file grants the subscription and checks each delivery: b's commands never arrive.
    await device.subscribe(topics.deviceCmd(b.id));
    device.publish(topics.state(b.id), 'forged');
    device.publish(topics.state(a.id), 'own');
    server.publish(topics.deviceCmd(a.id), 'play');
    server.publish(topics.deviceCmd(b.id), 'not yours');
    server.publish(topics.areaCmd('any-area'), 'area');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toEqual([`${topics.state(a.id)} own`]);
    expect(device.received).toEqual([`${topics.deviceCmd(a.id)} play`, `${topics.areaCmd('any-area')} area`]);
    server.close();
    device.close();
  });
});
