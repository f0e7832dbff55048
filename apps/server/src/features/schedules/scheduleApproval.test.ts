import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, type Schedule, vnClock } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { localDate } from './recurrence';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });
const tomorrowAt = (hour: number) => Date.now() + 86_400_000 + hour * 60_000;
const body = (areaId: string, extra: Record<string, unknown> = {}) => {
  const at = tomorrowAt(0);
  return {
    tieude: 'Bản tin chờ duyệt', nguonphat: [relay(60)], diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1,
    chedophat: 'hangtuan', thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngaybatdau: localDate(at), ngayketthuc: localDate(at + 7 * 86_400_000), giophat: [vnClock(Math.ceil(at / 60_000) * 60_000)], ...extra,
  };
};
const detail = async (client: TestClient, id: string) => (await client.post('/v1/client/lichphat/laylichphatsua', { data: { id } })).body.data as Schedule;
const save = (client: TestClient, s: Schedule, b: Record<string, unknown>) => client.post('/v1/client/lichphat/sualichphat', { ...b, id: s._id, phienban: s.phienban });
const edits = async (id: string) => Number((await server.db.query<{ n: string }>("SELECT count(*) AS n FROM system_log WHERE action = 'sua-lich-phat' AND target_id = $1", [id]))[0].n);

/** An officer who may make schedules but not approve them, of an administrator whose commune A has a speaker. */
async function officerOf(w: Awaited<ReturnType<typeof signedInAdmin>>): Promise<TestClient> {
  await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa chợ', diaban: w.areas.communeA, serial: `SP-${crypto.randomUUID().slice(0, 8)}` });
  const user = await createTestUser(server.db, { rights: ['themsuaxoalichphat'], adminId: w.admin.id });
  const client = new TestClient(server.url);
  await client.login(user);
  return client;
}

describe('saving never approves (issue #32 item 5)', () => {
  it('an approver who saves a sent-back schedule unchanged changes nothing, and a changed save waits for approval', async () => {
    const w = await signedInAdmin(server);
    const officer = await officerOf(w);
    const b = body(w.areas.communeA);
    const res = await officer.post("/v1/client/lichphat/taolichphat", b);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.data as Schedule;
    expect(created.trangthai).toBe('choduyet');
    expect((await w.client.post('/v1/client/lichphat/yeucauduyetlai', { id: created._id, lydo: 'Sửa lại giờ phát' })).status).toBe(200);
    const sentBack = await detail(w.client, created._id);
    expect(sentBack.trangthai).toBe('yeucausua');

    const unchanged = await save(w.client, sentBack, b);
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    const after = await detail(w.client, created._id);
    expect({ trangthai: after.trangthai, phienban: after.phienban }).toEqual({ trangthai: 'yeucausua', phienban: sentBack.phienban });
    expect(await edits(created._id)).toBe(0);

    // A change by the approver is a change, not an approval: it waits for an approval of its own.
    const changed = await save(w.client, after, { ...b, tieude: 'Bản tin đã sửa giờ' });
    expect((changed.body.data as Schedule).trangthai).toBe('choduyet');
    expect((await w.client.post('/v1/client/lichphat/duyetlichphat', { id: created._id })).status).toBe(200);
    expect((await detail(w.client, created._id)).trangthai).toBe('daduyet');
  });

  it('an officer who saves an approved schedule unchanged keeps it approved; a change sends it back to approval', async () => {
    const w = await signedInAdmin(server);
    const officer = await officerOf(w);
    const b = body(w.areas.communeA, { tieude: 'Bản tin đã duyệt' });
    const res = await officer.post("/v1/client/lichphat/taolichphat", b);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.data as Schedule;
    await w.client.post('/v1/client/lichphat/duyetlichphat', { id: created._id });
    const approved = await detail(officer, created._id);
    expect(approved.trangthai).toBe('daduyet');
    await save(officer, approved, b);
    const same = await detail(officer, created._id);
    expect({ trangthai: same.trangthai, phienban: same.phienban }).toEqual({ trangthai: 'daduyet', phienban: approved.phienban });
    const moved = await save(officer, same, { ...b, giophat: ['05:30:00'] });
    expect((moved.body.data as Schedule).trangthai).toBe('choduyet');
  });

  it('an approver who changes an approved schedule keeps it approved; moving a pending one does not approve it', async () => {
    const w = await signedInAdmin(server);
    const officer = await officerOf(w);
    const b = body(w.areas.communeA, { tieude: 'Bản tin của huyện' });
    const own = (await w.client.post('/v1/client/lichphat/taolichphat', b)).body.data as Schedule;
    expect(own.trangthai).toBe('daduyet');
    expect(((await save(w.client, own, { ...b, giophat: ['06:15:00'] })).body.data as Schedule).trangthai).toBe('daduyet');
    // What the calendar sends when a block is dragged: the same schedule with one occurrence moved.
    const pending = (await officer.post('/v1/client/lichphat/taolichphat', { ...b, tieude: 'Bản tin chờ' })).body.data as Schedule;
    const day = b.ngaybatdau;
    const drag = await save(w.client, pending, { ...b, tieude: 'Bản tin chờ', ngoaile: [{ ngay: day, gio: b.giophat[0], doisang: { ngay: day, gio: '23:30:00' } }] });
    expect(drag.status, JSON.stringify(drag.body)).toBe(200);
    expect((drag.body.data as Schedule).trangthai).toBe('choduyet');
  });
});
