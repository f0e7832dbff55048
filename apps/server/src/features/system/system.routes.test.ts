import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('system health', () => {
  it('answers liveness without a login', async () => {
    expect(await new TestClient(server.url).get('/v1/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('shows process figures only to device administrators', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const operator = await createTestUser(server.db, { adminId: admin.id, rights: ['themsuaxoalichphat'] });
    const client = new TestClient(server.url);
    await client.login(admin);
    const res = await client.get('/v1/client/hethong/suckhoe');
    expect(res.status).toBe(200);
    expect(res.body.data.rssMb).toBeGreaterThan(10);
    expect(res.body.data).toMatchObject({ broker: 'embedded', eventLoopDelayMs: { p99: expect.any(Number) } });
    const other = new TestClient(server.url);
    await other.login(operator);
    expect((await other.get('/v1/client/hethong/suckhoe')).status).toBe(403);
    expect((await new TestClient(server.url).get('/v1/client/hethong/suckhoe')).status).toBe(401);
  });
});
