import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { SOURCE_KINDS, topics, type Notification } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';
import { STRIKES } from './deviceStrikes';
import { SentSessions } from './sentSessions';
import * as q from './gateway.queries';

/*
 * Issue #27, item 3: a speaker with valid credentials sending what the contract refuses. Every
 * message goes over the real embedded broker; what is checked is what the console and the
 * database show.
 */

let server: TestServer;
const agents: SpeakerAgent[] = [];
const clients: MqttClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ NOTIFY_SWEEP_SECONDS: 0.2 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

async function addDevice(w: Admin, area: string, name: string) {
  const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: area, serial: `SN-${Math.random().toString(36).slice(2)}` });
  return { id: res.body.data.thietbi._id as string, secret: res.body.data.secret as string };
}

const connect = (device: { id: string; secret: string }) => mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, {
  clientId: device.id, username: device.id, password: device.secret, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000,
});

async function connectDevice(device: { id: string; secret: string }): Promise<MqttClient> {
  const c = await connect(device);
  c.on('error', () => undefined);
  clients.push(c);
  return c;
}

const info = (areas: string[]) => ({ tieude: 'Bản tin sáng', loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 });
const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });

/** What the system log says of a device's invalid messages. */
const systemLog = (deviceId: string) => server.db.query<{ action: string; outcome: string; detail: Record<string, unknown> }>(
  `SELECT action, outcome, detail FROM system_log WHERE target_type = 'thietbi' AND target_id = $1 AND action LIKE '%gui-sai' ORDER BY id`, [deviceId],
);
const plays = (deviceId: string) => server.db.query<{ event: string; session_id: string | null }>('SELECT event, session_id FROM device_plays WHERE device_id = $1 ORDER BY at', [deviceId]);

