import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { topics } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';

const MOSQUITTO = { host: '127.0.0.1', port: 1883 };
const reachable = await new Promise<boolean>((resolve) => {
  const socket = net.connect(MOSQUITTO.port, MOSQUITTO.host);
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});

// The at-scale path: an external broker (the machine's Mosquitto). Where none runs, this is reported as skipped.
describe.runIf(reachable)('device gateway on an external broker (MQTT_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}` });
  });
  afterAll(() => server.close());

  it('follows presence through state reports and last wills, sends commands, and clears retained data on delete', async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa ngoài', diaban: admin.areas.communeA, serial: `EXT-${Date.now()}` });
    const id = res.body.data.thietbi._id as string;
    const device = await mqtt.connectAsync(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, {
      clientId: id, username: id, password: res.body.data.secret, reconnectPeriod: 0, protocolVersion: 4,
      will: { topic: topics.state(id), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    const received: { topic: string; body: Record<string, unknown> }[] = [];
    device.on('message', (topic, payload) => payload.length && received.push({ topic, body: JSON.parse(payload.toString()) }));
    await device.subscribeAsync([topics.config(id), topics.deviceCmd(id)], { qos: 1 });
    const config = await eventually(() => received.find((m) => m.topic === topics.config(id)), 3000);
    expect(config.body.areas).toEqual([admin.areas.district, admin.areas.communeA]);

    await device.publishAsync(topics.state(id), JSON.stringify({ online: true, volume: 40 }), { qos: 1, retain: true });
    await eventually(async () => (await admin.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).body.data.trangthai.online, 3000);

    await admin.client.post('/v1/client/thietbi/dieukhien', { id, lenh: 'khoidonglai' });
    await eventually(() => received.find((m) => m.topic === topics.deviceCmd(id) && m.body.type === 'reboot'), 3000);

    device.stream.destroy();
    await eventually(async () => !(await admin.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).body.data.trangthai.online, 5000);

    await admin.client.post('/v1/client/thietbi/xoa', { id });
    const probe = await mqtt.connectAsync(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, { reconnectPeriod: 0 });
    const retained: string[] = [];
    probe.on('message', (topic, payload) => payload.length && retained.push(topic));
    await probe.subscribeAsync([topics.config(id), topics.state(id)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(retained).toEqual([]);
    await probe.endAsync();
  });

  it('answers each clock request once, however many servers share the broker', async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa hỏi giờ', diaban: admin.areas.communeA, serial: `CLK-${Date.now()}` });
    const id = res.body.data.thietbi._id as string;
    // A second server on the same broker and database (a province's second instance).
    const second = await startTestServer({ MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}` });
    try {
      const device = await mqtt.connectAsync(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, { clientId: id, username: id, password: res.body.data.secret, reconnectPeriod: 0, protocolVersion: 4 });
      const answers: { n: number }[] = [];
      device.on('message', (topic, payload) => topic === topics.time(id) && answers.push(JSON.parse(payload.toString())));
      await device.subscribeAsync(topics.time(id), { qos: 0 });
      for (let n = 1; n <= 6; n += 1) {
        await device.publishAsync(topics.clock(id), JSON.stringify({ n, t1: Date.now() }), { qos: 0 });
        await new Promise((r) => setTimeout(r, 100));
      }
      await eventually(() => answers.length >= 6, 3000);
      await new Promise((r) => setTimeout(r, 500));
      // Six requests, six answers: one instance each, never both.
      expect(answers.map((a) => a.n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      await device.endAsync();
    } finally {
      await second.close();
    }
  });

  it('a second server follows a device added, moved and deleted through the first', async () => {
    const second = await startTestServer({ MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}` });
    try {
      const admin = await signedInAdmin(server);
      // Added through the first server, after the second had read its devices.
      const serial = `TWO-${Date.now()}`;
      const res = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa hai máy chủ', diaban: admin.areas.communeA, serial });
      const id = res.body.data.thietbi._id as string;
      expect(second.app.gateway.areaOf(id)).toBeUndefined();
      const device = await mqtt.connectAsync(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, { clientId: id, username: id, password: res.body.data.secret, reconnectPeriod: 0, protocolVersion: 4 });
      // Its first state report is enough: the second server reads the device and counts it online.
      await device.publishAsync(topics.state(id), JSON.stringify({ online: true, volume: 40 }), { qos: 1, retain: true });
      await eventually(() => second.app.gateway.liveOf(id)?.online === true, 3000);
      expect(second.app.gateway.areaOf(id)).toBe(admin.areas.communeA);
      // Moved to commune B through the first server: the second has it there after its next reading of the list.
      const moved = await admin.client.post('/v1/client/thietbi/capnhat', { id, tenthietbi: 'Loa hai máy chủ', diaban: admin.areas.communeB, serial });
      expect(moved.status).toBe(200);
      await second.app.gateway.reloadDevices();
      expect(second.app.gateway.areaOf(id)).toBe(admin.areas.communeB);
      // Its live state survived the reading.
      expect(second.app.gateway.liveOf(id)?.online).toBe(true);
      await device.endAsync();
      await admin.client.post('/v1/client/thietbi/xoa', { id });
      await second.app.gateway.reloadDevices();
      expect(second.app.gateway.areaOf(id)).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});
