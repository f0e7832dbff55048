import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { ConnectionRefusedError, SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { DEVICE_MESSAGES, EVENTS, topics, type DeviceStatusEvent } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { dynsecMosquittoAvailable, grant, startDynsecMosquitto, type DynsecMosquitto } from '../../test/mosquitto';

const agents: SpeakerAgent[] = [];
const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
});

/**
 * The same behaviour, whichever broker carries the devices: the embedded one, or a Mosquitto
 * whose device accounts and rights the server keeps (MQTT_DYNSEC).
 */
function suite(name: string, options: { external: boolean }) {
  describe(name, () => {
    let server: TestServer;
    let mosquitto: DynsecMosquitto | null = null;
    const mqttUrl = () => (mosquitto ? mosquitto.url : `mqtt://127.0.0.1:${server.app.broker.tcpPort}`);
    const agent = (id: string, secret: string) => {
      const a = new SpeakerAgent({ mqttUrl: mqttUrl(), deviceId: id, secret, player: new SilentPlayer(), reconnectBaseMs: 60_000 });
      agents.push(a);
      return a;
    };
    /** A raw MQTT connection as a device (no agent logic). */
    const rawDevice = async (id: string, secret: string) => {
      const c = await mqtt.connectAsync(mqttUrl(), { clientId: id, username: id, password: secret, reconnectPeriod: 0, protocolVersion: 4 });
      clients.push(c);
      return c;
    };
    const addDevice = async (admin: Awaited<ReturnType<typeof signedInAdmin>>, area: string, name: string) => {
      const res = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: area, serial: `${name}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}` });
      expect(res.status).toBe(200);
      return { id: res.body.data.thietbi._id as string, secret: res.body.data.secret as string };
    };

    it('starts', async () => {
      if (options.external) mosquitto = await startDynsecMosquitto();
      server = await startTestServer({ DEVICE_SILENCE_SECONDS: 3, ...(mosquitto ? { MQTT_URL: mosquitto.adminUrl, MQTT_DYNSEC: true } : {}) });
    });
    afterAll(async () => {
      await server?.close();
      await mosquitto?.stop();
    });

    it('a real speaker agent is online in the console within 1 s and offline when it dies', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa thật', diaban: admin.areas.communeB, serial: `AG-${Date.now()}-${options.external}` })).body.data;
      const socket = await admin.client.socket();
      const seen: DeviceStatusEvent = [];
      socket.on(EVENTS.deviceStatus, (batch) => seen.push(...batch));

      const speaker = agent(created.thietbi._id, created.secret);
      const started = Date.now();
      await speaker.start();
      await eventually(() => seen.find((s) => s._id === created.thietbi._id && s.trangthai.online), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      // The retained configuration may come just after the subscriptions are granted.
      await eventually(() => speaker.areas.length > 0, 3000);
      expect(speaker.areas).toEqual([admin.areas.district, admin.areas.communeB]);

      speaker.kill();
      await eventually(() => seen.find((s) => s._id === created.thietbi._id && !s.trangthai.online), 5000);
      socket.close();
    });

    it('a volume set in the console reaches the agent', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa âm lượng', diaban: admin.areas.communeA, serial: `VOL-${Date.now()}-${options.external}` })).body.data;
      const speaker = agent(created.thietbi._id, created.secret);
      await speaker.start();
      await admin.client.post('/v1/client/thietbi/dieukhien', { id: created.thietbi._id, lenh: 'amluong', amluong: 42 });
      await eventually(() => speaker.volume === 42, 3000);
      await eventually(async () => (await admin.client.get(`/v1/client/thietbi/thongtin?id=${created.thietbi._id}`)).body.data.trangthai.amluong === 42, 3000);
      // It is the device's own configuration (not "Kế thừa"), and it survives a reboot: a fresh agent
      // (the default 70 until told) comes back at 42 from its retained configuration.
      expect((await admin.client.get(`/v1/client/thietbi/thongtin?id=${created.thietbi._id}`)).body.data.cauhinh).toMatchObject({ amluong: 42 });
      await speaker.stop();
      const rebooted = agent(created.thietbi._id, created.secret);
      await rebooted.start();
      await eventually(() => rebooted.volume === 42, 3000);
      // An area's volume set later does not override the device's own.
      await admin.client.post('/v1/client/thietbi/update', { diaban: admin.areas.communeA, amluong: 20 });
      expect((await admin.client.get(`/v1/client/thietbi/thongtin?id=${created.thietbi._id}`)).body.data.cauhinhhieuluc.amluong).toBe(42);
    });

    it('refuses an agent with a wrong secret', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa giả', diaban: admin.areas.communeA, serial: `BAD-${Date.now()}` })).body.data;
      await expect(agent(created.thietbi._id, `${created.secret}x`).start()).rejects.toBeInstanceOf(ConnectionRefusedError);
      // Nor may anyone take its id without its secret, or connect anonymously.
      await expect(mqtt.connectAsync(mqttUrl(), { clientId: created.thietbi._id, reconnectPeriod: 0, protocolVersion: 4 })).rejects.toThrow();
    });

    it('a device can neither listen to another device\'s commands nor speak for it', async () => {
      const admin = await signedInAdmin(server);
      const victim = await addDevice(admin, admin.areas.communeA, 'Nạn nhân');
      const intruder = await addDevice(admin, admin.areas.communeA, 'Kẻ lạ');
      const victimAgent = agent(victim.id, victim.secret);
      await victimAgent.start();
      await eventually(async () => (await admin.client.get(`/v1/client/thietbi/thongtin?id=${victim.id}`)).body.data.trangthai.amluong === 70, 3000);

      const spy = await rawDevice(intruder.id, intruder.secret);
      const heard: string[] = [];
      spy.on('message', (topic) => heard.push(topic));
      expect(await grant(spy, topics.deviceCmd(victim.id))).toBe(128);
      expect(await grant(spy, topics.config(victim.id))).toBe(128);
      expect(await grant(spy, 'pa/v1/#')).toBe(128);
      // A command for the victim reaches the victim, and nobody else.
      await admin.client.post('/v1/client/thietbi/dieukhien', { id: victim.id, lenh: 'amluong', amluong: 33 });
      await eventually(() => victimAgent.volume === 33, 3000);
      // A forged state on the victim's topic never reaches the server.
      spy.publish(topics.state(victim.id), JSON.stringify({ online: false }), { qos: 0, retain: true });
      spy.publish(topics.state(victim.id), JSON.stringify({ online: true, volume: 13 }), { qos: 0 });
      await new Promise((r) => setTimeout(r, 700));
      const seen = (await admin.client.get(`/v1/client/thietbi/thongtin?id=${victim.id}`)).body.data.trangthai;
      expect(seen.online).toBe(true);
      expect(seen.amluong).toBe(33);
      expect(heard).toEqual([]);
    });

    it('a reset secret cuts the old session and refuses the old secret; the new one works', async () => {
      const admin = await signedInAdmin(server);
      const device = await addDevice(admin, admin.areas.communeB, 'Loa đổi khoá');
      const old = agent(device.id, device.secret);
      await old.start();
      const cut = new Promise<void>((resolve) => old.once('disconnected', () => resolve()));
      const reset = await admin.client.post('/v1/client/thietbi/reset', { id: device.id });
      expect(reset.status).toBe(200);
      const fresh = reset.body.data.items[0].secret as string;
      expect(fresh).not.toBe(device.secret);
      await cut;
      await old.stop();
      await expect(agent(device.id, device.secret).start()).rejects.toBeInstanceOf(ConnectionRefusedError);
      const renewed = agent(device.id, fresh);
      await renewed.start();
      await eventually(() => renewed.areas.length > 0, 3000);
      expect(renewed.areas).toEqual([admin.areas.district, admin.areas.communeB]);
    });

    it('a deleted device can no longer connect', async () => {
      const admin = await signedInAdmin(server);
      const device = await addDevice(admin, admin.areas.communeA, 'Loa bị xoá');
      const before = agent(device.id, device.secret);
      await before.start();
      const cut = new Promise<void>((resolve) => before.once('disconnected', () => resolve()));
      expect((await admin.client.post('/v1/client/thietbi/xoa', { id: device.id })).status).toBe(200);
      await cut;
      await before.stop();
      await expect(agent(device.id, device.secret).start()).rejects.toBeInstanceOf(ConnectionRefusedError);
    });

    it('a device moved to another commune follows the new commune\'s commands, not the old one\'s', async () => {
      const admin = await signedInAdmin(server);
      const device = await addDevice(admin, admin.areas.communeA, 'Loa chuyển xã');
      const before = await rawDevice(device.id, device.secret);
      expect(await grant(before, topics.areaCmd(admin.areas.communeA))).toBe(1);
      expect(await grant(before, topics.areaCmd(admin.areas.communeB))).toBe(128);

      const moved = await admin.client.post('/v1/client/thietbi/capnhat', { id: device.id, tenthietbi: 'Loa chuyển xã', diaban: admin.areas.communeB, serial: `MOVED-${Date.now()}` });
      expect(moved.status).toBe(200);
      // Mosquitto disconnects a device whose rights changed; on the embedded broker the session goes on.
      if (options.external) await eventually(() => !before.connected, 3000);
      const after = before.connected ? before : await rawDevice(device.id, device.secret);
      expect(await grant(after, topics.areaCmd(admin.areas.communeB))).toBe(1);
      expect(await grant(after, topics.areaCmd(admin.areas.district))).toBe(1);
      expect(await grant(after, topics.areaCmd(admin.areas.communeA))).toBe(128);
      // The speaker agent follows its configuration to the new commune.
      const speaker = agent(device.id, device.secret);
      await speaker.start();
      await eventually(() => speaker.areas.length > 0, 3000);
      expect(speaker.areas).toEqual([admin.areas.district, admin.areas.communeB]);
    });

    it('when a commune moves to another district, its devices follow the new district\'s commands', async () => {
      const admin = await signedInAdmin(server);
      const device = await addDevice(admin, admin.areas.communeA, 'Loa xã chuyển huyện');
      const before = await rawDevice(device.id, device.secret);
      expect(await grant(before, topics.areaCmd(admin.areas.district))).toBe(1);
      const district = (await admin.client.post('/v1/client/diaban/themmoi', { tendiaban: `Huyện mới ${Date.now()}`, cap: 'huyen', idcha: null })).body.data._id as string;
      expect((await admin.client.post('/v1/client/diaban/capnhat', { id: admin.areas.communeA, tendiaban: 'Xã A', idcha: district })).status).toBe(200);
      if (options.external) await eventually(() => !before.connected, 3000);
      const after = before.connected ? before : await rawDevice(device.id, device.secret);
      expect(await grant(after, topics.areaCmd(district))).toBe(1);
      expect(await grant(after, topics.areaCmd(admin.areas.communeA))).toBe(1);
      expect(await grant(after, topics.areaCmd(admin.areas.district))).toBe(128);
    });

    it('a box waiting to be assigned may follow no area until an officer confirms it (issue #31)', async () => {
      const admin = await signedInAdmin(server);
      const { ma } = (await admin.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: admin.areas.communeA, soluong: 1, hieulucgio: 1 })).body.data;
      const enrolled = await fetch(`${server.url}/v1/thietbi/dangky`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: ma, machineId: `machine-${Date.now()}-${options.external}` }),
      }).then(async (res) => (await res.json() as { data: { deviceId: string; secret: string } }).data);
      const box = await rawDevice(enrolled.deviceId, enrolled.secret);
      expect(await grant(box, topics.deviceCmd(enrolled.deviceId))).toBe(1);
      expect(await grant(box, topics.areaCmd(admin.areas.communeA))).toBe(128);
      expect(await grant(box, topics.areaCmd(admin.areas.district))).toBe(128);
      await box.endAsync();
      expect((await admin.client.post('/v1/client/thietbi/xacnhan', { id: enrolled.deviceId, tenthietbi: 'Loa đã gán', diaban: admin.areas.communeA })).status).toBe(200);
      const confirmed = await rawDevice(enrolled.deviceId, enrolled.secret);
      expect(await grant(confirmed, topics.areaCmd(admin.areas.communeA))).toBe(1);
      expect(await grant(confirmed, topics.areaCmd(admin.areas.district))).toBe(1);
    });
  });
}

