import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { checkDevicePlan, SOURCE_KINDS, scheduleRemovedMessage, topics, vnClock, type DevicePlan, type Schedule } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer, uploadAudio } from '../../test/helpers';
import { makeMp3 } from '../../test/audio';
import { localDate } from '../features/schedules/recurrence';

/*
 * Issue #30, step 1: each speaker holds a retained, versioned plan of its scheduled occurrences for
 * the next hours. Read here as a speaker reads it: over the real embedded broker, with the device's
 * own credentials, its checksum checked as the agent checks it.
 */

let server: TestServer;
const clients: MqttClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server.close();
});

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
const sha256hex = (text: string | Buffer) => crypto.createHash('sha256').update(text).digest('hex');

async function addDevice(w: Admin, area: string) {
  const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa có lịch', diaban: area, serial: `PL-${crypto.randomBytes(5).toString('hex')}` });
  return { id: res.body.data.thietbi._id as string, secret: res.body.data.secret as string, serial: res.body.data.thietbi.serial as string };
}

/** Connects as the device and collects every plan it receives (checked as the agent checks them). */
async function planReader(device: { id: string; secret: string }) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, {
    clientId: device.id, username: device.id, password: device.secret, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000,
  });
  client.on('error', () => undefined);
  clients.push(client);
  const plans: DevicePlan[] = [];
  client.on('message', (topic, payload) => {
    if (topic !== topics.plan(device.id) || payload.length === 0) return;
    const checked = checkDevicePlan(JSON.parse(payload.toString()), sha256hex);
    if (!checked.ok) throw new Error(`plan refused: ${checked.detail}`);
    plans.push(checked.plan);
  });
  await client.subscribeAsync(topics.plan(device.id), { qos: 1 });
  return { client, plans, latest: () => plans.at(-1) };
}

const upload = (w: Admin, name: string, mp3: Buffer) => uploadAudio(server, w.client, name, mp3);

const fileSource = (key: string, seconds: number) => ({ kieunguon: SOURCE_KINDS.file, thoigianBatdau: seconds, files: [{ fileName: 'ban-tin.mp3', url: key, duration: seconds }] });
const onceAt = (areaId: string, at: number, source: unknown, extra: Record<string, unknown> = {}) => ({
  tieude: 'Bản tin sáng', nguonphat: [source], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1,
  chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)], ...extra,
});
/** A whole minute about `ms` from now. */
const minuteAhead = (ms: number) => Math.ceil((Date.now() + ms) / 60_000) * 60_000;

