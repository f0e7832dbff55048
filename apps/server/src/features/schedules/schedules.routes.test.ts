import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SCHEDULE_MESSAGES, SOURCE_KINDS, type Schedule, vnClock } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import { Scheduler } from './scheduler';
import { workerDatabaseUrl } from '../../../test/workerDatabase';
import { localDate } from './recurrence';

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });

function schedule(areaId: string, at: number, extra: Record<string, unknown> = {}) {
  return {
    tieude: 'Bản tin sáng', nguonphat: [relay(30)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan',
    thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngaybatdau: localDate(at), ngayketthuc: localDate(at + 7 * 86_400_000), giophat: [vnClock(at)], ...extra,
  };
}

describe('schedules', () => {
  it('a scheduled run of a higher priority pre-empts a running one, and the system log says so', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const first = Math.ceil((Date.now() + 2500) / 1000) * 1000;
    const low = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, first, { tieude: 'Nhạc sáng', uutien: 0 }))).body.data as Schedule;
    const high = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, first + 2000, { tieude: 'Cảnh báo bão', uutien: 1 }))).body.data as Schedule;
    expect([low.trangthai, high.trangthai]).toEqual(['daduyet', 'daduyet']);
    const runOf = async (id: string) => (await server.db.query<{ broadcast_id: string | null }>('SELECT broadcast_id FROM schedule_runs WHERE schedule_id = $1', [id]))[0]?.broadcast_id;
    const lowRun = await eventually(() => runOf(low._id), first - Date.now() + 3000);
    const highRun = await eventually(() => runOf(high._id), first + 2000 - Date.now() + 3000);
    await eventually(() => speaker.playing?.sessionId === highRun, 3000);
    const [entry] = await server.db.query<{ user_id: string | null; admin_id: string; detail: Record<string, unknown> }>(
      "SELECT user_id, admin_id, detail FROM system_log WHERE action = 'ngat-phat' AND target_id = $1", [lowRun]);
    expect(entry).toMatchObject({ user_id: null, admin_id: w.admin.id, detail: { cach: 'uu-tien-cao-hon', boi: highRun, bantinmoi: 'Cảnh báo bão', soloa: 1 } });
    expect(server.app.engine.liveOf(lowRun!)!.bingat).toMatchObject({ kieu: 'ngat', idlichphat: highRun });
    for (const id of [highRun, lowRun]) await w.client.post('/v1/client/lichphat/dungkhancap', { id });
  });

  it('waits for approval, then fires at the planned second on the chosen speakers', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 2)));
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    const officerClient = new TestClient(server.url);
    await officerClient.login(officer);
    const planned = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const created = await officerClient.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, planned));
    expect(created.status).toBe(200);
    const s = created.body.data as Schedule;
    expect(s.trangthai).toBe('choduyet');
    // Not approved: nothing will fire yet, only the planned start is known.
    expect(s.lanphattiep).toBeNull();
    expect(s.dukien).toBe(planned);
    // The administrator, who may approve, is told it waits.
    const notes = await eventually(async () => {
      const list = (await w.client.get('/v1/client/thongbao/danhsach')).body.data;
      return JSON.stringify(list.items).includes('Bản tin sáng') ? list : null;
    }, 3000);
    expect(notes.chuadoc).toBeGreaterThan(0);
    // The officer cannot approve; the administrator can.
    expect((await officerClient.post('/v1/client/lichphat/duyetlichphat', { id: s._id })).status).toBe(403);
    expect((await w.client.post('/v1/client/lichphat/duyetlichphat', { id: s._id })).body.data).toMatchObject({ trangthai: 'daduyet', lanphattiep: planned });

    const speakers = agents.slice(-2);
    await eventually(() => speakers.every((a) => a.playing !== null), planned - Date.now() + 2000);
    // The speakers are told first; the run is recorded as fired (with its lag) right after.
    const run = await eventually(async () => (await server.db.query<{ lag_ms: number | null; broadcast_id: string }>(
      "SELECT lag_ms, broadcast_id FROM schedule_runs WHERE schedule_id = $1 AND status = 'fired'", [s._id]))[0], 3000);
    expect(run.lag_ms).toBeLessThan(1000);
    expect(speakers[0].playing!.sessionId).toBe(run.broadcast_id);
    const live = (await w.client.get('/v1/client/lichphat/lichphatdangphat')).body.data;
    expect(live.find((b: { idlichphat: string }) => b.idlichphat === run.broadcast_id)).toMatchObject({ type: 'phatlich', idlichgoc: s._id, nguonphat: { tenchuongtrinh: 'Bản tin sáng' } });
    await w.client.post('/v1/client/lichphat/dungkhancap', { id: run.broadcast_id });
  });

  it('refuses an end before the start, an empty weekday set, a schedule in the past and areas out of scope', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const soon = Date.now() + 3600_000;
    const other = await signedInAdmin(server);
    const cases: [Record<string, unknown>, string][] = [
      [schedule(w.areas.communeA, soon, { ngayketthuc: localDate(soon - 3 * 86_400_000) }), SCHEDULE_MESSAGES.endBeforeStart],
      [schedule(w.areas.communeA, soon, { thutrongtuan: [] }), SCHEDULE_MESSAGES.noWeekdays],
      [schedule(w.areas.communeA, Date.now() - 5 * 86_400_000, { ngayketthuc: localDate(Date.now() - 2 * 86_400_000) }), SCHEDULE_MESSAGES.inPast],
      [schedule(w.areas.communeA, soon, { chedophat: 'motlan', ngaybatdau: localDate(Date.now() - 86_400_000) }), SCHEDULE_MESSAGES.inPast],
      [schedule(w.areas.communeA, soon, { loaibantin: null }), MSG.noMessageType],
      [schedule(other.areas.communeA, soon), 'Địa bàn được chọn không tồn tại hoặc không thuộc phạm vi của bạn!'],
    ];
    for (const [body, message] of cases) expect((await w.client.post('/v1/client/lichphat/taolichphat', body)).body.message).toBe(message);
  });

  it('gives the second of two simultaneous edits a clear conflict and loses nothing', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const at = Date.now() + 3600_000;
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at))).body.data as Schedule;
    const first = await w.client.post('/v1/client/lichphat/sualichphat', { ...schedule(w.areas.communeA, at, { tieude: 'Sửa lần 1' }), id: s._id, phienban: s.phienban });
    const second = await w.client.post('/v1/client/lichphat/sualichphat', { ...schedule(w.areas.communeA, at, { tieude: 'Sửa lần 2' }), id: s._id, phienban: s.phienban });
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 409, body: { message: SCHEDULE_MESSAGES.editConflict } });
    expect((await w.client.post('/v1/client/lichphat/laylichphatsua', { data: { id: s._id } })).body.data.tieude).toBe('Sửa lần 1');
  });

  it('tells which devices another schedule already holds at an overlapping time', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const at = Date.now() + 2 * 3600_000;
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at, { tieude: 'Lịch có trước' }))).body.data as Schedule;
    const overlapping = await w.client.post('/v1/client/lichphat/kiemtrathongtin', schedule(w.areas.district, at + 10_000));
    expect(overlapping.body.data).toHaveLength(1);
    expect(overlapping.body.data[0]).toMatchObject({ idlichphat: s._id, tieude: 'Lịch có trước' });
    expect(overlapping.body.data[0].thietbi).toHaveLength(1);
    const later = await w.client.post('/v1/client/lichphat/kiemtrathongtin', schedule(w.areas.district, at + 60_000));
    expect(later.body.data).toEqual([]);
  });

  it('finds a clash months ahead, not only in the next two weeks (issue #32 item 4)', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const far = Date.now() + 200 * 86_400_000;
    const daily = schedule(w.areas.communeA, far, { tieude: 'Thời sự hằng ngày', chedophat: 'hangngay', thutrongtuan: [], ngaybatdau: localDate(Date.now() + 86_400_000), ngayketthuc: null });
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', daily)).body.data as Schedule;
    const once = schedule(w.areas.communeA, far + 10_000, { tieude: 'Lễ hội cuối năm', chedophat: 'motlan', thutrongtuan: [], ngayketthuc: null });
    const clash = await w.client.post('/v1/client/lichphat/kiemtrathongtin', once);
    expect(clash.body.data.map((c: { idlichphat: string }) => c.idlichphat)).toEqual([s._id]);
    expect(localDate(clash.body.data[0].batdau)).toBe(localDate(far));
  });

  it('leaves out the schedule being edited and names both whole occurrences of a clash', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const at = Math.ceil((Date.now() + 3 * 3600_000) / 60_000) * 60_000 + 31_000;
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at, { tieude: 'Lịch đang sửa' }))).body.data as Schedule;
    // An unchanged edit, as the console sends it (id and phienban with the body): no clash with itself.
    const unchanged = await w.client.post('/v1/client/lichphat/kiemtrathongtin', { ...schedule(w.areas.communeA, at, { tieude: 'Lịch đang sửa' }), id: s._id, phienban: s.phienban });
    expect(unchanged).toMatchObject({ status: 200, body: { data: [] } });
    // The same body as a new schedule clashes with it, over the whole 30 s of both occurrences.
    const asNew = await w.client.post('/v1/client/lichphat/kiemtrathongtin', schedule(w.areas.communeA, at + 10_000, { nguonphat: [relay(120)] }));
    expect(asNew.body.data).toHaveLength(1);
    expect(asNew.body.data[0]).toMatchObject({
      idlichphat: s._id, batdau: at + 10_000, ketthuc: at + 30_000,
      lichnay: { batdau: at + 10_000, ketthuc: at + 130_000 }, lichkhac: { batdau: at, ketthuc: at + 30_000 },
    });
    // An id the caller does not reach is refused, not used to hide a clash.
    const other = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, other.client, other.areas.communeA, 1)));
    const foreign = (await other.client.post('/v1/client/lichphat/taolichphat', schedule(other.areas.communeA, at))).body.data as Schedule;
    expect((await w.client.post('/v1/client/lichphat/kiemtrathongtin', { ...schedule(w.areas.communeA, at), id: foreign._id })).status).toBe(404);
  });
});