suite('speaker agents on the embedded broker', { external: false });
// A private Mosquitto (free port, no anonymous clients, dynamic-security plugin) whose device
// accounts and ACLs the server keeps; the machine's open Mosquitto on 1883 is covered by
// externalBroker.test.ts. Where Mosquitto or its plugin is missing, this is reported as skipped.
describe.runIf(dynsecMosquittoAvailable)('external broker', () => suite('speaker agents on Mosquitto (MQTT_DYNSEC)', { external: true }));

describe.runIf(dynsecMosquittoAvailable)('device accounts on Mosquitto across failures and restarts', () => {
  let mosquitto: DynsecMosquitto;
  afterAll(() => mosquitto?.stop());

  it('a restarted server keeps device accounts and secrets as they are', async () => {
    mosquitto = await startDynsecMosquitto();
    const config = { MQTT_URL: mosquitto.adminUrl, MQTT_DYNSEC: true };
    const first = await startTestServer(config);
    const admin = await signedInAdmin(first);
    const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa khởi động lại', diaban: admin.areas.communeA, serial: `RST-${Date.now()}` })).body.data;
    await first.close();

    const second = await startTestServer(config);
    try {
      const speaker = new SpeakerAgent({ mqttUrl: mosquitto.url, deviceId: created.thietbi._id, secret: created.secret, player: new SilentPlayer(), reconnectBaseMs: 60_000 });
      agents.push(speaker);
      await speaker.start();
      await eventually(() => speaker.areas.length > 0, 3000);
      expect(speaker.areas).toEqual([admin.areas.district, admin.areas.communeA]);
    } finally {
      await second.close();
    }
  });

  it('when Mosquitto cannot be reached, adding, moving, resetting and deleting a device change nothing', async () => {
    const server = await startTestServer({ MQTT_URL: mosquitto.adminUrl, MQTT_DYNSEC: true });
    try {
      const admin = await signedInAdmin(server);
      const kept = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa có sẵn', diaban: admin.areas.communeA, serial: `KEEP-${Date.now()}` })).body.data;
      const id = kept.thietbi._id as string;
      await mosquitto.stop();
      // The server's MQTT client sees the connection close (else the first command would wait for its answer in vain).
      await new Promise((r) => setTimeout(r, 300));

      const serial = `DOWN-${Date.now()}`;
      const added = await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa không thêm được', diaban: admin.areas.communeA, serial });
      expect(added.status).toBe(503);
      expect(added.body.message).toBe(DEVICE_MESSAGES.brokerUnavailable);
      const listed = await admin.client.get(`/v1/client/thietbi/danhsachthietbi?q=${serial}`);
      expect(JSON.stringify(listed.body)).not.toContain(serial);

      const moved = await admin.client.post('/v1/client/thietbi/capnhat', { id, tenthietbi: 'Loa có sẵn', diaban: admin.areas.communeB, serial: kept.thietbi.serial });
      expect(moved.status).toBe(503);
      expect((await admin.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).body.data.diaban._id).toBe(admin.areas.communeA);

      const reset = await admin.client.post('/v1/client/thietbi/reset', { id });
      expect(reset.status).toBe(503);
      expect(reset.body.message).toBe(DEVICE_MESSAGES.resetIncomplete);

      const deleted = await admin.client.post('/v1/client/thietbi/xoa', { id });
      expect(deleted.status).toBe(503);
      expect((await admin.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
