import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, ENROLMENT_CODE_PATTERN, ENROLMENT_MESSAGES, SOURCE_KINDS, topics, type DeviceCommand } from '@loa/contract';
import { ConnectionRefusedError, SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';

// Issue #31, part 2: enrolment codes, boxes that enrol with one, and the officer's confirmation.
let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  // Behind a proxy, so each test's boxes come from their own address (the limit is per address).
  server = await startTestServer({ TRUST_PROXY: true });
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await server?.close();
});

const hardware = () => ({ machineId: crypto.randomBytes(16).toString('hex'), serial: `10000000${crypto.randomBytes(4).toString('hex')}`, firmware: 'loa-speaker/0.1.0' });
const enrol = (body: Record<string, unknown>, ip = `10.31.${crypto.randomInt(255)}.${crypto.randomInt(255)}`) =>
  fetch(`${server.url}/v1/thietbi/dangky`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) })
    .then(async (res) => ({ status: res.status, body: await res.json() as any }));

async function connect(deviceId: string, secret: string): Promise<SpeakerAgent> {
  const agent = new SpeakerAgent({ mqttUrl: `mqtt://127.0.0.1:${server.app.broker.tcpPort}`, deviceId, secret, player: new SilentPlayer({ fetchAudio: false }), reconnectBaseMs: 200 });
  await agent.start();
  agents.push(agent);
  return agent;
}

async function logOf(action: string, since: Date) {
  return server.db.query<{ outcome: string; detail: Record<string, unknown>; ip: string }>(
    'SELECT outcome, detail, ip FROM system_log WHERE action = $1 AND at >= $2 ORDER BY id', [action, since],
  );
}

