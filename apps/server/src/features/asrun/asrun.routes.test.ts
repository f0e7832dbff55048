import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_RUN_COLUMNS, AS_RUN_MESSAGES, AS_RUN_REASONS, MSG, SOURCE_KINDS, asRunCells, vnClock, vnIsoDay, type AsRunReport, type AsRunRow } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { parseCsv } from '../../../test/csv';

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
const bulletin = (tieude: string, areas: string[], loaibantin = 2) => ({ tieude, loaibantin, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 });
const status = async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM broadcasts WHERE id = $1', [id]))[0]?.status;
const report = async (client: TestClient, query = '') => {
  const res = await client.get(`/v1/client/nhatkyphatsong${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AsRunReport;
};

/**
 * An administrator with two speakers running in commune A (and one registered there that never
 * connects) and one in commune B, whose day holds: a bulletin to the district that played out, one
 * to commune A that the administrator stopped, a scheduled occurrence missed while the
 * scheduler was down, and an officer's schedule in commune B that was not approved before its second.
 */
async function dayOfBroadcasts() {
  const w = await signedInAdmin(server);
  const inA = await startSpeakers(server, w.client, w.areas.communeA, 2);
  const inB = await startSpeakers(server, w.client, w.areas.communeB, 1);
  agents.push(...inA, ...inB);
  const offline = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa mất điện', diaban: w.areas.communeA, serial: `SP-OFF-${Date.now()}` });
  expect(offline.status).toBe(200);

  const played = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(bulletin('Tin lũ sáng', [w.areas.district]), [relay(2)]))).body.data.idlichphat as string;
  await eventually(async () => (await status(played)) === 'finished', 8000);

  const stopped = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(bulletin('Tin cắt điện', [w.areas.communeA], 4), [relay(60)]))).body.data.idlichphat as string;
  await eventually(() => inA.every((a) => a.playing?.sessionId === stopped), 3000);
  expect((await w.client.post('/v1/client/lichphat/dungkhancap', { id: stopped })).status).toBe(200);

  // A one-time schedule whose second passes while no scheduler runs: the restarted one records it as missed.
  const clerk = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
  const officer = new TestClient(server.url);
  await officer.login(clerk);
  await server.app.scheduler.stop();
  let missed: string;
  let unapproved: string;
  try {
    const planned = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    const created = await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin chiều', nguonphat: [relay(1)], diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1,
      chedophat: 'motlan', ngaybatdau: vnIsoDay(planned), giophat: [vnClock(planned)],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    missed = created.body.data._id;
    // An officer's schedule for the same second that nobody approves in time.
    const pending = await officer.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin chờ duyệt', nguonphat: [relay(1)], diabanchon: [w.areas.communeB], thietbichon: ['tatca'], loaibantin: 1,
      chedophat: 'motlan', ngaybatdau: vnIsoDay(planned), giophat: [vnClock(planned)],
    });
    expect(pending.body.data.trangthai).toBe('choduyet');
    unapproved = pending.body.data._id;
    await new Promise((r) => setTimeout(r, planned + 2500 - Date.now()));
  } finally {
    await server.app.scheduler.start();
  }
  // Every speaker's reports have reached the database.
  await eventually(async () => (await report(w.client)).items.filter((r) => r.idphien === played).every((r) => r.sodaphat > 0), 5000);
  return { ...w, played, stopped, missed, unapproved };
}

let day: Awaited<ReturnType<typeof dayOfBroadcasts>>;
beforeAll(async () => {
  day = await dayOfBroadcasts();
}, 40_000);

describe('GET /v1/client/nhatkyphatsong', () => {
  it('lists a day per commune: what played and on how many speakers, what was stopped and by whom, what was missed and why', async () => {
    const { items, tomtat, tu, den } = await report(day.client);
    expect(tu).toBe(vnIsoDay(Date.now()));
    expect(den).toBe(tu);
    const row = (session: string, commune: string) => items.find((r) => (r.idphien === session || r.idlichphat === session) && r.diaban._id === commune);

    expect(row(day.played, day.areas.communeA)).toMatchObject({
      hinhthuc: 'phatngay', tieude: 'Tin lũ sáng', loaibantin: 2, diaban: { tendiaban: 'Xã A' }, nguoitao: { _id: day.admin.id },
      sothietbi: 3, sodaphat: 2, soloi: 0, sobingat: 0, songoaituyen: 1, ketqua: 'daphat', lydo: AS_RUN_REASONS.devicesOffline(1),
    });
    expect(row(day.played, day.areas.communeB)).toMatchObject({ sothietbi: 1, sodaphat: 1, songoaituyen: 0, ketqua: 'daphat', lydo: null });
    const played = row(day.played, day.areas.communeA)!;
    expect(played.batdau! - played.giodukien).toBeLessThan(3000);
    expect(played.ketthuc! - played.giodukien).toBeGreaterThanOrEqual(2000);

    const stopped = row(day.stopped, day.areas.communeA)!;
    expect(stopped).toMatchObject({ tieude: 'Tin cắt điện', sothietbi: 3, sodaphat: 2, songoaituyen: 1, ketqua: 'bidung' });
    expect(stopped.lydo).toContain(AS_RUN_REASONS.stoppedBy('Người Thử Nghiệm', vnClock(stopped.ketthuc!)));
    expect(row(day.stopped, day.areas.communeB)).toBeUndefined();

    expect(row(day.missed, day.areas.communeA)).toMatchObject({
      hinhthuc: 'phatlich', idphien: null, tieude: 'Bản tin chiều', sothietbi: 3, sodaphat: 0, batdau: null, ketqua: 'bolo', lydo: AS_RUN_REASONS.missedServerDown,
    });
    expect(row(day.unapproved, day.areas.communeB)).toMatchObject({
      hinhthuc: 'phatlich', idphien: null, tieude: 'Bản tin chờ duyệt', sothietbi: 1, sodaphat: 0, ketqua: 'bolo', lydo: AS_RUN_REASONS.missedNotApproved,
    });
    expect(items).toHaveLength(5);
    expect(tomtat).toEqual({ daphat: 2, bidung: 1, bolo: 2 });
    // Per day, commune by commune, in time order.
    expect(items.map((r) => r.diaban.tendiaban)).toEqual(['Xã A', 'Xã A', 'Xã A', 'Xã B', 'Xã B']);
  });

  it('filters by outcome, message type, kind and area, and by a date range that holds no broadcast', async () => {
    expect((await report(day.client, 'ketqua=bidung')).items.map((r) => r.idphien)).toEqual([day.stopped]);
    expect((await report(day.client, 'loaibantin=2')).items.every((r) => r.idphien === day.played)).toBe(true);
    expect((await report(day.client, 'hinhthuc=phatlich')).items.map((r) => r.idlichphat)).toEqual([day.missed, day.unapproved]);
    expect((await report(day.client, `diaban=${day.areas.communeB}`)).items.map((r) => r.idphien ?? r.idlichphat)).toEqual([day.played, day.unapproved]);
    expect((await report(day.client, 'tu=2024-01-01&den=2024-01-31')).items).toEqual([]);
    expect(await day.client.get('/v1/client/nhatkyphatsong?tu=2024-01-01&den=2024-03-01')).toMatchObject({ status: 400, body: { message: AS_RUN_MESSAGES.rangeTooLong } });
    expect(await day.client.get('/v1/client/nhatkyphatsong?tu=2024-02-01&den=2024-01-01')).toMatchObject({ status: 400, body: { message: AS_RUN_MESSAGES.dateRange } });
    expect(await day.client.get('/v1/client/nhatkyphatsong?tu=hom-nay')).toMatchObject({ status: 400, body: { message: AS_RUN_MESSAGES.dateInvalid } });
  });

  it('shows a commune officer only its commune, refuses another area, and needs themsuaxoalichphat', async () => {
    const officer = await createTestUser(server.db, { adminId: day.admin.id, rights: ['themsuaxoalichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [officer.id, day.areas.communeB]);
    const c = new TestClient(server.url);
    await c.login(officer);
    const seen = (await report(c)).items;
    expect(seen.map((r) => [r.idphien ?? r.idlichphat, r.diaban._id])).toEqual([[day.played, day.areas.communeB], [day.unapproved, day.areas.communeB]]);
    expect(await c.get(`/v1/client/nhatkyphatsong?diaban=${day.areas.communeA}`)).toMatchObject({ status: 404, body: { message: AS_RUN_MESSAGES.areaUnknown } });
    expect((await c.get(`/v1/client/nhatkyphatsong/xuatcsv?diaban=${day.areas.communeA}`)).status).toBe(404);

    const other = await signedInAdmin(server);
    expect((await report(other.client)).items).toEqual([]);
    const reader = await createTestUser(server.db, { adminId: day.admin.id, rights: ['xemnhatky'] });
    const r = new TestClient(server.url);
    await r.login(reader);
    expect(await r.get('/v1/client/nhatkyphatsong')).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    expect((await r.get('/v1/client/nhatkyphatsong/xuatxlsx')).status).toBe(403);
  });
});

describe('a past day in the record', () => {
  it('keeps who was targeted and online as it was when a bulletin played: a speaker added or moved later changes nothing', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 2)));
    const id = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(bulletin('Cảnh báo bão số 9', [w.areas.communeA]), [relay(1)]))).body.data.idlichphat as string;
    await eventually(async () => (await status(id)) === 'finished', 8000);
    const rowOf = async () => (await report(w.client)).items.find((r) => r.idphien === id && r.diaban._id === w.areas.communeA);
    const before = await eventually(async () => ((await rowOf())?.sodaphat === 2 ? rowOf() : null), 5000);
    expect(before).toMatchObject({ sothietbi: 2, sodaphat: 2, songoaituyen: 0, ketqua: 'daphat', lydo: null });

    // Later: a speaker is added to the commune (it has never been online), and one of the two moves to commune B.
    expect((await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa mới lắp', diaban: w.areas.communeA, serial: `SP-NEW-${Date.now()}` })).status).toBe(200);
    const [moved] = await server.db.query<{ id: string }>('SELECT id FROM devices WHERE area_id = $1 ORDER BY id LIMIT 1', [w.areas.communeA]);
    await server.db.query('UPDATE devices SET area_id = $2 WHERE id = $1', [moved.id, w.areas.communeB]);
    const { items } = await report(w.client);
    expect(items.filter((r) => r.idphien === id)).toEqual([before]);
  });
});

describe('the exports', () => {
  const rowsOf = async () => (await report(day.client)).items;
  const download = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: day.client.cookieHeader } });

  it('CSV: UTF-8 with a BOM, Vietnamese headers, and the same rows as the screen', async () => {
    const items: AsRunRow[] = await rowsOf();
    const res = await download('/v1/client/nhatkyphatsong/xuatcsv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="nhat-ky-phat-song-${vnIsoDay(Date.now())}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(header).toEqual([...AS_RUN_COLUMNS]);
    expect(rows).toEqual(items.map((r) => asRunCells(r).map(String)));
    expect(rows.find((r) => r[6] === 'Bản tin chiều')).toEqual(expect.arrayContaining(['Xã A', 'Theo lịch', 'Bỏ lỡ', AS_RUN_REASONS.missedServerDown]));
  });

  it('XLSX: one sheet that reads back, with the same library, as the same rows (counts as numbers)', async () => {
    const items = await rowsOf();
    const res = await download('/v1/client/nhatkyphatsong/xuatxlsx?tu=' + vnIsoDay(Date.now()));
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Nhật ký phát sóng')!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push(AS_RUN_COLUMNS.map((_, i) => row.getCell(i + 1).value ?? '')));
    expect(values[0]).toEqual([...AS_RUN_COLUMNS]);
    expect(values.slice(1)).toEqual(items.map(asRunCells));
    expect(values.slice(1).find((r) => r[6] === 'Tin lũ sáng' && r[1] === 'Xã A')?.slice(10, 15)).toEqual([3, 2, 0, 0, 1]);
  });
});
