import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OUTBOUND_MESSAGES, SCHEDULE_MESSAGES, SOURCE_KINDS, type Schedule, vnClock } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { createTestUser, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
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

const relay = (seconds: number, url = 'http://127.0.0.1:9/vov1') => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url, thoiluong: seconds });
const schedule = (areaId: string, at: number, extra: Record<string, unknown> = {}) => ({
  tieude: 'Lịch của huyện', nguonphat: [relay(30)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan',
  thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngaybatdau: localDate(at), ngayketthuc: localDate(at + 7 * 86_400_000), giophat: [vnClock(at)], ...extra,
});

/** An officer of the administrator, placed in an area, signed in. */
async function officer(adminId: string, areaId: string, rights: string[]) {
  const user = await createTestUser(server.db, { adminId, rights, hoten: `Cán bộ ${rights.join('+')}` });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  const client = new TestClient(server.url);
  await client.login(user);
  return { user, client };
}

const list = async (client: TestClient) => (await client.post('/v1/client/lichphat/danhsachlichphat', { data: {} })).body.data as Schedule[];
const refusals = async (userId: string, action: string) => (await server.db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM system_log WHERE user_id = $1 AND action = $2', [userId, action]))[0].n;

describe('one rule for every action on a schedule', () => {
  it("lets a commune officer see, but not change, a district officer's schedule for its commune; the buttons say the same", async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const district = await officer(w.admin.id, w.areas.district, ['themsuaxoalichphat']);
    const commune = await officer(w.admin.id, w.areas.communeA, ['themsuaxoalichphat', 'duyetlichphat', 'dungphatchuongtrinh']);
    const at = Date.now() + 3 * 3600_000;
    const made = (await district.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at))).body.data as Schedule;
    expect(made.thaotac).toEqual({ sua: true, xoa: true, ghim: true, ghimchung: false, duyet: false, yeucauduyetlai: false, dung: false });

    // The commune officer sees it, with no button at all (not even approve: the district decided it).
    const seen = (await list(commune.client)).find((s) => s._id === made._id)!;
    expect(seen.thaotac).toEqual({ sua: false, xoa: false, ghim: false, ghimchung: false, duyet: false, yeucauduyetlai: false, dung: false });
    // And the server refuses each of them, as out of its scope, and logs it.
    const before = await refusals(commune.user.id, 'tu-choi-pham-vi');
    const calls: [string, unknown][] = [
      ['sualichphat', { ...schedule(w.areas.communeA, at, { tieude: 'Xã sửa' }), id: made._id, phienban: made.phienban }],
      ['xoalichphat', { id: made._id }],
      ['ghimlichphat', { id: made._id }],
      ['duyetlichphat', { id: made._id }],
      ['yeucauduyetlai', { id: made._id, lydo: 'Xã không đồng ý' }],
      ['xoanguonphat', { data: { id: made._id, thutu: 1 } }],
    ];
    for (const [path, body] of calls) {
      expect((await commune.client.post(`/v1/client/lichphat/${path}`, body)), path).toMatchObject({ status: 403, body: { message: SCHEDULE_MESSAGES.outsideScope } });
    }
    expect(await refusals(commune.user.id, 'tu-choi-pham-vi')).toBe(before + calls.length);
    const after = (await w.client.post('/v1/client/lichphat/laylichphatsua', { data: { id: made._id } })).body.data as Schedule;
    expect(after).toMatchObject({ tieude: 'Lịch của huyện', trangthai: 'choduyet', phienban: made.phienban, ghim: false });

    // The administrator oversees everyone: approves it.
    const admins = (await list(w.client)).find((s) => s._id === made._id)!;
    expect(admins.thaotac).toMatchObject({ sua: true, xoa: true, ghim: true, ghimchung: true, duyet: true, yeucauduyetlai: true, dung: false });
    expect((await w.client.post('/v1/client/lichphat/duyetlichphat', { id: made._id })).body.data.trangthai).toBe('daduyet');

    // A schedule the commune officer made itself is its own to change.
    const own = (await commune.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at + 3600_000, { tieude: 'Lịch của xã' }))).body.data as Schedule;
    expect(own.thaotac).toMatchObject({ sua: true, xoa: true, ghim: true, ghimchung: true });
    // The district officer oversees the commune, but changing someone else's schedule needs the approving right.
    const fromDistrict = (await list(district.client)).find((s) => s._id === own._id)!;
    expect(fromDistrict.thaotac).toMatchObject({ sua: false, xoa: false, ghim: true });
    expect((await district.client.post('/v1/client/lichphat/xoalichphat', { id: own._id }))).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    expect(await refusals(district.user.id, 'tu-choi-quyen')).toBeGreaterThan(0);
    expect((await commune.client.post('/v1/client/lichphat/xoalichphat', { id: own._id })).status).toBe(200);
  });

  it('keeps a pin the officer\'s own, unless an approver pins it for everyone', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeB, 1)));
    const writer = await officer(w.admin.id, w.areas.communeB, ['themsuaxoalichphat']);
    const at = Date.now() + 5 * 3600_000;
    const s = (await writer.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeB, at, { tieude: 'Lịch được ghim' }))).body.data as Schedule;
    const pinned = (await writer.client.post('/v1/client/lichphat/ghimlichphat', { id: s._id })).body.data as Schedule;
    expect(pinned).toMatchObject({ ghim: true, ghimcuatoi: true, ghimchung: false });
    // Nobody else's list changes.
    expect((await list(w.client)).find((x) => x._id === s._id)).toMatchObject({ ghim: false, ghimcuatoi: false });
    // Pinning for everyone needs the approving right.
    expect((await writer.client.post('/v1/client/lichphat/ghimlichphat', { id: s._id, tatca: true }))).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    expect((await w.client.post('/v1/client/lichphat/ghimlichphat', { id: s._id, tatca: true })).body.data).toMatchObject({ ghim: true, ghimchung: true, ghimcuatoi: false });
    // The writer takes off its own pin: the schedule stays pinned for everyone, first in its list.
    expect((await writer.client.post('/v1/client/lichphat/ghimlichphat', { id: s._id })).body.data).toMatchObject({ ghim: true, ghimcuatoi: false, ghimchung: true });
    expect((await list(writer.client))[0]._id).toBe(s._id);
    const [logged] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM system_log WHERE action = 'ghim-lich-phat' AND target_id = $1`, [s._id]);
    expect(logged.n).toBe(1);
  });
});

describe('numbers and sources on the server', () => {
  it('refuses a repeat count that is not a whole number, for schedules and immediate broadcasts alike', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const at = Date.now() + 3600_000;
    const scheduled = await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at, { kieulaplai: 1, solanlaplai: 1.5 }));
    expect(scheduled).toMatchObject({ status: 400, body: { message: MSG.repeatCountWhole } });
    const immediate = await w.client.post('/v1/client/phatngay/phatngay', {
      thongtin: { tieude: 'Khẩn', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 1, solanlaplai: 1.5 },
      nguonphat: [relay(30)],
    });
    expect(immediate).toMatchObject({ status: 400, body: { message: MSG.repeatCountWhole } });
    expect((await w.client.post('/v1/client/lichphat/taolichphat', schedule(w.areas.communeA, at, { kieulaplai: 1, solanlaplai: 0 }))).body.message).toBe(MSG.repeatCountMin);
  });

  it('refuses a programme without sources and a relay path that is not an http(s) address', async () => {
    const { client } = await signedInAdmin(server);
    expect(await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'Trống', loaibantin: 1, nguonphat: [] })).toMatchObject({ status: 400, body: { message: MSG.noSources } });
    expect(await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'FTP', loaibantin: 1, nguonphat: [relay(30, 'ftp://radio.vn/a.mp3')] }))
      .toMatchObject({ status: 400, body: { message: OUTBOUND_MESSAGES.relayUrlNotHttp } });
  });
});
