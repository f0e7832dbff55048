import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@loa/contract';
import { createTestUser, startTestServer, TestClient, type TestServer } from '../../test/helpers';
import { resetAdminPassword } from './resetAdminPassword';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server.close());

describe('npm run reset-admin-password', () => {
  it('recovers a lost administrator password: the old one stops working, the new one signs in and must be changed, lockout and sessions end', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const before = new TestClient(server.url);
    expect((await before.login(admin)).status).toBe(200);
    await server.db.query('UPDATE users SET locked = true WHERE id = $1', [admin.id]);

    const result = await resetAdminPassword(server.db, admin.tentaikhoan);
    expect(result.generated).toBe(true);
    expect(result.password.length).toBeGreaterThanOrEqual(8);
    expect((await new TestClient(server.url).login(admin)).body.message).toBe(MSG.wrongCredentials);
    const after = new TestClient(server.url);
    const signedIn = await after.login({ tentaikhoan: admin.tentaikhoan, password: result.password });
    expect(signedIn.status).toBe(200);
    expect(JSON.stringify(signedIn.body)).toContain('"doimatkhau":true');
    // The login from before the reset has ended.
    expect((await before.get('/v1/client/thongbao/danhsach')).status).toBe(401);
    const logged = await server.db.query<{ tentaikhoan: string; target_id: string }>(`SELECT tentaikhoan, target_id FROM system_log WHERE action = 'dat-lai-mat-khau' AND target_id = $1`, [admin.id]);
    expect(logged).toEqual([{ tentaikhoan: 'Máy chủ (dòng lệnh)', target_id: admin.id }]);

    await expect(resetAdminPassword(server.db, 'khong-co-ai')).rejects.toThrow('Không có tài khoản "khong-co-ai"');
  });
});
