import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLIDAY_MESSAGES, SCHEDULE_MESSAGES, SOURCE_KINDS, type HolidayCalendarView, type Schedule } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { Scheduler } from '../schedules/scheduler';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const at = (iso: string) => Date.parse(`${iso}+07:00`);
const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });
const daily = (areaId: string, extra: Record<string, unknown> = {}) => ({
  tieude: 'Bản tin sáng', nguonphat: [relay(60)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangngay',
  ngaybatdau: '2027-04-29', ngayketthuc: '2027-05-04', giophat: ['06:00'], ...extra,
});
/** Registers a speaker in an area (no agent: nothing here plays). */
const addDevice = async (client: TestClient, areaId: string) => {
  const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa', diaban: areaId, serial: `SP-${Math.random().toString(16).slice(2, 14)}` });
  expect(res.status).toBe(200);
};
/** An administrator with a speaker in each commune. */
const admin = async () => {
  const w = await signedInAdmin(server);
  await addDevice(w.client, w.areas.communeA);
  await addDevice(w.client, w.areas.communeB);
  return w;
};
const calendar = async (client: TestClient, year: number) => (await client.get(`/v1/client/ngaynghi?nam=${year}`)).body.data as HolidayCalendarView;

describe('the holiday calendar (ngaynghi)', () => {
  it('holds the public holidays of the law, lunar ones included, for the year asked', async () => {
    const { client } = await admin();
    const view = await calendar(client, 2027);
    expect(view.ngayleluat).toBe(true);
    expect(view.danhsach.filter((h) => h.ten.startsWith('Tết Nguyên đán')).map((h) => h.ngay)).toEqual(['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08', '2027-02-09']);
    expect(view.danhsach.find((h) => h.ngay === '2027-04-16')).toMatchObject({ ten: 'Giỗ Tổ Hùng Vương (10/3 âm lịch)', nguon: 'luat' });
  });

  it('refuses a list with malformed dates line by line and keeps the calendar as it was', async () => {
    const { client } = await admin();
    const text = ['03/05/2027 Bầu cử đại biểu HĐND', '31/02/2027 Ngày sai', '', '2027-13-01 Tháng sai', '04/05/2027'].join('\n');
    const res = await client.post('/v1/client/ngaynghi/capnhat', { ngayleluat: true, ngayrieng: text });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(HOLIDAY_MESSAGES.badLines);
    expect(res.body.message).toContain(`Dòng 2 (“31/02/2027 Ngày sai”): ${HOLIDAY_MESSAGES.badDate}`);
    expect(res.body.loi.map((e: { dong: number }) => e.dong)).toEqual([2, 4, 5]);
    expect(res.body.loi[2].lydo).toBe(HOLIDAY_MESSAGES.noName);
    expect((await calendar(client, 2027)).ngayrieng).toBe('');
  });

  it('saves own days and the choice of the law’s holidays, for approvers only, and logs it', async () => {
    const w = await admin();
    const saved = await w.client.post('/v1/client/ngaynghi/capnhat', { ngayleluat: false, ngayrieng: '03/05/2027 Bầu cử\n2027-05-10 Lễ hội làng' });
    expect(saved.status).toBe(200);
    const view = await calendar(w.client, 2027);
    expect(view).toMatchObject({ ngayleluat: false, ngayrieng: '03/05/2027 Bầu cử\n10/05/2027 Lễ hội làng' });
    expect(view.danhsach).toEqual([{ ngay: '2027-05-03', ten: 'Bầu cử', nguon: 'rieng' }, { ngay: '2027-05-10', ten: 'Lễ hội làng', nguon: 'rieng' }]);
    const [log] = await server.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM system_log WHERE action = 'sua-lich-ngay-nghi' AND admin_id = $1`, [w.admin.id]);
    expect(log.detail).toEqual({ ngayleluat: false, songayrieng: 2 });

    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    const officerClient = new TestClient(server.url);
    await officerClient.login(officer);
    expect((await officerClient.post('/v1/client/ngaynghi/capnhat', { ngayleluat: true, ngayrieng: '' })).status).toBe(403);
    expect((await calendar(officerClient, 2027)).ngayleluat).toBe(false);
  });
});

describe('a schedule that skips holidays', () => {
  it('does not fire on a public holiday nor on the administrator’s own day (clock set by the test), and its twin does', async () => {
    const w = await admin();
    expect((await w.client.post('/v1/client/ngaynghi/capnhat', { ngayleluat: true, ngayrieng: '03/05/2027 Bầu cử' })).status).toBe(200);
    const skipping = (await w.client.post('/v1/client/lichphat/taolichphat', daily(w.areas.communeA, { tieude: 'Bỏ ngày lễ', bongayle: true }))).body.data as Schedule;
    const plain = (await w.client.post('/v1/client/lichphat/taolichphat', daily(w.areas.communeB, { tieude: 'Không bỏ ngày lễ' }))).body.data as Schedule;
    expect(skipping).toMatchObject({ bongayle: true, trangthai: 'daduyet' });
    expect(plain.bongayle).toBe(false);

    const runsAt = async (day: string) => (await server.db.query<{ schedule_id: string }>(
      'SELECT schedule_id FROM schedule_runs WHERE schedule_id = ANY($1) AND planned_at = $2', [[skipping._id, plain._id], new Date(at(`${day}T06:00:00`)).toISOString()])).map((r) => r.schedule_id).sort();
    // A scheduler whose clock stands 2.5 s before 06:00 of each day claims what fires at 06:00 (stopped before it plays).
    for (const day of ['2027-04-29', '2027-04-30', '2027-05-01', '2027-05-03', '2027-05-04']) {
      const scheduler = new Scheduler(server.db, server.app.engine, server.app.log, { now: () => at(`${day}T05:59:57.500`) });
      await scheduler.start();
      await scheduler.stop();
    }
    for (const day of ['2027-04-29', '2027-05-04']) expect(await runsAt(day)).toEqual([skipping._id, plain._id].sort());
    // 30/4 and 1/5 are public holidays, 3/5 the administrator's own day.
    for (const day of ['2027-04-30', '2027-05-01', '2027-05-03']) expect(await runsAt(day)).toEqual([plain._id]);
  });
});

describe('repeats and exceptions of a schedule', () => {
  it('says in words that a rule yields no occurrence, apart from a schedule in the past', async () => {
    const { client, areas } = await admin();
    const none = await client.post('/v1/client/lichphat/taolichphat', daily(areas.communeA, { chedophat: 'hangthang', hangthang: { kieu: 'ngay', ngay: 30 }, ngaybatdau: '2027-02-01', ngayketthuc: '2027-02-28' }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(SCHEDULE_MESSAGES.noOccurrence);
    const past = await client.post('/v1/client/lichphat/taolichphat', daily(areas.communeA, { ngaybatdau: '2020-01-01', ngayketthuc: '2020-01-31' }));
    expect(past.body.message).toBe(SCHEDULE_MESSAGES.inPast);
    const badException = await client.post('/v1/client/lichphat/taolichphat', daily(areas.communeA, { chedophat: 'ngaythuong', ngoaile: [{ ngay: '2027-05-01', gio: null, doisang: null }] }));
    expect(badException.body.message).toBe(SCHEDULE_MESSAGES.exceptionNotOccurrence);
  });

  it('refuses a move (the calendar’s drag) of an occurrence already started or to a time gone by, and lets an earlier move stand', async () => {
    const { client, areas } = await admin();
    const vnDay = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);
    const yesterday = vnDay(Date.now() - 86_400_000);
    const inAWeek = vnDay(Date.now() + 7 * 86_400_000);
    const body = daily(areas.communeA, { ngaybatdau: vnDay(Date.now() - 3 * 86_400_000), ngayketthuc: vnDay(Date.now() + 30 * 86_400_000) });
    const started = await client.post('/v1/client/lichphat/taolichphat', { ...body, ngoaile: [{ ngay: yesterday, gio: '06:00', doisang: { ngay: inAWeek, gio: '09:00' } }] });
    expect(started.status).toBe(400);
    expect(started.body.message).toBe(SCHEDULE_MESSAGES.moveStarted);
    const s = (await client.post('/v1/client/lichphat/taolichphat', body)).body.data as Schedule;
    const edit = (ngoaile: unknown[]) => client.post('/v1/client/lichphat/sualichphat', { ...body, ngoaile, id: s._id, phienban: s.phienban });
    const toPast = await edit([{ ngay: inAWeek, gio: '06:00', doisang: { ngay: yesterday, gio: '09:00' } }]);
    expect(toPast.status).toBe(400);
    expect(toPast.body.message).toBe(SCHEDULE_MESSAGES.moveInPast);
    // The clash check says the same before the save.
    expect((await client.post('/v1/client/lichphat/kiemtrathongtin', { ...body, ngoaile: [{ ngay: inAWeek, gio: '06:00', doisang: { ngay: yesterday, gio: '09:00' } }], id: s._id })).body.message).toBe(SCHEDULE_MESSAGES.moveInPast);
    const ahead = await edit([{ ngay: inAWeek, gio: '06:00', doisang: { ngay: inAWeek, gio: '09:00' } }]);
    expect(ahead.status).toBe(200);
    // A move saved while it was ahead (written here as if days ago) stands through later edits.
    const old = [{ ngay: vnDay(Date.now() - 2 * 86_400_000), gio: '06:00', doisang: { ngay: yesterday, gio: '09:00' } }];
    await server.db.query('UPDATE schedules SET exceptions = $1 WHERE id = $2', [JSON.stringify(old), s._id]);
    const again = (ahead.body.data as Schedule).phienban;
    const unchanged = await client.post('/v1/client/lichphat/sualichphat', { ...body, tieude: 'Bản tin sáng (sửa tên)', ngoaile: old, id: s._id, phienban: again });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
  });

  it('keeps a monthly rule, a count and exceptions, and plans by them', async () => {
    const { client, areas } = await admin();
    const res = await client.post('/v1/client/lichphat/taolichphat', {
      ...daily(areas.communeA), chedophat: 'hangthang', hangthang: { kieu: 'thu', tuan: 2, thu: 1 }, ngaybatdau: '2027-01-01', ngayketthuc: null, solanphat: 3,
      ngoaile: [{ ngay: '2027-01-11', gio: '06:00', doisang: { ngay: '2027-01-12', gio: '07:30' } }],
    });
    expect(res.status).toBe(200);
    const s = res.body.data as Schedule;
    expect(s).toMatchObject({ chedophat: 'hangthang', hangthang: { kieu: 'thu', tuan: 2, thu: 1 }, solanphat: 3, thutrongtuan: [], dukien: at('2027-01-12T07:30:00') });
    expect(s.ngoaile).toEqual([{ ngay: '2027-01-11', gio: '06:00', doisang: { ngay: '2027-01-12', gio: '07:30' } }]);
    // Listed on the day it was moved to, not on the day it left.
    const onDay = async (ngay: string) => ((await client.post('/v1/client/lichphat/danhsachlichphat', { data: { ngay } })).body.data as Schedule[]).map((x) => x._id);
    expect(await onDay('2027-01-12')).toEqual([s._id]);
    expect(await onDay('2027-01-11')).toEqual([]);
    expect(await onDay('2027-03-08')).toEqual([s._id]);
    // The third occurrence was the last.
    expect(await onDay('2027-04-12')).toEqual([]);
  });

  it('copies a week to the next weeks: a one-off schedule becomes a schedule on those dates, one that repeats is left', async () => {
    const { client, areas } = await admin();
    const once = (await client.post('/v1/client/lichphat/taolichphat', { ...daily(areas.communeA), tieude: 'Họp dân', chedophat: 'motlan', ngaybatdau: '2027-03-03', giophat: ['19:00'] })).body.data as Schedule;
    const weekly = (await client.post('/v1/client/lichphat/taolichphat', { ...daily(areas.communeB), tieude: 'Hằng ngày', ngaybatdau: '2027-03-01', ngayketthuc: null })).body.data as Schedule;
    const notMonday = await client.post('/v1/client/lichphat/saocheptuan', { tuan: '2027-03-02', sotuan: 2 });
    expect(notMonday.body.message).toBe(SCHEDULE_MESSAGES.copyWeekNotMonday);
    const res = await client.post('/v1/client/lichphat/saocheptuan', { tuan: '2027-03-01', sotuan: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.boqua).toEqual([{ idlichphat: weekly._id, tieude: 'Hằng ngày', lydo: SCHEDULE_MESSAGES.copyWeekRepeats }]);
    expect(res.body.data.datao).toHaveLength(1);
    const copy = (await client.post('/v1/client/lichphat/laylichphatsua', { data: { id: res.body.data.datao[0] } })).body.data as Schedule;
    expect(copy).toMatchObject({ tieude: once.tieude, chedophat: 'cacngay', cacngay: ['2027-03-10', '2027-03-17'], giophat: ['19:00'], dukien: at('2027-03-10T19:00:00') });
  });

  it('copies for a commune officer only what she holds, and never plays a schedule with a number of plays more often than set', async () => {
    const w = await admin();
    // The administrator's schedule to commune A, and one that ends after three plays (Monday to Wednesday).
    const superiors = (await w.client.post('/v1/client/lichphat/taolichphat', { ...daily(w.areas.communeA), tieude: 'Bản tin của huyện', chedophat: 'motlan', ngaybatdau: '2027-03-02', giophat: ['07:00'] })).body.data as Schedule;
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [officer.id, w.areas.communeA]);
    const client = new TestClient(server.url);
    expect((await client.login(officer)).status).toBe(200);
    const mine = (await client.post('/v1/client/lichphat/taolichphat', { ...daily(w.areas.communeA), tieude: 'Họp thôn', chedophat: 'motlan', ngaybatdau: '2027-03-04', giophat: ['19:00'] })).body.data as Schedule;
    const counted = (await client.post('/v1/client/lichphat/taolichphat', { ...daily(w.areas.communeA), tieude: 'Ba buổi tiêm chủng', ngaybatdau: '2027-03-01', ngayketthuc: null, solanphat: 3, giophat: ['08:00'] })).body.data as Schedule;
    expect(counted.solanphat).toBe(3);

    const res = await client.post('/v1/client/lichphat/saocheptuan', { tuan: '2027-03-01', sotuan: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const skipped = Object.fromEntries((res.body.data.boqua as { idlichphat: string; lydo: string }[]).map((b) => [b.idlichphat, b.lydo]));
    expect(skipped).toEqual({ [superiors._id]: SCHEDULE_MESSAGES.copyWeekNotHeld, [counted._id]: SCHEDULE_MESSAGES.copyWeekCounted });
    expect(res.body.data.datao).toHaveLength(1);
    const copy = (await client.post('/v1/client/lichphat/laylichphatsua', { data: { id: res.body.data.datao[0] } })).body.data as Schedule;
    expect(copy).toMatchObject({ tieude: mine.tieude, cacngay: ['2027-03-11'], giophat: ['19:00'] });
    // Nothing of the three-play schedule runs in the next week.
    const nextWeek = ((await client.post('/v1/client/lichphat/danhsachlichphat', { data: { ngay: '2027-03-08' } })).body.data as Schedule[]).map((x) => x.tieude);
    expect(nextWeek).not.toContain('Ba buổi tiêm chủng');
  });
});
