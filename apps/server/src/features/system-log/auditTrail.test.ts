import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type SystemLogEntry } from '@loa/contract';
import { createTestUser, eventually, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An account of the administrator limited to one area, signed in. */
async function scopedUser(adminId: string, areaId: string, rights: string[]) {
  const user = await createTestUser(server.db, { adminId, rights });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  const client = new TestClient(server.url);
  expect((await client.login(user)).status).toBe(200);
  return { user, client };
}

const entries = async (client: TestClient, query: string) => (await client.get(`/v1/client/nhatky?sodong=500&${query}`)).body.data.items as SystemLogEntry[];

describe('the audit trail outlives what it names', () => {
  it('keeps an area’s creation and deletion entries, with its name, in the view of an account scoped above it', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const district = await scopedUser(admin.id, areas.district, ['quanlythietbi', 'xemnhatky']);
    const created = await district.client.post('/v1/client/diaban/themmoi', { tendiaban: 'Thôn Sẽ Xoá', cap: 'thon', idcha: areas.communeA });
    expect(created.status).toBe(200);
    const id = created.body.data._id as string;
    expect((await district.client.post('/v1/client/diaban/xoa', { id })).status).toBe(200);

    for (const query of ['', `diaban=${areas.district}`, `diaban=${areas.communeA}`]) {
      const about = (await entries(district.client, query)).filter((e) => e.doituong.id === id);
      expect(about.map((e) => e.hanhdong), query).toEqual(['xoa-dia-ban', 'them-dia-ban']);
      for (const e of about) {
        expect(e.diaban).toEqual({ _id: id, tendiaban: 'Thôn Sẽ Xoá' });
        expect(e.doituong.ten).toBe('Thôn Sẽ Xoá');
      }
    }
  });
});

describe('failed sign-ins, lockouts and refusals are entries an administrator can filter', () => {
  it('logs a wrong password and the lockout under the account’s administrator', async () => {
    const { admin, client } = await signedInAdmin(server);
    const clerk = await createTestUser(server.db, { adminId: admin.id });
    const guesser = new TestClient(server.url);
    for (let i = 0; i < 5; i += 1) await guesser.login({ ...clerk, password: 'sai' });
    expect((await guesser.login(clerk)).status).toBe(429);

    const failed = await entries(client, 'hanhdong=dang-nhap-that-bai');
    expect(failed.filter((e) => e.nguoidung.tentaikhoan === clerk.tentaikhoan)).toHaveLength(4);
    expect(failed[0]).toMatchObject({ ketqua: 'failed', doituong: { loai: 'taikhoan', id: clerk.id, ten: clerk.tentaikhoan } });
    const locks = (await entries(client, 'hanhdong=tam-khoa-dang-nhap')).filter((e) => e.nguoidung.tentaikhoan === clerk.tentaikhoan);
    expect(locks.map((e) => e.chitiet?.lydo)).toEqual(['dang-tam-khoa', 'sai-qua-nhieu-lan']);
  });

  it('logs a refused right with the route the router matched and the right that was missing', async () => {
    const { admin, client } = await signedInAdmin(server);
    const reader = await createTestUser(server.db, { adminId: admin.id, rights: ['xemnhatky'] });
    const c = new TestClient(server.url);
    await c.login(reader);
    expect(await c.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã Lạ', cap: 'xa', idcha: null })).toMatchObject({ status: 403, body: { message: MSG.forbidden } });

    const refused = await eventually(async () => {
      const found = (await entries(client, 'hanhdong=tu-choi-quyen')).filter((e) => e.nguoidung._id === reader.id);
      return found.length > 0 ? found : null;
    });
    expect(refused[0]).toMatchObject({ ketqua: 'denied', chitiet: { duongdan: '/v1/client/diaban/themmoi', phuongthuc: 'POST', quyen: 'quanlythietbi' } });
  });

  it('logs a refused scope: an area outside the account’s own', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const commune = await scopedUser(admin.id, areas.communeA, ['quanlythietbi']);
    const res = await commune.client.post('/v1/client/diaban/capnhat', { id: areas.communeB, tendiaban: 'Chiếm', idcha: areas.district });
    expect(res.status).toBe(404);
    const refused = await eventually(async () => {
      const found = (await entries(client, 'hanhdong=tu-choi-pham-vi')).filter((e) => e.nguoidung._id === commune.user.id);
      return found.length > 0 ? found : null;
    });
    expect(refused[0]).toMatchObject({ ketqua: 'denied', chitiet: { duongdan: '/v1/client/diaban/capnhat', phuongthuc: 'POST' } });
    // The area was not touched.
    const [row] = await server.db.query<{ ten: string }>('SELECT ten FROM areas WHERE id = $1', [areas.communeB]);
    expect(row.ten).toBe('Xã B');
  });
});
