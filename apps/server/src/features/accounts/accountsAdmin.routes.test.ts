import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACCOUNT_TYPE_LABELS, MSG } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { listSystemLogForUser } from '../system-log/systemLog.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const name = () => `tk_${Math.random().toString(36).slice(2, 10)}`;
const newAccount = (extra: Record<string, unknown> = {}) => ({
  tentaikhoan: name(), matkhau: 'mat-khau-dai', hoten: 'Trần Thị Bình', quyenhan: ['themsuaxoalichphat'], ...extra,
});

async function signIn(user: { tentaikhoan: string; password: string }) {
  const client = new TestClient(server.url);
  const res = await client.login(user);
  return { client, res };
}

describe('POST /v1/client/taikhoan/themmoi', () => {
  it('creates an account under the administrator with its area, rights and labels, and logs it', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const res = await client.post('/v1/client/taikhoan/themmoi', newAccount({ diaban: areas.communeA, quyenhan: ['xemnhatky', 'themsuaxoalichphat', 'xemnhatky'] }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      hoten: 'Trần Thị Bình', idAdmin: admin.id, diaban: { _id: areas.communeA, tendiaban: 'Xã A' }, loaitaikhoan: 'canbo',
      tenloaitaikhoan: ACCOUNT_TYPE_LABELS.user, khoa: false, doimatkhau: false,
      quyenhan: [{ value: 'themsuaxoalichphat', quyen: expect.any(String) }, { value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' }],
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
    const list = await client.get('/v1/client/taikhoan/danhsach');
    expect(list.body.data.items.map((a: { _id: string }) => a._id)).toContain(res.body.data._id);
    expect((await listSystemLogForUser(server.db, admin.id))[0]).toMatchObject({ action: 'them-tai-khoan', target_id: res.body.data._id });
    const signedIn = await signIn({ tentaikhoan: res.body.data.tentaikhoan, password: 'mat-khau-dai' });
    expect(signedIn.res.body.data).toMatchObject({ idAdmin: admin.id, diaban: { _id: areas.communeA }, doimatkhau: false });
  });

  it('refuses a duplicate name, a weak password, unknown rights and areas with Vietnamese messages', async () => {
    const { client, areas } = await signedInAdmin(server);
    const other = await signedInAdmin(server);
    const taken = name();
    expect((await client.post('/v1/client/taikhoan/themmoi', newAccount({ tentaikhoan: taken }))).status).toBe(200);
    const cases: [Record<string, unknown>, number, string][] = [
      [newAccount({ tentaikhoan: taken.toUpperCase() }), 409, ACCOUNT_MESSAGES.loginNameTaken],
      [newAccount({ matkhau: 'ngan' }), 400, ACCOUNT_MESSAGES.passwordTooShort],
      [newAccount({ tentaikhoan: 'có dấu' }), 400, ACCOUNT_MESSAGES.loginNameInvalid],
      [newAccount({ quyenhan: ['themsuaxoalichphat', 'quyen-khong-co'] }), 400, ACCOUNT_MESSAGES.rightUnknown],
      [newAccount({ diaban: 'khong-co' }), 404, ACCOUNT_MESSAGES.areaUnknown],
      [newAccount({ diaban: other.areas.communeA }), 404, ACCOUNT_MESSAGES.areaUnknown],
      [newAccount({ loaitaikhoan: 'sieunguoidung' }), 400, ACCOUNT_MESSAGES.accountTypeInvalid],
    ];
    for (const [body, status, message] of cases) {
      expect(await client.post('/v1/client/taikhoan/themmoi', body)).toMatchObject({ status, body: { message } });
    }
    expect(areas.communeA).toBeTruthy();
  });

  it('needs quanlytaikhoan, never grants a right the caller lacks and keeps a scoped manager inside the area', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const plain = await createTestUser(server.db, { adminId: admin.id, rights: ['themsuaxoalichphat'] });
    const p = await signIn(plain);
    expect(await p.client.post('/v1/client/taikhoan/themmoi', newAccount())).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    expect((await p.client.get('/v1/client/taikhoan/danhsach')).status).toBe(403);

    const manager = await createTestUser(server.db, { adminId: admin.id, rights: ['quanlytaikhoan', 'themsuaxoalichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [manager.id, areas.communeA]);
    const m = await signIn(manager);
    expect(await m.client.post('/v1/client/taikhoan/themmoi', newAccount({ quyenhan: ['quanlythietbi'], diaban: areas.communeA }))).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.rightNotHeld } });
    expect(await m.client.post('/v1/client/taikhoan/themmoi', newAccount())).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.areaRequired } });
    expect(await m.client.post('/v1/client/taikhoan/themmoi', newAccount({ diaban: areas.communeB }))).toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.areaUnknown } });
    expect(await m.client.post('/v1/client/taikhoan/themmoi', newAccount({ loaitaikhoan: 'nguoidung', diaban: areas.communeA }))).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.adminOnly } });
    expect((await m.client.post('/v1/client/taikhoan/themmoi', newAccount({ diaban: areas.communeA }))).status).toBe(200);
    // The scoped manager sees only accounts of its area: not the administrator, not the plain user without an area.
    const ids = (await m.client.get('/v1/client/taikhoan/danhsach')).body.data.items.map((a: { _id: string }) => a._id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(plain.id);
    expect(await m.client.post('/v1/client/taikhoan/khoa', { id: plain.id })).toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.accountUnknown } });
  });
});