describe('the plan a speaker holds', () => {
  it('lists each approved occurrence of the next 24 h with its start, priority and files (size, sha256), under a checksum', async () => {
    const w = await signedInAdmin(server);
    const device = await addDevice(w, w.areas.communeA);
    const reader = await planReader(device);
    const mp3 = makeMp3(3);
    const key = await upload(w, 'ban-tin.mp3', mp3);
    const at = minuteAhead(2 * 3600_000);
    const tooFar = minuteAhead(30 * 3600_000);
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', onceAt(w.areas.communeA, at, fileSource(key, 3)))).body.data as Schedule;
    await w.client.post('/v1/client/lichphat/taolichphat', onceAt(w.areas.communeA, tooFar, fileSource(key, 3), { tieude: 'Ngày kia' }));
    const plan = await eventually(() => reader.latest()?.occurrences.some((o) => o.scheduleId === s._id) ? reader.latest() : null, 8000);
    expect(plan.validUntil - plan.validFrom).toBe(25 * 3600_000);
    expect(plan.occurrences.map((o) => o.title)).toEqual(['Bản tin sáng']);
    const [occurrence] = plan.occurrences;
    expect(occurrence).toMatchObject({ startAt: at, runs: [at], priority: s.uutien });
    expect(occurrence.items).toHaveLength(1);
    expect(occurrence.items[0]).toMatchObject({ kind: 'file', file: { size: mp3.length, sha256: sha256hex(mp3) } });
    // The plan's session is the one the scheduler will start: a speaker playing it recognises the play command.
    expect(occurrence.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is published again, with a higher version, on an edit, a delete, quiet hours and an area move; unchanged otherwise', async () => {
    const w = await signedInAdmin(server);
    const device = await addDevice(w, w.areas.communeA);
    const reader = await planReader(device);
    const key = await upload(w, 'tin.mp3', makeMp3(2));
    const at = minuteAhead(3 * 3600_000);
    const body = onceAt(w.areas.communeA, at, fileSource(key, 2), { tieude: 'Trước khi sửa' });
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', body)).body.data as Schedule;
    const first = await eventually(() => reader.latest()?.occurrences.some((o) => o.scheduleId === s._id) ? reader.latest() : null, 8000);
    const titleOf = () => reader.latest()?.occurrences.find((o) => o.scheduleId === s._id)?.title;

    // An edit.
    expect((await w.client.post('/v1/client/lichphat/sualichphat', { ...body, tieude: 'Đã sửa', id: s._id, phienban: s.phienban })).status).toBe(200);
    const edited = await eventually(() => (titleOf() === 'Đã sửa' ? reader.latest() : null), 8000);
    expect(edited.version).toBeGreaterThan(first.version);
    expect(edited.checksum).not.toBe(first.checksum);

    // Nothing changed for a while (the schedules are read again every 5 s): nothing is sent again.
    const count = reader.plans.length;
    await server.app.scheduler.reload();
    await server.app.plans.refresh();
    expect(reader.plans.length).toBe(count);

    // Quiet hours over the occurrence's start on the device's commune: it drops out of the plan.
    const hhmm = (ms: number) => vnClock(ms).slice(0, 5);
    expect((await w.client.post('/v1/client/thietbi/update', { diaban: w.areas.communeA, giotinh: { tu: hhmm(at - 3600_000), den: hhmm(at + 3600_000) } })).status).toBe(200);
    const quiet = await eventually(() => (reader.latest()!.version > edited.version && titleOf() === undefined ? reader.latest() : null), 8000);
    expect((await w.client.post('/v1/client/thietbi/update', { diaban: w.areas.communeA, giotinh: null })).status).toBe(200);
    const back = await eventually(() => (titleOf() === 'Đã sửa' ? reader.latest() : null), 8000);
    expect(back.version).toBeGreaterThan(quiet.version);

    // The device moves to another commune: the commune's schedule is no longer its own.
    expect((await w.client.post('/v1/client/thietbi/capnhat', { id: device.id, tenthietbi: 'Loa chuyển xã', diaban: w.areas.communeB, serial: device.serial })).status).toBe(200);
    const moved = await eventually(() => (titleOf() === undefined ? reader.latest() : null), 8000);
    expect(moved.version).toBeGreaterThan(back.version);
    expect((await w.client.post('/v1/client/thietbi/capnhat', { id: device.id, tenthietbi: 'Loa về xã', diaban: w.areas.communeA, serial: device.serial })).status).toBe(200);
    await eventually(() => titleOf() === 'Đã sửa', 8000);

    // Sent back to its author: it leaves the plan, and the answer counts the speaker that has not heard.
    const sentBack = await w.client.post('/v1/client/lichphat/yeucauduyetlai', { id: s._id, lydo: 'Sửa lại giờ phát' });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.chuanhan).toBe(1);
    await eventually(() => titleOf() === undefined, 8000);
    expect((await w.client.post('/v1/client/lichphat/duyetlichphat', { id: s._id })).status).toBe(200);
    await eventually(() => titleOf() === 'Đã sửa', 8000);

    // A delete: this reader never reports the plans it gets, so the answer counts it as not having heard.
    const deleted = await w.client.post('/v1/client/lichphat/xoalichphat', { id: s._id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(scheduleRemovedMessage(1));
    expect(deleted.body.chuanhan).toBe(1);
    await eventually(() => titleOf() === undefined, 8000);
  });

  it("serves a speaker the files of its own plan (resuming with Range), and no other file", async () => {
    const w = await signedInAdmin(server);
    const device = await addDevice(w, w.areas.communeA);
    const outsider = await addDevice(w, w.areas.communeB);
    const reader = await planReader(device);
    const mp3 = makeMp3(2, 64, 660);
    const key = await upload(w, 'tep-cua-loa.mp3', mp3);
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', onceAt(w.areas.communeA, minuteAhead(4 * 3600_000), fileSource(key, 2)))).body.data as Schedule;
    await eventually(() => reader.latest()?.occurrences.some((o) => o.scheduleId === s._id), 8000);
    const get = (who: { id: string; secret: string } | null, sha: string, range?: string) => fetch(`${server.url}/v1/device/plan-file/${sha}`, {
      headers: { ...(who ? { authorization: `Basic ${Buffer.from(`${who.id}:${who.secret}`).toString('base64')}` } : {}), ...(range ? { range } : {}) },
    });
    const own = await get(device, sha256hex(mp3));
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(mp3)).toBe(true);
    const rest = await get(device, sha256hex(mp3), 'bytes=1000-');
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(mp3.subarray(1000))).toBe(true);
    // Another commune's speaker, a wrong secret, a file of no plan.
    const refused = await get(outsider, sha256hex(mp3));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Tệp này không thuộc lịch phát của loa.');
    expect((await get({ id: device.id, secret: 'sai' }, sha256hex(mp3))).status).toBe(401);
    expect((await get(null, sha256hex(mp3))).status).toBe(401);
    expect((await get(device, sha256hex('không có'))).status).toBe(403);
  });

  it('is not readable by another device', async () => {
    const w = await signedInAdmin(server);
    const mine = await addDevice(w, w.areas.communeA);
    const other = await addDevice(w, w.areas.communeA);
    const reader = await planReader(other);
    await expect(reader.client.subscribeAsync(topics.plan(mine.id), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(reader.client.subscribeAsync(topics.plan(other.id), { qos: 1 })).resolves.toBeDefined();
  });

  it('names the session the scheduler starts for the occurrence', async () => {
    const w = await signedInAdmin(server);
    const device = await addDevice(w, w.areas.communeB);
    const reader = await planReader(device);
    const at = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 };
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', onceAt(w.areas.communeB, at, relay))).body.data as Schedule;
    const planned = await eventually(() => reader.latest()?.occurrences.find((o) => o.scheduleId === s._id), 8000);
    expect(planned.items[0].file).toBeUndefined();
    const [fired] = await eventually(async () => {
      const rows = await server.db.query<{ id: string }>('SELECT id FROM broadcasts WHERE schedule_id = $1', [s._id]);
      return rows.length > 0 ? rows : null;
    }, at - Date.now() + 5000, 100);
    expect(fired.id).toBe(planned.sessionId);
    await w.client.post('/v1/client/lichphat/xoalichphat', { id: s._id });
  });
});
