import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createTestUser, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { insertArea } from '../areas/areas.queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /v1/client/tongquan', () => {
  it('counts the accounts, logins and areas of the caller’s administrator only', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const operator = await createTestUser(server.db, { adminId: admin.id });
    await createTestUser(server.db); // another administrator's world
    await insertArea(server.db, { id: crypto.randomUUID(), ten: 'Huyện A', cap: 'huyen', parentId: null, adminId: admin.id });
    await insertArea(server.db, { id: crypto.randomUUID(), ten: 'Xã B', cap: 'xa', parentId: null, adminId: admin.id });
    const client = new TestClient(server.url);
    await client.login(admin);
    await new TestClient(server.url).login(operator);
    const res = await client.get('/v1/client/tongquan');
    expect(res.status).toBe(200);
    expect(res.body.data.taikhoan).toEqual({ tong: 2, dangdangnhap: 2 });
    expect(res.body.data.diaban).toEqual({ tong: 2, theocap: { huyen: 1, xa: 1 } });
    expect(res.body.data.nhatky.homnay).toBe(2);
  });
});

describe('GET /v1/client/tongquan for the broadcast officer', () => {
  it('shows devices by area, broadcasts today by message type, the next schedules and recent faults', async () => {
    const { signedInAdmin, startSpeakers, eventually } = await import('../../../test/helpers');
    const w = await signedInAdmin(server);
    const [speaker, other] = await startSpeakers(server, w.client, w.areas.communeA, 2);
    other.kill();
    await w.client.post('/v1/client/phatngay/phatngay', (await import('../../../test/helpers')).broadcastForm(
      { tieude: 'Khẩn', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: 60 }],
    ));
    const at = Date.now() + 3600_000;
    const local = new Date(at + 7 * 3600_000).toISOString();
    await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin chiều', nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: 60 }],
      diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: local.slice(0, 10), giophat: [local.slice(11, 19)],
    });
    const overview = await eventually(async () => {
      const data = (await w.client.get('/v1/client/tongquan')).body.data;
      return data.suco.length > 0 && data.thietbi.dangphat === 1 ? data : null;
    }, 5000);
    expect(overview.thietbitheodiaban).toEqual([{ _id: w.areas.communeA, tendiaban: 'Xã A', online: 1, offline: 1, dangphat: 1 }]);
    expect(overview.phathomnay).toEqual({ tong: 1, theoloai: { 2: 1 } });
    expect(overview.phattuannay.tong).toBe(1);
    expect(overview.lichsapden).toEqual([{ idlichphat: expect.any(String), tieude: 'Bản tin chiều', batdau: Math.floor(at / 1000) * 1000 }]);
    expect(overview.suco[0]).toMatchObject({ _id: other.deviceId, tendiaban: 'Xã A' });
    await w.client.get('/v1/client/phatngay/dungphatngay');
    await speaker.stop();
  });
});