describe('device messages the contract refuses (issue #27)', () => {
  it('keeps writing a good speaker\'s play history, connection history and live state while a rogue one sends bad times and NULs every 250 ms', async () => {
    const w = await signedInAdmin(server);
    const rogue = await addDevice(w, w.areas.communeB, 'Loa giả');
    const r = await connectDevice(rogue);
    // The attack as reported: an event dated 1e16 and a state whose firmware holds a NUL, every 250 ms.
    const attack = setInterval(() => {
      if (!r.connected) return;
      r.publish(topics.event(rogue.id), '{"type":"error","at":1e16}', { qos: 1 });
      r.publish(topics.state(rogue.id), JSON.stringify({ online: true, firmware: 'v1\u0000' }), { qos: 1 });
    }, 250);
    try {
      await new Promise((res) => setTimeout(res, 600));
      const [good] = await startSpeakers(server, w.client, w.areas.communeA, 1, { namePrefix: 'Loa chợ' });
      agents.push(good);
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay(2)]));
      expect(res.status).toBe(200);
      const session = res.body.data.idlichphat as string;

      // Its play history: started and finished of the bulletin.
      const played = await eventually(async () => {
        const rows = await plays(good.deviceId);
        return rows.some((p) => p.event === 'finished') ? rows : null;
      }, 15_000);
      expect(played).toEqual([{ event: 'started', session_id: session }, { event: 'finished', session_id: session }]);
      // Its connection history, through the API as the console reads it.
      const history = (await w.client.get(`/v1/client/thietbi/lichsuketnoi?id=${good.deviceId}`)).body.data;
      expect(history.items[0]).toMatchObject({ online: true, lydo: 'ket-noi' });
      // Its live state, in the database.
      const [live] = await server.db.query<{ online: boolean; firmware: string | null }>('SELECT online, firmware FROM devices WHERE id = $1', [good.deviceId]);
      expect(live.online).toBe(true);
      expect(live.firmware).toBeTruthy();
      // Nothing of the rogue's was kept, and every refusal was counted.
      expect(await plays(rogue.id)).toEqual([]);
      const [rogueLive] = await server.db.query<{ firmware: string | null }>('SELECT firmware FROM devices WHERE id = $1', [rogue.id]);
      expect(rogueLive.firmware).toBeNull();
      expect(server.app.gateway.strikes.counts.refused).toBeGreaterThan(0);
      expect(server.app.gateway.strikes.counts.unwritten).toBe(0);
    } finally {
      clearInterval(attack);
    }
  }, 40_000);

  it('logs a refused message against its device, and cuts off, refuses and tells the console of a device that keeps sending them', async () => {
    const w = await signedInAdmin(server);
    const rogue = await addDevice(w, w.areas.communeB, 'Loa hỏng');
    const r = await connectDevice(rogue);
    await r.publishAsync(topics.state(rogue.id), JSON.stringify({ online: true, volume: 50 }), { qos: 1 });
    await eventually(async () => (await w.client.get(`/v1/client/thietbi/thongtin?id=${rogue.id}`)).body.data.trangthai.online, 3000);
    let closed = false;
    r.on('close', () => (closed = true));

    // One refused message: logged against the device, the device stays connected.
    await r.publishAsync(topics.state(rogue.id), JSON.stringify({ online: true, firmware: 'x\u0000' }), { qos: 1 });
    const first = await eventually(async () => {
      const log = await systemLog(rogue.id);
      return log.length > 0 ? log : null;
    }, 3000);
    expect(first).toEqual([{ action: 'thiet-bi-gui-sai', outcome: 'denied', detail: { loai: 'state', truong: 'firmware', lydo: 'control character' } }]);
    expect(closed).toBe(false);

    // Up to the limit: cut off.
    for (let i = 1; i < STRIKES.limit && !closed; i += 1) r.publish(topics.event(rogue.id), JSON.stringify({ type: 'error', at: 1e16 }), { qos: 0 });
    await eventually(() => closed, 3000);
    // Refused when it comes back.
    await expect(connect(rogue)).rejects.toThrow(/Bad username or password|Not authorized/i);

    // Its connection history says why, and the system log records the cut-off (one entry per episode of refusals, one for the cut).
    const history = await eventually(async () => {
      const h = (await w.client.get(`/v1/client/thietbi/lichsuketnoi?id=${rogue.id}`)).body.data;
      return h.items.some((i: { lydo: string }) => i.lydo === 'gui-sai') ? h : null;
    }, 3000);
    expect(history.items[0]).toMatchObject({ online: false, lydo: 'gui-sai' });
    const log = await systemLog(rogue.id);
    expect(log.map((l) => l.action)).toEqual(['thiet-bi-gui-sai', 'ngat-thiet-bi-gui-sai']);
    expect(log[1]).toMatchObject({ outcome: 'denied', detail: { solan: STRIKES.limit, truong: 'at', broker: 'embedded' } });
    expect((await w.client.get(`/v1/client/thietbi/thongtin?id=${rogue.id}`)).body.data.trangthai.online).toBe(false);

    // The console is told, once.
    const notices = await eventually(async () => {
      const items = (await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[];
      const mine = items.filter((n) => n.loai === 'thietbi-guisai' && n.doituong?.id === rogue.id);
      return mine.length > 0 ? mine : null;
    }, 3000);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ tieude: 'Thiết bị gửi dữ liệu sai: Xã B / Loa hỏng', lienket: `/quan-ly-thiet-bi?id=${rogue.id}` });
    expect(notices[0].noidung).toContain(`${STRIKES.banMs / 60_000} phút`);

    // The health call counts them.
    const health = (await w.client.get('/v1/client/hethong/suckhoe')).body.data;
    expect(health.tinnhanthietbi.tuchoi).toBeGreaterThanOrEqual(STRIKES.limit);
    expect(health.tinnhanthietbi.ngatketnoi).toBeGreaterThanOrEqual(1);
  }, 20_000);

  it('refuses and logs a play report for a session the speaker was never sent, and takes one it was sent', async () => {
    const w = await signedInAdmin(server);
    const [listener] = await startSpeakers(server, w.client, w.areas.communeA, 1, { namePrefix: 'Loa nghe' });
    agents.push(listener);
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay(30)]));
    const session = res.body.data.idlichphat as string;
    try {
      const inArea = await addDevice(w, w.areas.communeA, 'Loa trong xã');
      const outside = await addDevice(w, w.areas.communeB, 'Loa xã khác');
      const a = await connectDevice(inArea);
      const b = await connectDevice(outside);
      const started = (extra: object) => JSON.stringify({ type: 'started', sessionId: session, itemIndex: 0, title: 'Bản tin sáng', position: 0, at: Date.now(), ...extra });
      const refusedAtStart = server.app.gateway.strikes.counts.refused;
      await b.publishAsync(topics.event(outside.id), started({}), { qos: 1 });
      await b.publishAsync(topics.event(outside.id), started({ sessionId: 'phien-bia' }), { qos: 1 });
      await a.publishAsync(topics.event(inArea.id), started({}), { qos: 1 });

      // The one in the bulletin's area is believed: the console shows what it plays, its history has it.
      await eventually(async () => (await plays(inArea.id)).length === 1, 3000);
      expect((await w.client.get(`/v1/client/thietbi/thongtin?id=${inArea.id}`)).body.data.trangthai.dangphat).toMatchObject({ sessionId: session });
      // The other is not, and the refusal is logged against it.
      const log = await eventually(async () => {
        const l = await systemLog(outside.id);
        return l.length > 0 ? l : null;
      }, 3000);
      expect(log[0]).toMatchObject({ action: 'thiet-bi-gui-sai', outcome: 'denied', detail: { truong: 'sessionId', lydo: 'session never sent to this device' } });
      await server.app.gateway.flush();
      expect(await plays(outside.id)).toEqual([]);
      expect((await w.client.get(`/v1/client/thietbi/thongtin?id=${outside.id}`)).body.data.trangthai.dangphat).toBeNull();

      // Both reports refused (a session stored nowhere only after the waits for a row stored late).
      await eventually(() => server.app.gateway.strikes.counts.refused >= refusedAtStart + 2, 10_000);
      // A state saying it plays that session: the device is online, not shown playing it, and the refusal counted.
      const refusedBefore = server.app.gateway.strikes.counts.refused;
      await b.publishAsync(topics.state(outside.id), JSON.stringify({ online: true, volume: 30, playing: { sessionId: session, itemIndex: 0, position: 3 } }), { qos: 1 });
      const shown = await eventually(async () => {
        const t = (await w.client.get(`/v1/client/thietbi/thongtin?id=${outside.id}`)).body.data.trangthai;
        return t.online ? t : null;
      }, 3000);
      expect(shown).toMatchObject({ online: true, amluong: 30, dangphat: null });
      expect(server.app.gateway.strikes.counts.refused).toBe(refusedBefore + 1);

      // Another server instance (or this one after a restart) knows the session from the database.
      const fresh = new SentSessions((id) => q.sessionTargets(server.db, id));
      const chainA = new Set([w.areas.district, w.areas.communeA]);
      expect(await fresh.allows(session, inArea.id, chainA)).toBe(true);
      expect(await fresh.allows(session, outside.id, new Set([w.areas.district, w.areas.communeB]))).toBe(false);
      expect(await fresh.allows('phien-bia', inArea.id, chainA)).toBe(false);
    } finally {
      await w.client.get('/v1/client/phatngay/dungphatngay');
    }
  }, 20_000);

  it('keeps a late play report sent again once, and a gap report with the seconds lost (issue #30)', async () => {
    const w = await signedInAdmin(server);
    const device = await addDevice(w, w.areas.communeA, 'Loa mất sóng');
    const c = await connectDevice(device);
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay(30)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = res.body.data.idlichphat as string;
    try {
      // Kept while the link was down, with their real times, and sent again after a reconnection whose
      // acknowledgements were lost (MQTT delivers at least once).
      const at = Date.now() - 60_000;
      const started = JSON.stringify({ type: 'started', sessionId: session, itemIndex: 0, title: 'Bản tin sáng', position: 0, at });
      const gap = JSON.stringify({ type: 'gap', sessionId: session, itemIndex: 0, url: 'http://127.0.0.1:9/vov1', position: 12.5, gap: 7.5, message: 'stream ended', at: at + 12_500 });
      await c.publishAsync(topics.event(device.id), started, { qos: 1 });
      await c.publishAsync(topics.event(device.id), gap, { qos: 1 });
      await eventually(async () => (await plays(device.id)).length === 2, 3000);
      await c.publishAsync(topics.event(device.id), started, { qos: 1 });
      await c.publishAsync(topics.event(device.id), gap, { qos: 1 });
      // A copy the gateway does not remember (another instance took it, or this one restarted): the database keeps one.
      await q.insertPlays(server.db, [{ deviceId: device.id, at, event: 'started', sessionId: session, itemIndex: 0, url: null, message: null }]);
      await server.app.gateway.flush();
      expect(await plays(device.id)).toEqual([{ event: 'started', session_id: session }, { event: 'gap', session_id: session }]);
      // The device's history says what the gap cost.
      const history = (await w.client.get(`/v1/client/thietbi/lichsubantin?id=${device.id}&page=1&limit=10`)).body.data.items as { sukien: string; lydo: string | null }[];
      expect(history.map((h) => h.sukien)).toEqual(['gap', 'started']);
      expect(history[0].lydo).toBe('Mất tiếng 7,5 giây do đường truyền gián đoạn');
    } finally {
      await w.client.get('/v1/client/phatngay/dungphatngay');
    }
  }, 20_000);

  it('writes the other rows of a batch when the database refuses one of them, and counts the one refused', async () => {
    const w = await signedInAdmin(server);
    const a = await addDevice(w, w.areas.communeA, 'Loa một');
    const b = await addDevice(w, w.areas.communeA, 'Loa hai');
    const now = Date.now();
    const row = (deviceId: string, extra: Partial<q.PlayRecord> = {}): q.PlayRecord => ({ deviceId, at: now, event: 'started', sessionId: 's', itemIndex: 0, url: null, message: null, ...extra });
    // Rows that never pass the contract, as a fault past it would bring them: a date out of range, a NUL.
    // (Each good row a second after the last: the history is read in time order.)
    const refused = await q.writeEachOnFailure([row(a.id), row(b.id, { at: 1e16 }), row(b.id, { message: 'x\u0000' }), row(a.id, { event: 'finished', at: now + 1000 })], (rows) => q.insertPlays(server.db, rows));
    expect(refused.map((f) => f.row.deviceId)).toEqual([b.id, b.id]);
    expect((await plays(a.id)).map((p) => p.event)).toEqual(['started', 'finished']);
    expect(await plays(b.id)).toEqual([]);

    // The gateway's flush does so: such a row in its queue (reached past the contract) fails alone and is counted.
    const gateway = server.app.gateway as unknown as { plays: q.PlayRecord[]; strikes: { counts: { unwritten: number } } };
    const before = gateway.strikes.counts.unwritten;
    gateway.plays.push(row(b.id, { at: 1e16 }), row(a.id, { event: 'error', message: 'mất nguồn', at: now + 2000 }));
    await server.app.gateway.flush();
    expect((await plays(a.id)).map((p) => p.event)).toEqual(['started', 'finished', 'error']);
    expect(gateway.strikes.counts.unwritten).toBe(before + 1);
  });
});