describe('GET /v1/client/taikhoan/danhsach', () => {
  it('searches names without accents or case: "can bo" finds "Cán Bộ Xã"', async () => {
    const { client } = await signedInAdmin(server);
    for (const hoten of ['Cán Bộ Xã Hải An', 'Cần Thơ Bình', 'Nguyễn Văn Bố']) expect((await client.post('/v1/client/taikhoan/themmoi', newAccount({ hoten }))).status).toBe(200);
    const found = async (tim: string) => (await client.get(`/v1/client/taikhoan/danhsach?tim=${encodeURIComponent(tim)}`)).body.data.items.map((a: { hoten: string }) => a.hoten);
    expect(await found('can bo')).toEqual(['Cán Bộ Xã Hải An']);
    expect(await found('HAI AN')).toEqual(['Cán Bộ Xã Hải An']);
    expect(await found('van bo')).toEqual(['Nguyễn Văn Bố']);
  });
});

describe('POST /v1/client/taikhoan/capnhat', () => {
  it('edits an account and refuses to remove the last administrator’s rights', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const created = (await client.post('/v1/client/taikhoan/themmoi', newAccount())).body.data;
    const res = await client.post('/v1/client/taikhoan/capnhat', { id: created._id, hoten: 'Lê Văn Cường', email: 'cuong@example.vn', sdt: '', loaitaikhoan: 'nguoidung', quyenhan: ['quanlytaikhoan'], diaban: areas.communeB });
    expect(res.body.data).toMatchObject({ hoten: 'Lê Văn Cường', tenloaitaikhoan: ACCOUNT_TYPE_LABELS.admin, quyenhan: [{ value: 'quanlytaikhoan' }], diaban: { _id: areas.communeB } });

    const own = { id: admin.id, hoten: 'Quản trị', email: '', sdt: '', diaban: null };
    // Another administrator exists now: dropping one's own account-management right is allowed once…
    await client.post('/v1/client/taikhoan/capnhat', { id: created._id, hoten: 'Lê Văn Cường', email: '', sdt: '', loaitaikhoan: 'canbo', quyenhan: [], diaban: areas.communeB });
    // …but not when it would leave nobody to manage the accounts.
    expect(await client.post('/v1/client/taikhoan/capnhat', { ...own, loaitaikhoan: 'nguoidung', quyenhan: ['xemnhatky'] })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.lastAdministrator } });
    expect(await client.post('/v1/client/taikhoan/capnhat', { ...own, loaitaikhoan: 'canbo', quyenhan: ['quanlytaikhoan'] })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.lastAdministrator } });
    expect((await client.get('/v1/client/nguoidung/laythongtin')).body.data.quyenhan.map((r: { value: string }) => r.value)).toContain('quanlytaikhoan');
  });
});

