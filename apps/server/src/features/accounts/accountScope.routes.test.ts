import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MSG } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer, type TestUser } from '../../../test/helpers';

let server: TestServer;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-scope-outbox-'));
beforeAll(async () => {
  server = await startTestServer({ OUTBOX_DIR: outbox, PUBLIC_URL: 'https://loa.example.vn' });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** An account of `adminId` with exactly these rights, placed in an area (null: the whole administrator). */
async function accountIn(adminId: string, areaId: string | null, rights: string[], admin = false): Promise<TestUser> {
  const user = await createTestUser(server.db, { adminId, rights, admin });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  return user;
}

async function signIn(user: TestUser): Promise<TestClient> {
  const client = new TestClient(server.url);
  expect((await client.login(user)).status).toBe(200);
  return client;
}

const tokenIn = (text: string) => /https:\/\/loa\.example\.vn\/loi-moi\?token=([\w-]+)/.exec(text)?.[1];

describe('an account manager acts only on accounts within its rights and area', () => {
  it('cannot reset, edit, lock or delete an account holding a right it lacks, so it cannot sign in as one', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const manager = await accountIn(admin.id, areas.district, ['quanlytaikhoan', 'xemnhatky']);
    const wider = await accountIn(admin.id, areas.communeA, ['quanlytaikhoan', 'xemnhatky', 'themsuaxoalichphat']);
    const narrower = await accountIn(admin.id, areas.communeA, ['xemnhatky']);
    const m = await signIn(manager);

    const refused = { status: 403, body: { message: MSG.accountWiderRights } };
    expect(await m.post('/v1/client/taikhoan/datlaimatkhau', { id: wider.id, matkhaumoi: 'mat-khau-cua-toi' })).toMatchObject(refused);
    expect(await m.post('/v1/client/taikhoan/capnhat', { id: wider.id, hoten: 'Đổi', email: '', sdt: '', loaitaikhoan: 'canbo', quyenhan: ['xemnhatky'], diaban: areas.communeA })).toMatchObject(refused);
    for (const action of ['khoa', 'mokhoa', 'xoa']) expect(await m.post(`/v1/client/taikhoan/${action}`, { id: wider.id })).toMatchObject(refused);
    // The wider account is untouched: its own password still works, the manager's does not.
    expect((await new TestClient(server.url).login({ tentaikhoan: wider.tentaikhoan, password: 'mat-khau-cua-toi' })).status).toBe(400);
    const w = await signIn(wider);
    expect((await w.get('/v1/client/nguoidung/laythongtin')).body.data).toMatchObject({ hoten: 'Người Thử Nghiệm', doimatkhau: false });

    // A narrower account is the manager's to act on, but never to widen beyond the manager's rights.
    expect((await m.post('/v1/client/taikhoan/datlaimatkhau', { id: narrower.id })).status).toBe(200);
    expect(await m.post('/v1/client/taikhoan/capnhat', { id: narrower.id, hoten: 'X', email: '', sdt: '', loaitaikhoan: 'canbo', quyenhan: ['xemnhatky', 'themsuaxoalichphat'], diaban: areas.communeA }))
      .toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.rightNotHeld } });
    expect((await m.post('/v1/client/taikhoan/capnhat', { id: narrower.id, hoten: 'X', email: '', sdt: '', loaitaikhoan: 'canbo', quyenhan: [], diaban: areas.communeB })).status).toBe(200);
  });

  it('cannot act on an account of a wider area, nor move one outside its scope', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const manager = await accountIn(admin.id, areas.communeA, ['quanlytaikhoan', 'xemnhatky']);
    const inDistrict = await accountIn(admin.id, areas.district, ['xemnhatky']);
    const inCommune = await accountIn(admin.id, areas.communeA, ['xemnhatky']);
    const m = await signIn(manager);
    const unknown = { status: 404, body: { message: ACCOUNT_MESSAGES.accountUnknown } };
    expect(await m.post('/v1/client/taikhoan/datlaimatkhau', { id: inDistrict.id })).toMatchObject(unknown);
    expect(await m.post('/v1/client/taikhoan/khoa', { id: inDistrict.id })).toMatchObject(unknown);
    expect(await m.post('/v1/client/taikhoan/capnhat', { id: inCommune.id, hoten: 'X', email: '', sdt: '', loaitaikhoan: 'canbo', quyenhan: [], diaban: areas.district }))
      .toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.areaUnknown } });
    expect((await m.post('/v1/client/taikhoan/khoa', { id: inCommune.id })).status).toBe(200);
  });
});

