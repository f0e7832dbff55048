import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, SOURCE_KINDS, type SchedulePage } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });
const body = (areaId: string, extra: Record<string, unknown>) => ({
  tieude: 'Bản tin', nguonphat: [relay(90)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangngay',
  ngaybatdau: '2027-04-26', ngayketthuc: '2027-05-09', giophat: ['06:00'], ...extra,
});

async function adminWithSchedules() {
  const w = await signedInAdmin(server);
  for (const areaId of [w.areas.communeA, w.areas.communeB]) {
    const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa', diaban: areaId, serial: `SP-${Math.random().toString(16).slice(2, 14)}` });
    expect(res.status).toBe(200);
  }
  const make = async (extra: Record<string, unknown>, areaId = w.areas.communeA) => {
    const res = await w.client.post('/v1/client/lichphat/taolichphat', body(areaId, extra));
    expect(res.status).toBe(200);
    return res.body.data._id as string;
  };
  const ids = {
    chieu: await make({ tieude: 'Bản tin chiều', giophat: ['17:00'], bongayle: true }),
    sang: await make({ tieude: 'Âm nhạc buổi sáng', giophat: ['05:30'] }, w.areas.communeB),
    tuan: await make({ tieude: 'Chào cờ', chedophat: 'hangtuan', thutrongtuan: [1], giophat: ['07:00'] }),
  };
  return { ...w, ids };
}

const page = async (client: TestClient, data: Record<string, unknown>) => {
  const res = await client.post('/v1/client/lichphat/danhsachtrang', { data });
  expect(res.status).toBe(200);
  return res.body.data as SchedulePage;
};

describe('POST /v1/client/lichphat/danhsachtrang', () => {
  it('pages and sorts on the server by name (Vietnamese order), next start and commune, with the number of speakers', async () => {
    const { client, ids } = await adminWithSchedules();
    const first = await page(client, { sapxep: 'ten', sodong: 2, trang: 1 });
    expect(first).toMatchObject({ tong: 3, trang: 1, sodong: 2 });
    expect(first.items.map((s) => s.tieude)).toEqual(['Âm nhạc buổi sáng', 'Bản tin chiều']);
    expect(first.items[0].sothietbi).toBe(1);
    expect((await page(client, { sapxep: 'ten', sodong: 2, trang: 2 })).items.map((s) => s._id)).toEqual([ids.tuan]);
    expect((await page(client, { sapxep: 'ten', chieu: 'giam' })).items.map((s) => s._id)).toEqual([ids.tuan, ids.chieu, ids.sang]);
    // Next start: 26/4/2027 05:30, then 06:00… the Monday 07:00, then 17:00.
    expect((await page(client, { sapxep: 'lanphattiep' })).items.map((s) => s._id)).toEqual([ids.sang, ids.tuan, ids.chieu]);
    expect((await page(client, { sapxep: 'diaban', chieu: 'giam' })).items[0]._id).toBe(ids.sang);
    // Filters apply before paging.
    expect(await page(client, { q: 'bản tin', sapxep: 'ten' })).toMatchObject({ tong: 1, items: [{ _id: ids.chieu }] });
    // Without accents or case, as officers type on a phone.
    expect(await page(client, { q: 'BAN TIN', sapxep: 'ten' })).toMatchObject({ tong: 1, items: [{ _id: ids.chieu }] });
  });
});

describe('GET /v1/client/lichphat/kehoachtuan', () => {
  it('exports every occurrence of the week as CSV, in time order, holidays skipped where the schedule skips them', async () => {
    const { client } = await adminWithSchedules();
    const res = await client.request('GET', '/v1/client/lichphat/kehoachtuan?tuan=2027-04-28');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ke-hoach-phat-2027-04-26.csv"');
    const text = typeof res.body === 'string' ? res.body : String(res.body);
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Ngày,Thứ,Bắt đầu,Kết thúc,Tên chương trình,Trạng thái,Địa bàn,Số loa,Người tạo,Người duyệt,Bỏ ngày lễ');
    expect(lines[1]).toMatch(/^26\/04\/2027,Thứ Hai,05:30:00,05:31:30,Âm nhạc buổi sáng,Đã duyệt,/);
    expect(lines[2]).toMatch(/^26\/04\/2027,Thứ Hai,07:00:00,07:01:30,Chào cờ,/);
    // 7 mornings + 1 Monday + 7 afternoons less 30/4 and 1/5 (public holidays).
    expect(lines).toHaveLength(1 + 7 + 1 + 5);
    expect(lines.filter((l) => l.includes('Bản tin chiều')).map((l) => l.slice(0, 10))).toEqual(['26/04/2027', '27/04/2027', '28/04/2027', '29/04/2027', '02/05/2027']);
  });
});

describe('POST /v1/client/lichphat/duyetnhieu', () => {
  it('approves several schedules at once, sends several back with one reason, and reports each one it could not', async () => {
    const { admin, client, areas, ids } = await adminWithSchedules();
    const officer = await createTestUser(server.db, { adminId: admin.id, rights: ['themsuaxoalichphat'] });
    const officerClient = new TestClient(server.url);
    await officerClient.login(officer);
    const pending: string[] = [];
    for (const tieude of ['Tin A', 'Tin B', 'Tin C']) pending.push((await officerClient.post('/v1/client/lichphat/taolichphat', body(areas.communeA, { tieude }))).body.data._id);
    const stranger = await signedInAdmin(server);

    expect((await officerClient.post('/v1/client/lichphat/duyetnhieu', { ids: pending, hanhdong: 'duyet' })).status).toBe(403);
    const noReason = await client.post('/v1/client/lichphat/duyetnhieu', { ids: pending, hanhdong: 'yeucauduyetlai' });
    expect(noReason).toMatchObject({ status: 400, body: { message: SCHEDULE_MESSAGES.reasonRequired } });

    const approved = await client.post('/v1/client/lichphat/duyetnhieu', { ids: [pending[0], pending[1], ids.chieu], hanhdong: 'duyet' });
    expect(approved.body.data).toEqual({ xong: [pending[0], pending[1]], loi: [{ idlichphat: ids.chieu, lydo: SCHEDULE_MESSAGES.notPending }] });
    const sentBack = await client.post('/v1/client/lichphat/duyetnhieu', { ids: [pending[1], pending[2]], hanhdong: 'yeucauduyetlai', lydo: 'Sai giờ phát' });
    expect(sentBack.body.data).toEqual({ xong: [pending[1], pending[2]], loi: [] });
    const states = await server.db.query<{ id: string; status: string; reason: string | null }>('SELECT id, status, reason FROM schedules WHERE id = ANY($1) ORDER BY title', [pending]);
    expect(states.map((s) => [s.status, s.reason])).toEqual([['daduyet', null], ['yeucausua', 'Sai giờ phát'], ['yeucausua', 'Sai giờ phát']]);
    // Another administrator's approver reaches none of them: refused as one would be, and the refusal is logged.
    const foreign = await stranger.client.post('/v1/client/lichphat/duyetnhieu', { ids: [pending[0]], hanhdong: 'yeucauduyetlai', lydo: 'x' });
    expect(foreign).toMatchObject({ status: 404, body: { message: SCHEDULE_MESSAGES.notFound } });
    const [refusal] = await server.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM system_log WHERE user_id = $1 AND action = 'tu-choi-pham-vi'`, [stranger.admin.id]);
    expect(refusal.detail).toMatchObject({ duongdan: '/v1/client/lichphat/duyetnhieu' });
  });
});

describe('POST /v1/client/lichphat/thietbimuctieu', () => {
  it('lists the speakers a schedule plays on, with their position, for the approval map', async () => {
    const { client, ids, areas } = await adminWithSchedules();
    await server.db.query('UPDATE devices SET lat = 21.03, lng = 105.85 WHERE area_id = $1', [areas.communeA]);
    const res = await client.post('/v1/client/lichphat/thietbimuctieu', { id: ids.chieu });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ _id: expect.any(String), tenthietbi: 'Loa', tendiaban: expect.any(String), vido: 21.03, kinhdo: 105.85, tructuyen: false }]);
    const stranger = await signedInAdmin(server);
    expect((await stranger.client.post('/v1/client/lichphat/thietbimuctieu', { id: ids.chieu })).status).toBe(404);
  });
});
