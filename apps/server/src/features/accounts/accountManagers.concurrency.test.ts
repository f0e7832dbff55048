import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer, type TestUser } from '../../../test/helpers';

/**
 * The "at least one account manager" rule under concurrency (hardening #15 item 8): two
 * administrators act on each other in the same instant, several times over; one of them wins.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function accountIn(adminId: string, rights: string[]): Promise<TestUser> {
  return createTestUser(server.db, { adminId, rights, admin: true });
}

async function signIn(user: TestUser): Promise<TestClient> {
  const client = new TestClient(server.url);
  expect((await client.login(user)).status).toBe(200);
  return client;
}

describe('at least one account manager, under concurrency', () => {
  /** Managers left under the administrator: active administrator accounts holding quanlytaikhoan. */
  const managersLeft = async (adminId: string) => (await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE admin_id = $1 AND deleted_at IS NULL AND NOT locked
        AND loaitaikhoan = 'nguoidung' AND quyenhan @> '["quanlytaikhoan"]'::jsonb`, [adminId],
  ))[0].n;

  it('never loses the last manager when two administrators remove each other’s right at the same instant', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { admin, client: owner } = await signedInAdmin(server);
      const second = await accountIn(admin.id, ['quanlytaikhoan', 'xemnhatky']);
      await server.db.query(`UPDATE users SET quyenhan = '["quanlytaikhoan", "xemnhatky"]'::jsonb WHERE id = $1`, [admin.id]);
      const s = await signIn(second);
      const drop = (id: string) => ({ id, hoten: 'Quản trị', email: '', sdt: '', loaitaikhoan: 'nguoidung', quyenhan: ['xemnhatky'], diaban: null });
      const results = await Promise.all([owner.post('/v1/client/taikhoan/capnhat', drop(second.id)), s.post('/v1/client/taikhoan/capnhat', drop(admin.id))]);
      expect(await managersLeft(admin.id)).toBe(1);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    }
  }, 180_000);

  it('never loses the last manager when two administrators lock or delete each other at the same instant', async () => {
    for (let round = 0; round < 4; round += 1) {
      const admin = await createTestUser(server.db, { admin: true });
      // The owner cannot be locked or deleted; here it does not manage accounts, two others do.
      await server.db.query(`UPDATE users SET quyenhan = '["xemnhatky"]'::jsonb WHERE id = $1`, [admin.id]);
      const [a, b] = [await accountIn(admin.id, ['quanlytaikhoan']), await accountIn(admin.id, ['quanlytaikhoan'])];
      const [ca, cb] = [await signIn(a), await signIn(b)];
      const action = round % 2 === 0 ? 'khoa' : 'xoa';
      const results = await Promise.all([ca.post(`/v1/client/taikhoan/${action}`, { id: b.id }), cb.post(`/v1/client/taikhoan/${action}`, { id: a.id })]);
      expect(await managersLeft(admin.id)).toBe(1);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.every((r) => r.status < 500)).toBe(true);
    }
  }, 180_000);
});