describe('the outbox and invitations follow what they concern', () => {
  it('shows a commune manager neither a district invitation nor one with rights it lacks, so it cannot accept them', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const invite = async (email: string, diaban: string, quyenhan: string[]) => {
      const res = await client.post('/v1/client/loimoi/taomoi', { email, diaban, quyenhan });
      expect(res.status).toBe(200);
      const mail = (await client.get('/v1/client/hopthu')).body.data.find((x: { nguoinhan: string }) => x.nguoinhan === email);
      return { invitation: res.body.data._id as string, mail: mail._id as string };
    };
    const district = await invite('huyen@example.vn', areas.district, ['xemnhatky']);
    const wider = await invite('rong@example.vn', areas.communeA, ['xemnhatky', 'duyetlichphat']);
    const own = await invite('xa@example.vn', areas.communeA, ['xemnhatky']);

    const manager = await accountIn(admin.id, areas.communeA, ['quanlytaikhoan', 'xemnhatky']);
    const m = await signIn(manager);
    const mails = (await m.get('/v1/client/hopthu')).body.data.map((x: { _id: string }) => x._id);
    expect(mails).toContain(own.mail);
    expect(mails).not.toContain(district.mail);
    expect(mails).not.toContain(wider.mail);
    expect(await m.get(`/v1/client/hopthu/${district.mail}`)).toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.mailUnknown } });
    expect((await m.get(`/v1/client/hopthu/${wider.mail}`)).status).toBe(404);
    expect(tokenIn((await m.get(`/v1/client/hopthu/${own.mail}`)).body.data.noidung)).toBeTruthy();

    const invitations = (await m.get('/v1/client/loimoi/danhsach')).body.data.map((i: { _id: string }) => i._id);
    expect(invitations).toEqual([own.invitation]);
    expect((await m.post('/v1/client/loimoi/huy', { id: district.invitation })).status).toBe(404);
    expect(await m.post('/v1/client/loimoi/huy', { id: wider.invitation })).toMatchObject({ status: 403, body: { message: MSG.accountWiderRights } });
    // The administrator still reads all three.
    const all = (await client.get('/v1/client/hopthu')).body.data.map((x: { _id: string }) => x._id);
    expect(all).toEqual(expect.arrayContaining([district.mail, wider.mail, own.mail]));
  });

  it('shows a verification mail only to those who may act on its account', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const districtUser = await accountIn(admin.id, areas.district, ['xemnhatky']);
    const d = await signIn(districtUser);
    await d.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'Cán bộ huyện', email: 'canbohuyen@example.vn', sdt: '' });
    expect((await d.post('/v1/client/nguoidung/guixacthucemail')).status).toBe(200);
    const manager = await accountIn(admin.id, areas.communeA, ['quanlytaikhoan', 'xemnhatky']);
    const m = await signIn(manager);
    expect((await m.get('/v1/client/hopthu')).body.data.map((x: { nguoinhan: string }) => x.nguoinhan)).not.toContain('canbohuyen@example.vn');
    const districtManager = await signIn(await accountIn(admin.id, areas.district, ['quanlytaikhoan', 'xemnhatky']));
    expect((await districtManager.get('/v1/client/hopthu')).body.data.map((x: { nguoinhan: string }) => x.nguoinhan)).toContain('canbohuyen@example.vn');
  });
});
