import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, MSG } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInAdmin(server);
  for (const diaban of [owner.areas.communeA, owner.areas.communeB]) {
    await owner.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa thử', diaban, serial: `SN-${crypto.randomBytes(5).toString('hex')}` });
  }
});
afterAll(() => server.close());

/** A call with a bearer key and nothing else: no cookies, no CSRF header. */
async function withKey(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed };
}

const broadcastTo = (areaId: string, title: string) => ({
  thongtin: JSON.stringify({ tieude: title, loaibantin: 1, uutien: 1, diabanchon: [areaId], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }),
  nguonphat: JSON.stringify([{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 }]),
});

async function createKey(body: Record<string, unknown>) {
  const res = await owner.client.post('/v1/client/khoaapi/themmoi', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { khoa: { _id: string; ten: string }; bimat: string };
}

const logOf = (adminId: string, action: string) => server.db.query<{ tentaikhoan: string; outcome: string; detail: any; user_id: string }>(
  'SELECT tentaikhoan, outcome, detail, user_id FROM system_log WHERE admin_id = $1 AND action = $2 ORDER BY id', [adminId, action]);

describe('API keys: /v1/client/khoaapi', () => {
  it('shows the secret once, stores only its hash, and lists the key with its rights, area and last use', async () => {
    const created = await createKey({ ten: 'Đài khí tượng tỉnh', quyenhan: ['themsuaxoalichphat'], diaban: owner.areas.communeA });
    expect(created.bimat).toMatch(/^loa_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db.query<{ secret_hash: string }>('SELECT secret_hash FROM api_keys WHERE id = $1', [created.khoa._id]);
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(created.bimat).digest('hex'));
    const list = (await owner.client.get('/v1/client/khoaapi/danhsach')).body.data;
    expect(JSON.stringify(list)).not.toContain(created.bimat.slice(21));
    const listed = list.find((k: { _id: string }) => k._id === created.khoa._id);
    expect(listed).toMatchObject({ ten: 'Đài khí tượng tỉnh', diaban: { _id: owner.areas.communeA }, lansudungcuoi: null, thuhoi: false, gioihanphut: 120 });
    expect(listed.quyenhan.map((r: { value: string }) => r.value)).toEqual(['themsuaxoalichphat']);

    expect((await withKey(created.bimat, 'GET', '/v1/client/thietbi')).status).toBe(200);
    const used = (await owner.client.get('/v1/client/khoaapi/danhsach')).body.data.find((k: { _id: string }) => k._id === created.khoa._id);
    expect(used.lansudungcuoi).not.toBeNull();
    expect(used.ipcuoi).toBe('127.0.0.1');
    // The key's account row is nobody's account to manage and receives no notification.
    const accounts = (await owner.client.get('/v1/client/taikhoan/danhsach')).body.data.items;
    expect(accounts.map((a: { hoten: string }) => a.hoten)).not.toContain('Đài khí tượng tỉnh');
  });

  it('changes state with a bearer key and no CSRF token, within the key\'s rights and area only, every call logged under its name', async () => {
    const { khoa, bimat } = await createKey({ ten: 'Trạm cảnh báo xã A', quyenhan: ['themsuaxoalichphat'], diaban: owner.areas.communeA });
    const ok = await withKey(bimat, 'POST', '/v1/client/phatngay/phatngay', broadcastTo(owner.areas.communeA, 'Bản tin qua khoá'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const outside = await withKey(bimat, 'POST', '/v1/client/phatngay/phatngay', broadcastTo(owner.areas.communeB, 'Ngoài địa bàn'));
    expect([403, 404]).toContain(outside.status);
    // A right the key lacks is refused like an account's.
    const noRight = await withKey(bimat, 'GET', '/v1/client/nhatky');
    expect(noRight.status).toBe(403);
    expect(noRight.body.message).toBe(MSG.forbidden);
    await withKey(bimat, 'GET', '/v1/client/phatngay/dungphatngay');

    const calls = (await logOf(owner.admin.id, 'goi-api')).filter((e) => e.detail.duongdan !== null && e.tentaikhoan === `Khoá API: ${khoa.ten}`);
    expect(calls.map((e) => [e.detail.phuongthuc, e.detail.duongdan, e.detail.trangthai])).toEqual(expect.arrayContaining([
      ['POST', '/v1/client/phatngay/phatngay', 200], ['GET', '/v1/client/nhatky', 403],
    ]));
    const refusals = await server.db.query<{ tentaikhoan: string }>(`SELECT tentaikhoan FROM system_log WHERE admin_id = $1 AND action IN ('tu-choi-quyen', 'tu-choi-pham-vi')`, [owner.admin.id]);
    expect(refusals.map((r) => r.tentaikhoan)).toContain(`Khoá API: ${khoa.ten}`);
    const [started] = await server.db.query<{ hoten: string }>(
      `SELECT u.hoten FROM broadcasts b JOIN users u ON u.id = b.created_by WHERE b.title = 'Bản tin qua khoá'`);
    expect(started.hoten).toBe(khoa.ten);
  });

  it('still refuses a cookie call without the CSRF token, and a Basic header gets no exemption', async () => {
    const res = await owner.client.request('POST', '/v1/client/phatngay/phatngay', broadcastTo(owner.areas.communeA, 'x'), { csrf: false });
    expect(res.status).toBe(403);
    const basic = await fetch(`${server.url}/v1/client/phatngay/phatngay`, {
      method: 'POST', headers: { cookie: owner.client.cookieHeader, authorization: 'Basic dXNlcjpwYXNz', 'content-type': 'application/json' }, body: JSON.stringify(broadcastTo(owner.areas.communeA, 'x')),
    });
    expect(basic.status).toBe(403);
    expect(((await basic.json()) as { message: string }).message).toBe(MSG.csrfInvalid);
  });

  it('refuses wrong, malformed and revoked keys with a clear message, logged, and never falls back to the cookies', async () => {
    const { khoa, bimat } = await createKey({ ten: 'Khoá sẽ thu hồi', quyenhan: ['themsuaxoalichphat'], diaban: null });
    const forged = bimat.slice(0, -4) + 'AAAA';
    const wrong = await withKey(forged, 'GET', '/v1/client/thietbi');
    expect(wrong).toMatchObject({ status: 401, body: { message: API_KEY_MESSAGES.invalid } });
    // A bearer call with a signed-in browser's cookies is still judged by the key alone.
    const mixed = await fetch(`${server.url}/v1/client/thietbi`, { headers: { cookie: owner.client.cookieHeader, authorization: 'Bearer khong-phai-khoa' } });
    expect(mixed.status).toBe(401);
    // A state change with the signed-in cookies and a made-up bearer (what skipping CSRF could invite) is refused too.
    const forgedPost = await fetch(`${server.url}/v1/client/phatngay/phatngay`, {
      method: 'POST', headers: { cookie: owner.client.cookieHeader, authorization: 'Bearer gia-mao', 'content-type': 'application/json' },
      body: JSON.stringify(broadcastTo(owner.areas.communeA, 'Giả mạo')),
    });
    expect(forgedPost.status).toBe(401);
    expect(await server.db.query(`SELECT 1 FROM broadcasts WHERE title = 'Giả mạo'`)).toHaveLength(0);
    const refusals = await logOf(owner.admin.id, 'tu-choi-khoa-api');
    expect(refusals.some((e) => e.detail.lydo === 'sai-khoa')).toBe(false); // a wrong secret names no administrator
    expect((await server.db.query(`SELECT 1 FROM system_log WHERE action = 'tu-choi-khoa-api' AND detail->>'lydo' = 'sai-khoa' AND detail->>'duongdan' = '/v1/client/thietbi'`)).length).toBeGreaterThan(0);

    const revoked = await owner.client.post('/v1/client/khoaapi/thuhoi', { id: khoa._id });
    expect(revoked.body.data).toMatchObject({ thuhoi: true });
    expect((await owner.client.post('/v1/client/khoaapi/thuhoi', { id: khoa._id })).body.message).toBe(API_KEY_MESSAGES.alreadyRevoked);
    const after = await withKey(bimat, 'POST', '/v1/client/phatngay/phatngay', broadcastTo(owner.areas.communeA, 'Sau thu hồi'));
    expect(after).toMatchObject({ status: 401, body: { message: API_KEY_MESSAGES.revoked } });
    expect((await logOf(owner.admin.id, 'tu-choi-khoa-api')).some((e) => e.detail.lydo === 'da-thu-hoi' && e.tentaikhoan === `Khoá API: ${khoa.ten}`)).toBe(true);
    expect((await logOf(owner.admin.id, 'thu-hoi-khoa-api')).length).toBeGreaterThan(0);
  });

  it('never makes a person\'s login or sets its password, even with quanlytaikhoan: such a login would outlive the key (issue #27)', async () => {
    const { bimat } = await createKey({ ten: 'Khoá quản lý tài khoản', quyenhan: ['quanlytaikhoan'], diaban: null });
    const before = await server.db.query('SELECT id FROM users WHERE admin_id = $1', [owner.admin.id]);
    const calls: [string, unknown][] = [
      ['/v1/client/taikhoan/themmoi', { tentaikhoan: `tu_khoa_${Date.now() % 100000}`, matkhau: 'mat-khau-tu-khoa-1', hoten: 'Tài khoản do khoá tạo', loaitaikhoan: 'canbo', quyenhan: [], diaban: owner.areas.communeA }],
      ['/v1/client/loimoi/taomoi', { email: 'moi@xa.gov.vn', hoten: 'Người được mời', loaitaikhoan: 'canbo', quyenhan: [], diaban: owner.areas.communeA }],
      ['/v1/client/taikhoan/datlaimatkhau', { id: owner.admin.id }],
    ];
    for (const [path, body] of calls) {
      const res = await withKey(bimat, 'POST', path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(API_KEY_MESSAGES.notForKeys);
    }
    expect(await server.db.query('SELECT id FROM users WHERE admin_id = $1', [owner.admin.id])).toEqual(before);
    // Listing accounts, what such a key is for, still works.
    expect((await withKey(bimat, 'GET', '/v1/client/taikhoan/danhsach')).status).toBe(200);
  });

  it('rate-limits each key on its own', async () => {
    const slow = await createKey({ ten: 'Khoá chậm', quyenhan: [], diaban: null, gioihanphut: 3 });
    const other = await createKey({ ten: 'Khoá khác', quyenhan: [], diaban: null });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await withKey(slow.bimat, 'GET', '/v1/client/thietbi')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await withKey(slow.bimat, 'GET', '/v1/client/thietbi');
    expect(limited.body.message).toBe(API_KEY_MESSAGES.tooManyRequests);
    expect((await withKey(other.bimat, 'GET', '/v1/client/thietbi')).status).toBe(200);
    expect((await logOf(owner.admin.id, 'tu-choi-khoa-api')).filter((e) => e.detail.lydo === 'vuot-gioi-han')).toHaveLength(1);
  });

  it('lets only account-managing administrators make keys, with rights they hold and areas in their scope', async () => {
    const { bimat } = await createKey({ ten: 'Khoá đầy quyền', quyenhan: ['quanlytaikhoan', 'themsuaxoalichphat'], diaban: null });
    const byKey = await withKey(bimat, 'POST', '/v1/client/khoaapi/themmoi', { ten: 'Con', quyenhan: [] });
    expect(byKey).toMatchObject({ status: 403, body: { message: API_KEY_MESSAGES.notForKeys } });
    expect((await withKey(bimat, 'POST', '/v1/client/nguoidung/thaydoimatkhau', { matkhauHientai: 'x', matkhaumoi: 'yyyyyyyy', nhaplaimatkhaumoi: 'yyyyyyyy' })).status).toBe(403);
    // A key is no administrator: account management answers as to any non-administrator.
    expect((await withKey(bimat, 'GET', '/v1/client/taikhoan/danhsach')).status).toBe(200);

    const officer = await createTestUser(server.db, { adminId: owner.admin.id });
    const client = new TestClient(server.url);
    await client.login(officer);
    expect((await client.post('/v1/client/khoaapi/themmoi', { ten: 'Của cán bộ' })).status).toBe(403);

    const dup = await owner.client.post('/v1/client/khoaapi/themmoi', { ten: 'khoá ĐẦY quyền' });
    expect(dup).toMatchObject({ status: 409, body: { message: API_KEY_MESSAGES.nameTaken } });
    const unknownRight = await owner.client.post('/v1/client/khoaapi/themmoi', { ten: 'Sai quyền', quyenhan: ['khongco'] });
    expect(unknownRight.status).toBe(400);
    const foreignArea = await owner.client.post('/v1/client/khoaapi/themmoi', { ten: 'Sai địa bàn', diaban: crypto.randomUUID() });
    expect(foreignArea.status).toBe(404);
    const badRate = await owner.client.post('/v1/client/khoaapi/themmoi', { ten: 'Sai giới hạn', gioihanphut: 0 });
    expect(badRate).toMatchObject({ status: 400 });
    expect(badRate.body.message).toContain(API_KEY_MESSAGES.rateInvalid);
  });

  it('describes the bearer scheme in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/docs/json`)).json()) as { components: { securitySchemes: Record<string, unknown> }; security: unknown[] };
    expect(doc.components.securitySchemes.khoaApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ khoaApi: [] });
  });
});
