import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, SCHEDULE_MESSAGES, SCHEDULE_MISSED_REASONS, SOURCE_KINDS, type Notification, type Schedule, vnClock } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
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
/** A one-time schedule at a whole second a little ahead. */
const once = (areaId: string, at: number, seconds: number, extra: Record<string, unknown> = {}) => ({
  tieude: 'Bản tin một lần', nguonphat: [relay(seconds)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1,
  chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)], ...extra,
});
const soon = (ms = 2500) => Math.ceil((Date.now() + ms) / 1000) * 1000;

const detail = async (client: TestClient, id: string) => (await client.post('/v1/client/lichphat/laylichphatsua', { data: { id } })).body.data as Schedule;
const listed = async (client: TestClient, filter: Record<string, unknown>) => (await client.post('/v1/client/lichphat/danhsachlichphat', { data: filter })).body.data as Schedule[];
const notifications = async (client: TestClient) => (await client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[];

describe('a schedule on air', () => {
  it('is stopped on its speakers when it is deleted, and the deletion says so in the system log', async () => {
    const w = await signedInAdmin(server);
    const speakers = await startSpeakers(server, w.client, w.areas.communeA, 2);
    agents.push(...speakers);
    const at = soon();
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', once(w.areas.communeA, at, 120, { tieude: 'Lịch sẽ bị xoá' }))).body.data as Schedule;
    await eventually(() => speakers.every((a) => a.playing !== null), at - Date.now() + 3000);
    const onAir = await detail(w.client, s._id);
    expect(onAir).toMatchObject({ tinhtrang: 'dangphat', thaotac: { dung: true, xoa: true } });
    expect(onAir.iddangphat).toBe(speakers[0].playing!.sessionId);

    expect((await w.client.post('/v1/client/lichphat/xoalichphat', { id: s._id })).status).toBe(200);
    await eventually(() => speakers.every((a) => a.playing === null), 3000);
    expect(server.app.engine.liveOf(onAir.iddangphat!)).toBeNull();
    const [broadcast] = await server.db.query<{ status: string }>('SELECT status FROM broadcasts WHERE id = $1', [onAir.iddangphat]);
    expect(broadcast.status).toBe('stopped');
    const log = await server.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM system_log WHERE (target_id = $1 AND action = 'dung-phat') OR (target_id = $2 AND action = 'xoa-lich-phat')`, [onAir.iddangphat, s._id]);
    expect(log.find((e) => e.action === 'dung-phat')?.detail).toMatchObject({ lydo: 'Lịch phát bị xoá trong khi đang phát' });
    expect(log.find((e) => e.action === 'xoa-lich-phat')?.detail).toMatchObject({ dungphat: 1 });
  });

  it('has its running occurrence stopped when it is edited', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    const at = soon();
    const body = { ...once(w.areas.communeB, at, 120), chedophat: 'hangtuan', thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngayketthuc: localDate(at + 3 * 86_400_000) };
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', body)).body.data as Schedule;
    await eventually(() => speaker.playing !== null, at - Date.now() + 3000);
    const edited = await w.client.post('/v1/client/lichphat/sualichphat', { ...body, tieude: 'Đã sửa', id: s._id, phienban: s.phienban });
    expect(edited.status).toBe(200);
    await eventually(() => speaker.playing === null, 3000);
    expect((await detail(w.client, s._id))).toMatchObject({ tieude: 'Đã sửa', iddangphat: null, tinhtrang: null, trangthai: 'daduyet' });
  });

  it('says what saving needs when a one-time schedule on air is edited at its own time (issue #32 item 9), and takes a new time', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    const at = soon();
    const body = once(w.areas.communeB, at, 120, { tieude: 'Một lần đang phát' });
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', body)).body.data as Schedule;
    await eventually(() => speaker.playing !== null, at - Date.now() + 3000);
    // Not 'lies in the past' after the editor said the running occurrence would stop: what saving needs.
    const refused = await w.client.post('/v1/client/lichphat/sualichphat', { ...body, tieude: 'Đã sửa', id: s._id, phienban: s.phienban });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SCHEDULE_MESSAGES.onAirNothingLeft);
    // Refused: nothing changed, the occurrence plays on.
    expect(speaker.playing).not.toBeNull();
    expect(await detail(w.client, s._id)).toMatchObject({ tieude: 'Một lần đang phát', tinhtrang: 'dangphat' });
    const later = at + 3_600_000;
    const moved = await w.client.post('/v1/client/lichphat/sualichphat', { ...body, tieude: 'Đã sửa', ngaybatdau: localDate(later), giophat: [vnClock(later)], id: s._id, phienban: s.phienban });
    expect(moved.status).toBe(200);
    await eventually(() => speaker.playing === null, 3000);
    expect(await detail(w.client, s._id)).toMatchObject({ tieude: 'Đã sửa', lanphattiep: later });
  });
});

describe('what became of a schedule', () => {
  it('shows a one-time schedule that has played as played, under "Kết thúc", with no next start', async () => {
    const w = await signedInAdmin(server);
    const speakers = await startSpeakers(server, w.client, w.areas.communeA, 2);
    agents.push(...speakers);
    const at = soon();
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', once(w.areas.communeA, at, 1, { tieude: 'Phát một lần' }))).body.data as Schedule;
    expect(s).toMatchObject({ trangthai: 'daduyet', lanphattiep: at, tinhtrang: null });
    await eventually(() => speakers.every((a) => a.playing !== null), at - Date.now() + 3000);
    const played = await eventually(async () => {
      const found = (await listed(w.client, { trangthai: 'ketthuc' })).find((x) => x._id === s._id);
      return found?.tinhtrang === 'daphat' && found.lanphatcuoi?.sothietbiphat === 2 ? found : null;
    }, 8000, 200);
    expect(played).toMatchObject({ trangthai: 'ketthuc', lanphattiep: null, dukien: null, lanphatcuoi: { thoidiem: at, ketqua: 'daphat' } });
    expect((await listed(w.client, { trangthai: 'daduyet' })).some((x) => x._id === s._id)).toBe(false);
  });

  it('shows one cut short as cut, with who stopped it', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    const at = soon();
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', once(w.areas.communeB, at, 120))).body.data as Schedule;
    await eventually(() => speaker.playing !== null, at - Date.now() + 3000);
    expect((await w.client.post('/v1/client/lichphat/dungkhancap', { id: speaker.playing!.sessionId })).status).toBe(200);
    const cut = await eventually(async () => ((await detail(w.client, s._id)).tinhtrang === 'bingat' ? detail(w.client, s._id) : null), 3000);
    expect(cut).toMatchObject({ trangthai: 'ketthuc', lanphatcuoi: { ketqua: 'bingat', nguoingat: 'Người Thử Nghiệm' } });
  });

  it('shows one whose speakers were all offline as missed', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    await speaker.stop();
    await eventually(() => server.app.gateway.liveOf(speaker.deviceId)?.online === false, 5000);
    const at = soon();
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', once(w.areas.communeB, at, 1))).body.data as Schedule;
    const missed = await eventually(async () => ((await detail(w.client, s._id)).tinhtrang === 'bolo' ? detail(w.client, s._id) : null), at - Date.now() + 8000, 200);
    expect(missed.lanphatcuoi).toMatchObject({ ketqua: 'bolo', lydo: SCHEDULE_MISSED_REASONS.khongcoloa, sothietbiphat: 0 });
  });

  it('shows one still awaiting approval at its start as missed, and tells its approvers (30 minutes before, and when missed)', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'], hoten: 'Cán bộ xã' });
    const officerClient = new TestClient(server.url);
    await officerClient.login(officer);
    // The approver's console is open on the list (issue #32 items 8, 13): it hears each change of the schedule.
    const approverConsole = await w.client.socket();
    const heard: string[][] = [];
    approverConsole.on(EVENTS.schedulesChanged, ({ ids }) => heard.push(ids));
    const at = soon(3000);
    const s = (await officerClient.post('/v1/client/lichphat/taolichphat', once(w.areas.communeA, at, 30, { tieude: 'Chưa kịp duyệt' }))).body.data as Schedule;
    // Waiting for approval: nothing will fire, so no next start, only the planned one.
    expect(s).toMatchObject({ trangthai: 'choduyet', lanphattiep: null, dukien: at });
    // Submitted by another officer: the approver's open list reads it again at once.
    await eventually(() => heard.length === 1, 3000);
    expect(heard).toEqual([[s._id]]);
    // Sent for approval well before the reminder window (as if 40 minutes ago)…
    await server.db.query(`UPDATE schedules SET updated_at = now() - interval '40 minutes' WHERE id = $1`, [s._id]);
    // …while one sent inside the window (a CAP draft a quarter of an hour ahead) is told once, as "chờ duyệt", not reminded at once too.
    const late = (await officerClient.post('/v1/client/lichphat/taolichphat', once(w.areas.communeA, soon(60_000), 30, { tieude: 'Gửi sát giờ' }))).body.data as Schedule;
    await eventually(() => heard.length === 2, 3000);
    expect(heard[1]).toEqual([late._id]);
    // Within 30 minutes of its start: the approvers are reminded, once.
    const of = async (kind: string) => {
      const found = (await notifications(w.client)).filter((n) => n.loai === kind && n.doituong?.id === s._id);
      return found.length > 0 ? found : null;
    };
    const reminded = await eventually(() => of('lichphat-sapden'), 4000);
    expect(reminded).toHaveLength(1);
    expect(reminded[0].noidung).toContain('Chưa kịp duyệt');
    const toldLate = (await notifications(w.client)).filter((n) => n.doituong?.id === late._id).map((n) => n.loai);
    expect(toldLate).toEqual(['lichphat-choduyet']);

    const missed = await eventually(async () => ((await detail(w.client, s._id)).tinhtrang === 'bolo' ? detail(w.client, s._id) : null), at - Date.now() + 5000, 200);
    expect(missed).toMatchObject({ trangthai: 'ketthuc', lanphattiep: null, thaotac: { duyet: false }, lanphatcuoi: { ketqua: 'bolo', lydo: SCHEDULE_MISSED_REASONS.chuaduyet, thoidiem: at } });
    // The scheduler records it as missed within seconds of its start.
    const run = await eventually(async () => (await server.db.query<{ status: string; reason: string }>('SELECT status, reason FROM schedule_runs WHERE schedule_id = $1', [s._id]))[0], 4000);
    expect(run).toEqual({ status: 'missed', reason: 'chuaduyet' });
    const told = await eventually(() => of('lichphat-bolo'), 4000);
    expect(told).toHaveLength(1);
    // Missed: the open list is told too, and drops its 'Chờ duyệt' and Duyệt.
    await eventually(() => heard.slice(2).some((ids) => ids.includes(s._id)), 3000);
    approverConsole.disconnect();
    expect(told[0]).toMatchObject({ tieude: 'Lịch phát bị bỏ lỡ', lienket: `/quan-ly-lich-phat?id=${s._id}` });
    // The officer, who may not approve, is not among them; it is too late to approve.
    expect((await notifications(officerClient)).some((n) => n.loai === 'lichphat-bolo')).toBe(false);
    expect((await w.client.post('/v1/client/lichphat/duyetlichphat', { id: s._id })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await notifications(w.client)).filter((n) => n.doituong?.id === s._id && n.loai !== 'lichphat-choduyet')).toHaveLength(2);
  });
});