describe('the scheduler after a restart or a gap, and with two instances', () => {
  it('joins an occurrence still running, records one that ended as missed, and fires each once', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    await server.app.scheduler.stop();
    try {
      const now = Date.now();
      // Dated from the occurrences' own day (an hour ahead would be tomorrow between 23:00 and midnight).
      const running = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, now + 2000, { giophat: [vnClock(now + 2000)], nguonphat: [relay(120)] }))).body.data as Schedule;
      const ended = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, now + 2500, { giophat: [vnClock(now + 2500)], nguonphat: [relay(1)] }))).body.data as Schedule;
      // Both occurrences pass while no scheduler runs.
      await new Promise((r) => setTimeout(r, 4000));
      const a = new Scheduler(server.db, server.app.engine, server.app.log);
      const b = new Scheduler(server.db, server.app.engine, server.app.log);
      await Promise.all([a.start(), b.start()]);
      try {
        const runs = await server.db.query<{ schedule_id: string; status: string }>('SELECT schedule_id, status FROM schedule_runs WHERE schedule_id = ANY($1)', [[running._id, ended._id]]);
        expect(runs.find((r) => r.schedule_id === running._id)?.status).toBe('fired');
        expect(runs.find((r) => r.schedule_id === ended._id)?.status).toBe('missed');
        expect(runs).toHaveLength(2);
        const [broadcast] = await server.db.query<{ id: string }>(`SELECT id FROM broadcasts WHERE schedule_id = $1`, [running._id]);
        await eventually(() => agents.at(-1)!.playing?.sessionId === broadcast.id, 3000);
        // It joined at the planned timeline, a few seconds in.
        expect(agents.at(-1)!.playing!.position).toBeGreaterThan(1);
        await server.app.engine.stop(broadcast.id, w.admin.id);
      } finally {
        await a.stop();
        await b.stop();
      }
    } finally {
      await server.app.scheduler.start();
    }
  });

  it('claims an occurrence just before its second, and a restarted scheduler takes over one left claimed', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    await server.app.scheduler.stop();
    try {
      const planned = Math.ceil((Date.now() + 2500) / 1000) * 1000;
      const s = (await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeB, planned, { nguonphat: [relay(60)] }))).body.data as Schedule;
      const runs = () => server.db.query<{ status: string; broadcast_id: string | null }>('SELECT status, broadcast_id FROM schedule_runs WHERE schedule_id = $1', [s._id]);
      // A scheduler claims it within its look-ahead, then stops before the planned second.
      const first = new Scheduler(server.db, server.app.engine, server.app.log);
      await first.start();
      await eventually(async () => (await runs())[0]?.status === 'claimed', 3000);
      await first.stop();
      await new Promise((r) => setTimeout(r, Math.max(0, planned + 1200 - Date.now())));
      expect(speaker.playing).toBeNull();
      expect(await runs()).toEqual([{ status: 'claimed', broadcast_id: null }]);
      // Two schedulers start after it: the claim is stale, one of them takes it over, once.
      const a = new Scheduler(server.db, server.app.engine, server.app.log, { staleClaimMs: 1000 });
      const b = new Scheduler(server.db, server.app.engine, server.app.log, { staleClaimMs: 1000 });
      await Promise.all([a.start(), b.start()]);
      try {
        const [run] = await eventually(async () => ((await runs())[0]?.status === 'fired' && (await runs())[0].broadcast_id ? runs() : null), 3000);
        await eventually(() => speaker.playing?.sessionId === run.broadcast_id, 3000);
        expect(speaker.playing!.position).toBeGreaterThan(0.5);
        const fired = await server.db.query('SELECT id FROM broadcasts WHERE schedule_id = $1', [s._id]);
        expect(fired).toHaveLength(1);
        await server.app.engine.stop(run.broadcast_id!, w.admin.id);
      } finally {
        await a.stop();
        await b.stop();
      }
    } finally {
      await server.app.scheduler.start();
    }
  });

  it.runIf(!!process.env.DATABASE_URL)('lets exactly one of two instances lead on PostgreSQL', async () => {
    const a = new Scheduler(server.db, server.app.engine, server.app.log, { databaseUrl: workerDatabaseUrl() });
    const b = new Scheduler(server.db, server.app.engine, server.app.log, { databaseUrl: workerDatabaseUrl() });
    await server.app.scheduler.stop();
    try {
      await a.start();
      await b.start();
      expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
      await (a.isLeader ? a : b).stop();
      await eventually(() => (a.isLeader ? b : a).isLeader || a.isLeader || b.isLeader, 5000);
    } finally {
      await a.stop();
      await b.stop();
      await server.app.scheduler.start();
    }
  });
});