describe('enrolment codes', () => {
  it('are shown once, kept hashed, counted, and a box enrols with one and waits as "chờ gán" until the officer confirms it', async () => {
    const w = await signedInAdmin(server);
    const made = await w.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: w.areas.communeA, soluong: 2, hieulucgio: 24, ghichu: 'Đợt lắp tháng 12' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const code = made.body.data.ma as string;
    expect(code).toMatch(ENROLMENT_CODE_PATTERN);
    // Listed without the code; at rest only its hash.
    const listed = await w.client.get('/v1/client/thietbi/madangky/danhsach');
    expect(JSON.stringify(listed.body.data)).not.toContain(code);
    expect(listed.body.data[0]).toMatchObject({ soluong: 2, dadung: 0, thuhoi: false, diaban: { _id: w.areas.communeA } });
    const stored = await server.db.query<{ code_hash: string }>('SELECT code_hash FROM enrolment_codes WHERE id = $1', [made.body.data.madangky._id]);
    expect(stored[0].code_hash).not.toContain(code.replace('-', ''));

    const box = { ...hardware(), imei: '356938035643809', gps: { lat: 21.03, lng: 105.85 } };
    // Lower case and spaces, as typed on a box.
    const enrolled = await enrol({ code: ` ${code.toLowerCase()} `, ...box });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const { deviceId, secret } = enrolled.body.data;
    await connect(deviceId, secret);

    const pending = await w.client.get('/v1/client/thietbi/chogan');
    expect(pending.body.data).toEqual([expect.objectContaining({
      _id: deviceId, online: true, diaban: { _id: w.areas.communeA, tendiaban: 'Xã A' },
      phancung: expect.objectContaining({ machineId: box.machineId, serial: box.serial, imei: box.imei, gps: box.gps }), cungphancung: [],
    })]);
    expect((await w.client.get('/v1/client/thietbi/madangky/danhsach')).body.data[0].dadung).toBe(1);

    const confirmed = await w.client.post('/v1/client/thietbi/xacnhan', { id: deviceId, tenthietbi: 'Loa chợ Đông', diaban: w.areas.communeA, vido: 21.031, kinhdo: 105.852 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await w.client.get('/v1/client/thietbi/chogan')).body.data).toEqual([]);
    const detail = await w.client.get(`/v1/client/thietbi/thongtin?id=${deviceId}`);
    expect(detail.body.data).toMatchObject({ tenthietbi: 'Loa chợ Đông', serial: box.serial, vido: 21.031, kinhdo: 105.852 });
    expect((await logOf('loa-dang-ky', new Date(Date.now() - 60_000))).some((e) => e.detail.machineId === box.machineId)).toBe(true);
  });

  it('a box waiting to be assigned hears no bulletin of its code\'s area until the officer confirms it', async () => {
    const w = await signedInAdmin(server);
    const { ma } = (await w.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: w.areas.communeA, soluong: 1, hieulucgio: 1 })).body.data;
    const { deviceId, secret } = (await enrol({ code: ma, ...hardware() })).body.data;
    const box = new SpeakerAgent({ mqttUrl: `mqtt://127.0.0.1:${server.app.broker.tcpPort}`, deviceId, secret, player: new SilentPlayer({ fetchAudio: false }), reconnectBaseMs: 200 });
    agents.push(box);
    const configured = new Promise((resolve) => box.once('config', resolve));
    const heard: DeviceCommand[] = [];
    box.on('command', (c) => heard.push(c));
    await box.start();
    await configured;
    // Its first clock exchanges are over (a round trip below is the test's own).
    await eventually(() => box.clock.status().samples >= 8, 8000);
    // An assigned speaker of the same commune, for comparison.
    const [assigned] = await startSpeakers(server, w.client, w.areas.communeA, 1, { namePrefix: 'Loa đã gán' });
    agents.push(assigned);
    const assignedHeard: DeviceCommand[] = [];
    assigned.on('command', (c) => assignedHeard.push(c));

    // Its configuration names no area, and the broker would not let it follow one.
    expect(box.areas).toEqual([]);
    expect(server.app.gateway.maySubscribe(deviceId, topics.areaCmd(w.areas.communeA))).toBe(false);
    expect(server.app.gateway.devicesIn(new Set([w.areas.communeA]))).toEqual([assigned.deviceId]);

    const info = { tieude: 'Thông báo tiêm chủng', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 };
    const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 10, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 10 };
    const sent = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info, [relay]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await eventually(() => assignedHeard.some((c) => c.type === 'play'));
    // A round trip through the broker after the bulletin: anything published to the box before it has arrived.
    const answered = new Promise((resolve) => box.once('clockAnswer', resolve));
    box.syncClock();
    await answered;
    expect(heard.filter((c) => c.type === 'play')).toEqual([]);
    // Nor can it be chosen by itself.
    const direct = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm({ ...info, thietbichon: [deviceId] }, [relay]));
    expect(direct.status).not.toBe(200);
    expect((await w.client.get('/v1/client/phatngay/dungphatngay')).status).toBe(200);

    // A confirmation without a name, or with a latitude off the globe, is refused with what is wrong, and changes nothing.
    const unnamed = await w.client.post('/v1/client/thietbi/xacnhan', { id: deviceId, tenthietbi: ' ', diaban: w.areas.communeA });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, DEVICE_MESSAGES.nameRequired]);
    const offGlobe = await w.client.post('/v1/client/thietbi/xacnhan', { id: deviceId, tenthietbi: 'Loa', diaban: w.areas.communeA, vido: 95 });
    expect([offGlobe.status, offGlobe.body.message]).toEqual([400, DEVICE_MESSAGES.latitudeRange]);
    expect((await w.client.get('/v1/client/thietbi/chogan')).body.data.map((b: { _id: string }) => b._id)).toEqual([deviceId]);

    // Confirmed: it follows its commune and hears the next bulletin.
    expect((await w.client.post('/v1/client/thietbi/xacnhan', { id: deviceId, tenthietbi: 'Loa chợ mới', diaban: w.areas.communeA })).status).toBe(200);
    await eventually(() => box.areas.includes(w.areas.communeA) && box.unsubscribedAreas.length === 0);
    await eventually(async () => (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info, [relay]))).status === 200);
    await eventually(() => heard.some((c) => c.type === 'play'));
    await w.client.get('/v1/client/phatngay/dungphatngay');
  });

  it('refuses an unknown, expired, revoked or used-up code, logs why, and never makes a device', async () => {
    const since = new Date();
    const w = await signedInAdmin(server);
    const make = async (soluong: number) => (await w.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: w.areas.communeB, soluong, hieulucgio: 1 })).body.data;
    const once = await make(1);
    const expired = await make(5);
    await server.db.query("UPDATE enrolment_codes SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired.madangky._id]);
    const revoked = await make(5);
    expect((await w.client.post('/v1/client/thietbi/madangky/thuhoi', { id: revoked.madangky._id })).body.data.thuhoi).toBe(true);

    expect((await enrol({ code: once.ma, ...hardware() })).status).toBe(200);
    const devicesBefore = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices'))[0].n;
    for (const code of ['ZZZZ-ZZZZ', expired.ma, revoked.ma, once.ma]) {
      const refused = await enrol({ code, ...hardware() });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ENROLMENT_MESSAGES.refused);
    }
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices'))[0].n).toBe(devicesBefore);
    const refusals = await logOf('loa-dang-ky-bi-tu-choi', since);
    expect(refusals.map((e) => [e.outcome, e.detail.lydo])).toEqual([['denied', 'khong-ton-tai'], ['denied', 'het-han'], ['denied', 'da-thu-hoi'], ['denied', 'het-luot']]);
    expect((await w.client.get('/v1/client/thietbi/madangky/danhsach')).body.data.find((c: { _id: string }) => c._id === once.madangky._id).dadung).toBe(1);
  });

  it('counts the last use once when two boxes race for it', async () => {
    const w = await signedInAdmin(server);
    const { ma } = (await w.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: w.areas.communeA, soluong: 1, hieulucgio: 1 })).body.data;
    const results = await Promise.all([enrol({ code: ma, ...hardware() }), enrol({ code: ma, ...hardware() })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('limits enrolment attempts from one address', async () => {
    const ip = `10.99.${crypto.randomInt(255)}.1`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await enrol({ code: 'AAAA-AAAA', ...hardware() }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a re-enrolled box (new SD card) keeps its device and history when the officer confirms it is the same hardware', async () => {
    const w = await signedInAdmin(server);
    const { ma } = (await w.client.post('/v1/client/thietbi/madangky/themmoi', { diaban: w.areas.communeA, soluong: 2, hieulucgio: 1 })).body.data;
    const box = hardware();
    const first = (await enrol({ code: ma, ...box })).body.data;
    const old = await connect(first.deviceId, first.secret);
    expect((await w.client.post('/v1/client/thietbi/xacnhan', { id: first.deviceId, tenthietbi: 'Loa cổng làng', diaban: w.areas.communeA })).status).toBe(200);
    await old.stop();
    const history = async (id: string) => (await w.client.get(`/v1/client/thietbi/lichsuketnoi?id=${id}&page=1&limit=50`)).body.data.total as number;
    const before = await eventually(async () => ((await history(first.deviceId)) >= 2 ? history(first.deviceId) : 0));

    // A new SD card: a new machine id, the same board serial.
    const second = (await enrol({ code: ma, ...box, machineId: crypto.randomBytes(16).toString('hex') })).body.data;
    expect(second.deviceId).not.toBe(first.deviceId);
    const [pending] = (await w.client.get('/v1/client/thietbi/chogan')).body.data;
    expect(pending.cungphancung).toEqual([{ _id: first.deviceId, tenthietbi: 'Loa cổng làng', serial: box.serial }]);
    // Another device of the administrator is not the same hardware.
    const other = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa khác', diaban: w.areas.communeA, serial: `X-${crypto.randomBytes(4).toString('hex')}` });
    const wrong = await w.client.post('/v1/client/thietbi/xacnhan', { id: second.deviceId, tenthietbi: 'x', diaban: w.areas.communeA, thaythe: other.body.data.thietbi._id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ENROLMENT_MESSAGES.notSameHardware);

    expect((await w.client.post('/v1/client/thietbi/xacnhan', { id: second.deviceId, tenthietbi: 'Loa cổng làng', diaban: w.areas.communeA, thaythe: first.deviceId })).status).toBe(200);
    // The old card's secret is refused; the box's enrolled id is gone.
    await expect(connect(first.deviceId, first.secret)).rejects.toBeInstanceOf(ConnectionRefusedError);
    await expect(connect(second.deviceId, second.secret)).rejects.toBeInstanceOf(ConnectionRefusedError);
    // The box asks for its device with what it enrolled with, once.
    const claim = (body: unknown) => fetch(`${server.url}/v1/thietbi/dangky/bangiao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() as any }));
    expect((await claim({ deviceId: second.deviceId, secret: 'not-its-secret' })).status).toBe(404);
    const handed = await claim({ deviceId: second.deviceId, secret: second.secret });
    expect(handed.status).toBe(200);
    expect(handed.body.data.deviceId).toBe(first.deviceId);
    expect((await claim({ deviceId: second.deviceId, secret: second.secret })).status).toBe(404);
    await connect(handed.body.data.deviceId, handed.body.data.secret);
    // Its history is the device's history, and goes on.
    await eventually(async () => (await history(first.deviceId)) > before);
    expect((await w.client.get('/v1/client/thietbi/chogan')).body.data).toEqual([]);
    expect((await logOf('xac-nhan-loa-thay-the', new Date(Date.now() - 60_000))).length).toBeGreaterThan(0);
  });
});