describe('lock, unlock, delete', () => {
  it('locks (signing the user out at once), unlocks and deletes, never oneself or the owner', async () => {
    const { admin, client } = await signedInAdmin(server);
    const user = await createTestUser(server.db, { adminId: admin.id });
    const u = await signIn(user);
    expect((await u.client.get('/v1/client/nguoidung/laythongtin')).status).toBe(200);
    expect((await client.post('/v1/client/taikhoan/khoa', { id: user.id })).body.data.khoa).toBe(true);
    expect((await u.client.get('/v1/client/nguoidung/laythongtin')).status).toBe(401);
    expect((await signIn(user)).res).toMatchObject({ status: 403, body: { message: MSG.accountLocked } });
    expect((await client.post('/v1/client/taikhoan/mokhoa', { id: user.id })).body.data.khoa).toBe(false);
    expect((await signIn(user)).res.status).toBe(200);

    expect(await client.post('/v1/client/taikhoan/khoa', { id: admin.id })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.notOnSelf } });
    const second = await createTestUser(server.db, { adminId: admin.id, admin: true });
    const s = await signIn(second);
    expect(await s.client.post('/v1/client/taikhoan/xoa', { id: admin.id })).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.ownerProtected } });

    expect((await client.post('/v1/client/taikhoan/xoa', { id: user.id })).status).toBe(200);
    expect((await signIn(user)).res).toMatchObject({ status: 400, body: { message: MSG.wrongCredentials } });
    expect((await client.get('/v1/client/taikhoan/danhsach')).body.data.items.map((a: { _id: string }) => a._id)).not.toContain(user.id);
    expect(await client.post('/v1/client/taikhoan/khoa', { id: user.id })).toMatchObject({ status: 404 });
    // The login name is free again.
    expect((await client.post('/v1/client/taikhoan/themmoi', newAccount({ tentaikhoan: user.tentaikhoan }))).status).toBe(200);
  });
});

describe('POST /v1/client/taikhoan/datlaimatkhau', () => {
  it('makes the user change the password before anything else', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const user = await createTestUser(server.db, { adminId: admin.id });
    const reset = await client.post('/v1/client/taikhoan/datlaimatkhau', { id: user.id });
    expect(reset.body.data.matkhautam).toMatch(/^[\w-]{12}$/);
    expect((await signIn(user)).res.status).toBe(400);
    const { client: u, res } = await signIn({ tentaikhoan: user.tentaikhoan, password: reset.body.data.matkhautam });
    expect(res.body.data.doimatkhau).toBe(true);
    for (const call of [u.get('/v1/client/thietbi'), u.get('/v1/client/tongquan'), u.get('/v1/client/thongbao/chuadoc'), u.post('/v1/client/thietbi/themmoi', { tenthietbi: 'x', diaban: areas.communeA, serial: 'S-1' })]) {
      expect(await call).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.mustChangePassword } });
    }
    expect((await u.get('/v1/client/nguoidung/laythongtin')).body.data.doimatkhau).toBe(true);
    const changed = await u.post('/v1/client/nguoidung/thaydoimatkhau', { matkhauHientai: reset.body.data.matkhautam, matkhaumoi: 'mat-khau-rieng-1', nhaplaimatkhaumoi: 'mat-khau-rieng-1' });
    expect(changed.status).toBe(200);
    expect((await u.get('/v1/client/thietbi')).status).toBe(200);
    expect((await u.get('/v1/client/nguoidung/laythongtin')).body.data.doimatkhau).toBe(false);
  });

  it('refuses a weak chosen password', async () => {
    const { admin, client } = await signedInAdmin(server);
    const user = await createTestUser(server.db, { adminId: admin.id });
    expect(await client.post('/v1/client/taikhoan/datlaimatkhau', { id: user.id, matkhaumoi: '1234567' })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.passwordTooShort } });
  });
});
