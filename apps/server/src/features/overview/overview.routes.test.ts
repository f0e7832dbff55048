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
