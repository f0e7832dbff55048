import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { EVENTS, topics, type DeviceConfig, type DeviceStatusEvent } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { DeviceGateway } from './gateway';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEVICE_SILENCE_SECONDS: 2 });
});
afterAll(() => server.close());

const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

async function addDevice(admin: Awaited<ReturnType<typeof signedInAdmin>>, area = admin.areas.communeA) {
  const res = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa ${Math.random().toString(36).slice(2, 6)}`, diaban: area, serial: `SN-${Math.random().toString(36).slice(2)}` });
  return { id: res.body.data.thietbi._id as string, secret: res.body.data.secret as string };
}

function connectDevice(id: string, secret: string, opts: { ws?: boolean; keepalive?: number } = {}): Promise<MqttClient> {
  const url = opts.ws ? `${server.url.replace('http', 'ws')}/mqtt` : `mqtt://127.0.0.1:${server.app.broker.tcpPort}`;
  return mqtt.connectAsync(url, {
    clientId: id, username: id, password: secret, protocolVersion: 4, reconnectPeriod: 0, keepalive: opts.keepalive ?? 30,
    will: { topic: topics.state(id), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
  }).then((c) => {
    clients.push(c);
    return c;
  });
}

const online = (id: string, on = true) => ({ online: on, volume: 60, firmware: 'test-1.0', signal: 80, ip: '10.0.0.9', playing: null, ts: Date.now() });

async function statusOf(admin: Awaited<ReturnType<typeof signedInAdmin>>, id: string) {
  return (await admin.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).body.data.trangthai;
}

describe('device gateway', () => {
  it('shows a device online in the console within 1 s of connecting, and offline when it drops', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const socket = await admin.client.socket();
    const seen: DeviceStatusEvent = [];
    socket.on(EVENTS.deviceStatus, (batch) => seen.push(...batch));

    const started = Date.now();
    const client = await connectDevice(device.id, device.secret);
    await client.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1, retain: true });
    await eventually(() => seen.find((s) => s._id === device.id && s.trangthai.online), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await statusOf(admin, device.id)).toMatchObject({ online: true, amluong: 60, firmware: 'test-1.0', tinhieu: 80 });

    // An abrupt drop: the broker publishes the device's last will.
    client.stream.destroy();
    await eventually(() => seen.find((s) => s._id === device.id && !s.trangthai.online), 3000);
    const history = await eventually(async () => {
      const h = (await admin.client.get(`/v1/client/thietbi/lichsuketnoi?id=${device.id}`)).body.data;
      return h.total >= 2 ? h : null;
    }, 3000);
    expect(history.items.map((i: { online: boolean }) => i.online)).toEqual([false, true]);
    // The reason is the cause, not the event again: the last will means a reboot, power or link loss.
    expect(history.items.map((i: { lydo: string }) => i.lydo)).toEqual(['mat-ket-noi', 'ket-noi']);
    // A device that signs off by itself says so before it leaves: told apart from a drop.
    const again = await connectDevice(device.id, device.secret);
    await again.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1, retain: true });
    await eventually(async () => (await statusOf(admin, device.id)).online, 3000);
    await again.publishAsync(topics.state(device.id), JSON.stringify({ online: false, reason: 'shutdown' }), { qos: 1, retain: true });
    await again.endAsync();
    await eventually(async () => (await admin.client.get(`/v1/client/thietbi/lichsuketnoi?id=${device.id}`)).body.data.items[0]?.lydo === 'tat-may', 3000);
    socket.close();
  });

  it('shows a device on the WebSocket offline as soon as its connection drops, by its last will', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const client = await connectDevice(device.id, device.secret, { ws: true });
    await client.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1, retain: true });
    await eventually(async () => (await statusOf(admin, device.id)).online, 1000);
    const dropped = Date.now();
    client.stream.destroy();
    // Well before the silence limit (2 s here, swept every 2 s) could say it.
    await eventually(async () => !(await statusOf(admin, device.id)).online, 1000);
    expect(Date.now() - dropped).toBeLessThan(1500);
  });

  it('shows what a device plays from its started event, before its retained state says so', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const socket = await admin.client.socket();
    const seen: DeviceStatusEvent = [];
    socket.on(EVENTS.deviceStatus, (batch) => seen.push(...batch));
    const client = await connectDevice(device.id, device.secret);
    await client.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1, retain: true });
    // The session was sent to it (a play report for any other is refused).
    await server.app.gateway.command({ deviceIds: [device.id] }, {
      ...DeviceGateway.envelope(), type: 'play', sessionId: 'phien-1', priority: 1, title: 'Bản tin lũ', items: [{ url: '/x.mp3', duration: 60, title: 'Bản tin lũ', kind: 'file' }], startAt: Date.now(),
    });
    await client.publishAsync(topics.event(device.id), JSON.stringify({ type: 'started', cmdId: 'c-1', sessionId: 'phien-1', itemIndex: 1, url: '/x.mp3', title: 'Bản tin lũ', position: 12.5, at: Date.now() }), { qos: 1 });
    const playing = await eventually(() => seen.find((s) => s._id === device.id && s.trangthai.dangphat), 1000);
    expect(playing.trangthai.dangphat).toEqual({ sessionId: 'phien-1', itemIndex: 1, position: 12.5, title: 'Bản tin lũ' });
    expect((await statusOf(admin, device.id)).dangphat).toMatchObject({ sessionId: 'phien-1', title: 'Bản tin lũ' });
    socket.close();
  });

  it('marks a silent device offline after the silence limit', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const client = await connectDevice(device.id, device.secret, { keepalive: 0 });
    await client.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1 });
    await eventually(async () => (await statusOf(admin, device.id)).online, 2000);
    // keep-alive 0: the broker never drops it; only the gateway's silence limit (2 s here) can.
    await eventually(async () => !(await statusOf(admin, device.id)).online, 6000);
    const history = (await admin.client.get(`/v1/client/thietbi/lichsuketnoi?id=${device.id}`)).body.data;
    await eventually(async () => (await admin.client.get(`/v1/client/thietbi/lichsuketnoi?id=${device.id}`)).body.data.items[0]?.lydo === 'khong-phan-hoi', 3000);
    expect(history.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong secret and an unknown device id', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    await expect(connectDevice(device.id, 'wrong-secret')).rejects.toThrow(/Bad username or password/i);
    await expect(connectDevice('khong-ton-tai', device.secret)).rejects.toThrow(/Bad username or password/i);
  });

  it('lets a device use only its own topics and its areas’ command topics', async () => {
    const admin = await signedInAdmin(server);
    const me = await addDevice(admin, admin.areas.communeA);
    const other = await addDevice(admin, admin.areas.communeB);
    const client = await connectDevice(me.id, me.secret);
    const allowed = [topics.deviceCmd(me.id), topics.config(me.id), topics.areaCmd(admin.areas.communeA), topics.areaCmd(admin.areas.district)];
    const refused = [topics.deviceCmd(other.id), topics.config(other.id), topics.areaCmd(admin.areas.communeB), 'pa/v1/dev/+/cmd', '#', topics.state(other.id)];
    for (const topic of allowed) expect((await client.subscribeAsync(topic, { qos: 1 }))[0].qos).toBe(1);
    for (const topic of refused) await expect(client.subscribeAsync(topic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    // Publishing as another device is refused and does not change that device.
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(topics.state(other.id), JSON.stringify(online(other.id)), { qos: 0 });
    await closed; // MQTT 3.1.1 has no refusal code for a publish: the broker closes the connection.
    expect((await statusOf(admin, other.id)).online).toBe(false);
  });

  it('gives a device its retained configuration with its areas, and area commands reach it', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin, admin.areas.communeA);
    const client = await connectDevice(device.id, device.secret, { ws: true });
    const messages: { topic: string; body: unknown }[] = [];
    client.on('message', (topic, payload) => messages.push({ topic, body: JSON.parse(payload.toString()) }));
    await client.subscribeAsync([topics.config(device.id), topics.deviceCmd(device.id), topics.areaCmd(admin.areas.district)], { qos: 1 });
    const config = (await eventually(() => messages.find((m) => m.topic === topics.config(device.id)), 2000)).body as DeviceConfig;
    expect(config.areas).toEqual([admin.areas.district, admin.areas.communeA]);

    await server.app.gateway.command({ areaIds: [admin.areas.district] }, { id: 'c1', issuedAt: Date.now(), expiresAt: Date.now() + 60_000, type: 'stop' });
    await eventually(() => messages.find((m) => m.topic === topics.areaCmd(admin.areas.district)), 2000);

    const res = await admin.client.post('/v1/client/thietbi/dieukhien', { id: device.id, lenh: 'amluong', amluong: 35 });
    expect(res.status).toBe(200);
    const cmd = await eventually(() => messages.find((m) => m.topic === topics.deviceCmd(device.id)), 2000);
    expect(cmd.body).toMatchObject({ type: 'volume', volume: 35 });

    // The volume set on the device is its own configuration: retained, and kept over the area's.
    expect((await admin.client.get(`/v1/client/thietbi/thongtin?id=${device.id}`)).body.data.cauhinh).toMatchObject({ amluong: 35 });
    await eventually(() => messages.some((m) => m.topic === topics.config(device.id) && (m.body as DeviceConfig).volume === 35), 2000);
    await admin.client.post('/v1/client/thietbi/update', { diaban: admin.areas.district, amluong: 55, giotinh: { tu: '22:00', den: '05:00' } });
    await eventually(() => messages.some((m) => m.topic === topics.config(device.id) && (m.body as DeviceConfig).quietHours?.from === '22:00' && (m.body as DeviceConfig).volume === 35), 2000);
  });

  it('drops malformed messages without harm and keeps serving the device', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const client = await connectDevice(device.id, device.secret);
    await client.publishAsync(topics.state(device.id), 'not json', { qos: 1 });
    await client.publishAsync(topics.state(device.id), JSON.stringify({ online: 'yes', volume: 900 }), { qos: 1 });
    await client.publishAsync(topics.event(device.id), JSON.stringify({ type: 'exploded' }), { qos: 1 });
    await client.publishAsync(topics.state(device.id), JSON.stringify(online(device.id)), { qos: 1 });
    await eventually(async () => (await statusOf(admin, device.id)).amluong === 60, 2000);
  });

  it('cuts the old session and refuses the old secret after a reset', async () => {
    const admin = await signedInAdmin(server);
    const device = await addDevice(admin);
    const client = await connectDevice(device.id, device.secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const res = await admin.client.post('/v1/client/thietbi/reset', { id: device.id });
    const fresh = res.body.data.items[0].secret as string;
    expect(fresh).not.toBe(device.secret);
    await closed;
    await expect(connectDevice(device.id, device.secret)).rejects.toThrow(/Bad username or password/i);
    await expect(connectDevice(device.id, device.secret)).rejects.toThrow(/Bad username or password/i);
    await expect(connectDevice(device.id, fresh)).resolves.toBeTruthy();
    // Its history says why: cut off for the new secret, the old one refused (once for the run of retries), back.
    await eventually(async () => {
      const items = (await admin.client.get(`/v1/client/thietbi/lichsuketnoi?id=${device.id}`)).body.data.items as { lydo: string }[];
      return JSON.stringify(items.map((i) => i.lydo)) === JSON.stringify(['ket-noi', 'tu-choi-dang-nhap', 'khoa-moi', 'ket-noi']);
    }, 3000);
  });

  it('keeps a device added or given a new secret here while the periodic reading of the list is under way', async () => {
    const admin = await signedInAdmin(server);
    const reset = await addDevice(admin);
    // The reading of the whole list is held after the database answered, as on a busy pool.
    const db = (server.app.gateway as unknown as { db: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> } }).db;
    const query = db.query;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    db.query = async function (sql, params) {
      const rows = await query.call(this, sql, params);
      if (!held && /FROM devices/.test(sql) && !params?.length) {
        held = true;
        await released;
      }
      return rows;
    };
    let reading: Promise<void>;
    try {
      reading = server.app.gateway.reloadDevices();
      await eventually(() => held, 2000);
    } finally {
      db.query = query;
    }
    const added = await addDevice(admin);
    const fresh = (await admin.client.post('/v1/client/thietbi/reset', { id: reset.id })).body.data.items[0].secret as string;
    release();
    await reading;
    // What the reading brought is older than both changes: the new device and the new secret stand.
    await expect(connectDevice(added.id, added.secret)).resolves.toBeTruthy();
    await expect(connectDevice(reset.id, fresh)).resolves.toBeTruthy();
    await expect(connectDevice(reset.id, reset.secret)).rejects.toThrow(/Bad username or password/i);
  });
});