describe('file uploads for schedules and programmes', () => {
  it('keeps none of the files when a later one is refused: no library entry, no stored file', async () => {
    const { client, admin } = await signedInAdmin(server);
    const mediaRows = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE admin_id = $1', [admin.id]))[0].n;
    const storedFiles = () => (fs.existsSync(path.join(server.dataDir, 'media', 'audio')) ? fs.readdirSync(path.join(server.dataDir, 'media', 'audio')).length : 0);
    const filesBefore = storedFiles();
    for (const route of ['uploadfile', 'uploadfilesua']) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(makeMp3(1))], { type: 'audio/mpeg' }), 'dung.mp3');
      form.append('files', new Blob([new TextEncoder().encode('không phải MP3')], { type: 'audio/mpeg' }), 'sai.mp3');
      const res = await client.request('POST', `/v1/client/lichphat/${route}`, form);
      expect(res.status).toBe(400);
      expect(await mediaRows()).toBe(0);
      expect(storedFiles()).toBe(filesBefore);
    }
    // Both files good: both kept.
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(makeMp3(1))], { type: 'audio/mpeg' }), 'mot.mp3');
    // Another content (the same content twice is stored once: media.library.test.ts).
    form.append('files', new Blob([new Uint8Array(makeMp3(1, 128, 660))], { type: 'audio/mpeg' }), 'hai.mp3');
    const ok = await client.request('POST', '/v1/client/lichphat/uploadfile', form);
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((f: { fileName: string }) => f.fileName)).toEqual(['mot.mp3', 'hai.mp3']);
    expect(await mediaRows()).toBe(2);
  });
});
