import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, CSRF_HEADER, SCHEDULE_MESSAGES, SOURCE_KINDS } from '@loa/contract';
import { broadcastForm, createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A broadcaster (themsuaxoalichphat) of the administrator placed in an area (null: the whole administrator). */
async function broadcaster(adminId: string, areaId: string | null): Promise<TestClient> {
  const user = await createTestUser(server.db, { adminId, rights: ['themsuaxoalichphat'] });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  const client = new TestClient(server.url);
  await client.login(user);
  return client;
}

const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'VOV1', url: 'https://radio.example.vn/vov1', thoiluong: 30 };
const programme = async (client: TestClient, ten: string) => {
  const res = await client.post('/v1/client/chuongtrinh/themmoi', { ten, loaibantin: 1, nguonphat: [relay] });
  expect(res.status).toBe(200);
  return res.body.data._id as string;
};
const upload = async (client: TestClient, name: string) => {
  const [address] = (await client.post('/v1/client/lichphat/geturlupload', { key: [name] })).body.data;
  const put = await fetch(server.url + address.url, {
    method: 'PUT', body: new Uint8Array(makeMp3(1)), headers: { 'content-type': 'audio/mpeg', cookie: client.cookieHeader, [CSRF_HEADER]: client.cookies.get('loa_csrf')! },
  });
  expect(put.status).toBe(204);
  return address.fields.key as string;
};
const ids = async (client: TestClient) => (await client.get('/v1/client/chuongtrinh/danhsach')).body.data.map((p: { _id: string }) => p._id);
const keys = async (client: TestClient) => (await client.get('/v1/client/thuvien')).body.data.map((m: { key: string }) => m.key);

describe('programmes follow area scope', () => {
  it('shows and lets edit or delete only the programmes of the caller’s area and below', async () => {
    const { admin, areas, client: whole } = await signedInAdmin(server);
    const [district, communeA, communeB] = [await broadcaster(admin.id, areas.district), await broadcaster(admin.id, areas.communeA), await broadcaster(admin.id, areas.communeB)];
    const p = {
      whole: await programme(whole, 'Toàn bộ'), district: await programme(district, 'Huyện'), a: await programme(communeA, 'Xã A'), b: await programme(communeB, 'Xã B'),
    };
    expect(await ids(communeA)).toEqual([p.a]);
    expect((await ids(district)).sort()).toEqual([p.district, p.a, p.b].sort());
    expect((await ids(whole)).sort()).toEqual(Object.values(p).sort());

    const notFound = { status: 404, body: { message: SCHEDULE_MESSAGES.programmeNotFound } };
    for (const id of [p.whole, p.district, p.b]) {
      expect(await communeA.post('/v1/client/chuongtrinh/capnhat', { id, ten: 'Sửa trộm', loaibantin: 1, nguonphat: [relay] })).toMatchObject(notFound);
      expect(await communeA.post('/v1/client/chuongtrinh/xoa', { id })).toMatchObject(notFound);
    }
    expect((await ids(whole)).sort()).toEqual(Object.values(p).sort());
    expect((await district.post('/v1/client/chuongtrinh/capnhat', { id: p.a, ten: 'Huyện sửa', loaibantin: 1, nguonphat: [relay] })).status).toBe(200);
    expect((await communeA.post('/v1/client/chuongtrinh/xoa', { id: p.a })).status).toBe(200);
  });
});

describe('the media library follows area scope', () => {
  it('hides a commune’s file from another commune, which can neither rename, delete nor play it', async () => {
    const { admin, areas, client: whole } = await signedInAdmin(server);
    const [district, communeA, communeB] = [await broadcaster(admin.id, areas.district), await broadcaster(admin.id, areas.communeA), await broadcaster(admin.id, areas.communeB)];
    expect((await whole.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa xã B', diaban: areas.communeB, serial: `SN-${admin.id.slice(0, 8)}` })).status).toBe(200);
    const keyA = await upload(communeA, 'xa-a.mp3');
    const keyDistrict = await upload(district, 'huyen.mp3');
    expect(await keys(communeA)).toEqual([keyA]);
    expect(await keys(communeB)).toEqual([]);
    expect((await keys(district)).sort()).toEqual([keyA, keyDistrict].sort());

    const notFound = { status: 404, body: { message: SCHEDULE_MESSAGES.mediaNotFound } };
    for (const key of [keyA, keyDistrict]) {
      expect(await communeB.post('/v1/client/thuvien/doiten', { key, ten: 'Đổi trộm' })).toMatchObject(notFound);
      expect(await communeB.post('/v1/client/thuvien/xoa', { key })).toMatchObject(notFound);
    }
    expect(await server.app.storage.exists(keyA)).toBe(true);
    // Naming another commune's stored file in a broadcast does not play it.
    const played = await communeB.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Mượn tệp', loaibantin: 1, uutien: 1, diabanchon: [areas.communeB], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 1, files: [{ fileName: 'xa-a.mp3', url: keyA, duration: 1 }] }],
    ));
    expect(played).toMatchObject({ status: 400, body: { message: BROADCAST_MESSAGES.fileMissing } });
    expect((await district.post('/v1/client/thuvien/doiten', { key: keyA, ten: 'Huyện đặt tên' })).status).toBe(200);
    expect((await communeA.get('/v1/client/thuvien')).body.data[0].ten).toBe('Huyện đặt tên');
  });
});
