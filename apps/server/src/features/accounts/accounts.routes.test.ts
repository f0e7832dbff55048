import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MSG } from '@loa/contract';
import { createTestUser, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { listSystemLogForUser } from '../system-log/systemLog.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedIn() {
  const user = await createTestUser(server.db);
  const client = new TestClient(server.url);
  await client.login(user);
  return { user, client };
}

describe('POST /v1/client/nguoidung/thaydoithongtin', () => {
  it('updates full name, email and phone and logs it', async () => {
    const { user, client } = await signedIn();
    const res = await client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'Nguyễn Văn An', email: 'an@example.vn', sdt: '0912345678' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ hoten: 'Nguyễn Văn An', email: 'an@example.vn', sdt: '0912345678' });
    expect((await client.get('/v1/client/nguoidung/laythongtin')).body.data.hoten).toBe('Nguyễn Văn An');
    expect((await listSystemLogForUser(server.db, user.id))[0].action).toBe('thay-doi-thong-tin');
  });

  it('rejects an empty name, a bad email and a bad phone with Vietnamese messages', async () => {
    const { client } = await signedIn();
    const cases: [Record<string, string>, string][] = [
      [{ hoten: '  ', email: '', sdt: '' }, MSG.fullNameRequired],
      [{ hoten: 'A', email: 'khong-phai-email', sdt: '' }, MSG.emailInvalid],
      [{ hoten: 'A', email: '', sdt: 'abc' }, MSG.phoneInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/v1/client/nguoidung/thaydoithongtin', body);
      expect(res).toMatchObject({ status: 400, body: { message } });
    }
  });

  it('cannot change read-only fields such as the login name or rights', async () => {
    const { user, client } = await signedIn();
    await client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'B', email: '', sdt: '', tentaikhoan: 'hacker', quyenhan: [] });
    const me = (await client.get('/v1/client/nguoidung/laythongtin')).body.data;
    expect(me.tentaikhoan).toBe(user.tentaikhoan);
    expect(me.quyenhan.length).toBeGreaterThan(0);
  });
});

describe('POST /v1/client/nguoidung/thaydoimatkhau', () => {
  it('checks the fields in the order of the spec', async () => {
    const { client } = await signedIn();
    const steps: [Record<string, string>, string][] = [
      [{}, MSG.currentPasswordRequired],
      [{ matkhauHientai: 'x' }, MSG.newPasswordRequired],
      [{ matkhauHientai: 'x', matkhaumoi: 'new-password-1' }, MSG.repeatPasswordRequired],
      [{ matkhauHientai: 'x', matkhaumoi: 'new-password-1', nhaplaimatkhaumoi: 'other' }, MSG.repeatPasswordMismatch],
      [{ matkhauHientai: 'x', matkhaumoi: 'short', nhaplaimatkhaumoi: 'short' }, MSG.newPasswordTooShort],
      [{ matkhauHientai: 'x', matkhaumoi: 'new-password-1', nhaplaimatkhaumoi: 'new-password-1' }, MSG.currentPasswordWrong],
    ];
    for (const [body, message] of steps) {
      const res = await client.post('/v1/client/nguoidung/thaydoimatkhau', body);
      expect(res.body.message).toBe(message);
      expect(res.status).toBe(400);
    }
  });

  it('changes the password: the old one stops working, the new one signs in', async () => {
    const { user, client } = await signedIn();
    const res = await client.post('/v1/client/nguoidung/thaydoimatkhau', { matkhauHientai: user.password, matkhaumoi: 'mat-khau-moi-2026', nhaplaimatkhaumoi: 'mat-khau-moi-2026' });
    expect(res.status).toBe(200);
    expect((await new TestClient(server.url).login(user)).status).toBe(400);
    expect((await new TestClient(server.url).login({ ...user, password: 'mat-khau-moi-2026' })).status).toBe(200);
    expect((await listSystemLogForUser(server.db, user.id)).map((e) => e.action)).toContain('doi-mat-khau');
  });

  it('signs out every other login of the account (their sockets told and cut), keeping the one that changed it', async () => {
    const { user, client } = await signedIn();
    const phone = new TestClient(server.url, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1');
    const phoneDeviceId = (await phone.login(user)).body.data.DeviceID as string;
    const phoneSocket = await phone.socket();
    const told = new Promise<string>((resolve) => phoneSocket.on(EVENTS.deviceLogout, resolve));
    const cut = new Promise<void>((resolve) => phoneSocket.on('disconnect', () => resolve()));

    const res = await client.post('/v1/client/nguoidung/thaydoimatkhau', { matkhauHientai: user.password, matkhaumoi: 'mat-khau-moi-2027', nhaplaimatkhaumoi: 'mat-khau-moi-2027' });
    expect(res.status).toBe(200);
    expect(await told).toBe(phoneDeviceId);
    await cut;
    expect((await phone.get('/v1/client/nguoidung/laythongtin')).body.auto).toBe('no');
    expect((await phone.get('/v1/client/login/token')).status).toBe(401);
    const me = (await client.get('/v1/client/nguoidung/laythongtin')).body.data;
    expect(me.ThietbiDangnhap.find((d: { DeviceID: string }) => d.DeviceID === phoneDeviceId).status).toBe('logout');
    expect(me.ThietbiDangnhap.find((d: { DeviceID: string }) => d.DeviceID === me.DeviceID).status).toBe('login');
    phoneSocket.close();
  });
});
