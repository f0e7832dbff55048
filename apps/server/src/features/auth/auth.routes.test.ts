import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, EVENTS, LOGIN_MAX_FAILURES, MSG, REFRESH_COOKIE } from '@loa/contract';
import { LOGIN_MAX_FAILURES_PER_NAME } from './auth.service';
import { createTestUser, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { listSystemLogForUser } from '../system-log/systemLog.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /v1/client/login', () => {
  it('signs in, sets httpOnly SameSite cookies and answers the user with its login device', async () => {
    const user = await createTestUser(server.db);
    const client = new TestClient(server.url);
    const res = await client.login(user);
    expect(res.status).toBe(200);
    expect(res.body.data.tentaikhoan).toBe(user.tentaikhoan);
    expect(res.body.data.userID).toBe(user.id);
    const device = res.body.data.ThietbiDangnhap.find((d: { DeviceID: string }) => d.DeviceID === res.body.data.DeviceID);
    expect(device).toMatchObject({ status: 'login', DiaDiem: 'Quảng Trị', DiaChiIP: '127.0.0.1', TenThietBi: 'Chrome 140 trên Linux' });
    const setCookies = res.headers.getSetCookie();
    for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
      const line = setCookies.find((c) => c.startsWith(`${name}=`));
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|scrypt/);
    expect((await client.get('/v1/client/nguoidung/laythongtin')).status).toBe(200);
  });

  it('rejects a wrong password with a Vietnamese message and logs the failure', async () => {
    const user = await createTestUser(server.db);
    const res = await new TestClient(server.url).login({ ...user, password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.wrongCredentials);
    const unknown = await new TestClient(server.url).login({ tentaikhoan: 'khong-ton-tai', password: 'x' });
    expect(unknown.body.message).toBe(MSG.wrongCredentials);
  });

  it('answers in English when the console asks for it (Accept-Language), in Vietnamese otherwise', async () => {
    const user = await createTestUser(server.db);
    const english = new TestClient(server.url);
    english.headers['accept-language'] = 'en';
    expect((await english.login({ ...user, password: 'wrong-password' })).body.message).toBe('Wrong username or password!');
    expect((await english.post('/v1/client/login', { password: 'x' })).body.message).toBe('You have not entered a username!');
    const vietnamese = new TestClient(server.url);
    vietnamese.headers['accept-language'] = 'vi';
    expect((await vietnamese.login({ ...user, password: 'wrong-password' })).body.message).toBe(MSG.wrongCredentials);
  });

  it('names the missing field when the body is malformed', async () => {
    const client = new TestClient(server.url);
    expect((await client.post('/v1/client/login', { password: 'x' })).body.message).toBe(MSG.loginNameRequired);
    expect((await client.post('/v1/client/login', { tentaikhoan: 'a' })).body.message).toBe(MSG.passwordRequired);
    const wrongType = await client.post('/v1/client/login', { tentaikhoan: 'a', password: 'b', DiaDiem: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('Địa điểm');
  });

  it('locks a login name for 5 minutes after 5 failures, even for the right password', async () => {
    const user = await createTestUser(server.db);
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await client.login({ ...user, password: 'bad' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await client.login(user);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MSG.tooManyLoginFailures);
    // Five minutes later the name is free again.
    await server.db.query(`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE login_name = $1 OR login_name LIKE $1 || '#%'`, [user.tentaikhoan]);
    expect((await client.login(user)).status).toBe(200);
  });

  it('counts failures per address: a stranger guessing cannot lock the owner out, and many addresses together do not lock a browser the owner used before (issue #27)', async () => {
    // Its own server behind a proxy, so each client can come from its own address.
    const own = await startTestServer({ TRUST_PROXY: true });
    try {
      const user = await createTestUser(own.db);
      const from = (address: string) => {
        const client = new TestClient(own.url);
        client.headers['x-forwarded-for'] = address;
        return client;
      };
      // The owner signs in once from the office: that browser is a known login device.
      const office = from('203.0.113.10');
      const first = await office.login(user);
      expect(first.status).toBe(200);
      const deviceId = first.body.data.DeviceID as string;
      // A stranger guesses from one address until it is locked there...
      const stranger = from('198.51.100.66');
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await stranger.login({ ...user, password: 'doan-mo' });
      expect((await stranger.login(user)).status).toBe(429);
      // ...and the owner, from a new browser at home, is not.
      expect((await from('203.0.113.20').login(user)).status).toBe(200);
      // Guesses from many addresses together lock the name for browsers it does not know...
      for (let a = 1; a <= Math.ceil(LOGIN_MAX_FAILURES_PER_NAME / (LOGIN_MAX_FAILURES - 1)); a += 1) {
        const guesser = from(`198.51.100.${a}`);
        for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) await guesser.login({ ...user, password: `doan-${a}-${i}` });
      }
      const unknown = await from('203.0.113.30').login(user);
      expect(unknown.status).toBe(429);
      expect(unknown.body.message).toBe(MSG.tooManyLoginFailures);
      // ...but not the office browser the owner signed in from before.
      expect((await office.login(user, { DeviceID: deviceId })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('checks at most LOGIN_MAX_FAILURES passwords of a burst of concurrent guesses, and refuses the right one while locked', async () => {
    // Its own server: the burst stays under the per-IP sign-in rate limit and leaves the others' alone.
    const own = await startTestServer();
    try {
      const user = await createTestUser(own.db);
      const client = new TestClient(own.url);
      await client.get('/v1/client/csrf');
      // 25 wrong guesses at once with the right password last among them.
      const guesses = Array.from({ length: 25 }, (_, i) => `sai-${i}`).concat(user.password);
      const answers = await Promise.all(guesses.map((password) => client.login({ ...user, password })));
      expect(answers.at(-1)?.status).toBe(429);
      expect(answers.every((a) => a.status === 400 || (a.status === 429 && a.body.message === MSG.tooManyLoginFailures))).toBe(true);
      // Every checked wrong password leaves a failure or lockout entry; refusals while locked say so.
      const entries = await own.db.query<{ action: string; lydo: string | null }>(
        `SELECT action, detail->>'lydo' AS lydo FROM system_log WHERE tentaikhoan = $1`, [user.tentaikhoan]);
      const checked = entries.filter((e) => e.action === 'dang-nhap-that-bai' || e.lydo === 'sai-qua-nhieu-lan');
      expect(checked.length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(entries.filter((e) => e.action === 'dang-nhap')).toEqual([]);
      expect(entries.filter((e) => e.lydo === 'dang-tam-khoa').length).toBe(guesses.length - checked.length);
      expect((await client.login(user)).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('refuses a state-changing call without the CSRF token', async () => {
    const user = await createTestUser(server.db);
    const client = new TestClient(server.url);
    const res = await client.request('POST', '/v1/client/login', { tentaikhoan: user.tentaikhoan, password: user.password }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.csrfInvalid);
  });
});

describe('session expiry and GET /v1/client/login/token', () => {
  it('answers auto "yes" when only the access token expired, and the refresh renews it', async () => {
    const shortLived = await startTestServer({ ACCESS_TOKEN_TTL: 1 });
    try {
      const user = await createTestUser(shortLived.db);
      const client = new TestClient(shortLived.url);
      await client.login(user);
      await new Promise((r) => setTimeout(r, 2100));
      const expired = await client.get('/v1/client/nguoidung/laythongtin');
      expect(expired.status).toBe(401);
      expect(expired.body.auto).toBe('yes');
      expect((await client.get('/v1/client/login/token')).status).toBe(200);
      expect((await client.get('/v1/client/nguoidung/laythongtin')).status).toBe(200);
    } finally {
      await shortLived.close();
    }
  });

  it('answers auto "no" without any login and after sign-out', async () => {
    const anonymous = await new TestClient(server.url).get('/v1/client/tongquan');
    expect(anonymous).toMatchObject({ status: 401, body: { auto: 'no' } });

    const user = await createTestUser(server.db);
    const client = new TestClient(server.url);
    await client.login(user);
    const stolen = new Map(client.cookies);
    expect((await client.get('/v1/client/logout')).status).toBe(200);
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
    // Cookies copied before sign-out are dead too: the login itself was revoked.
    const replay = new TestClient(server.url);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.get('/v1/client/tongquan')).body.auto).toBe('no');
    expect((await replay.get('/v1/client/login/token')).status).toBe(401);
    const actions = (await listSystemLogForUser(server.db, user.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['dang-nhap', 'dang-xuat']));
  });
});

describe('POST /v1/client/logout/dang-xuat-thiet-bi', () => {
  it('revokes the other login at once and tells its sockets', async () => {
    const user = await createTestUser(server.db);
    const laptop = new TestClient(server.url);
    const phone = new TestClient(server.url, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1');
    await laptop.login(user);
    const phoneDeviceId = (await phone.login(user)).body.data.DeviceID as string;
    const phoneSocket = await phone.socket();
    const told = new Promise<string>((resolve) => phoneSocket.on(EVENTS.deviceLogout, resolve));

    const res = await laptop.post('/v1/client/logout/dang-xuat-thiet-bi', { DeviceID: phoneDeviceId, userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body.data.find((d: { DeviceID: string }) => d.DeviceID === phoneDeviceId).status).toBe('logout');
    expect(await told).toBe(phoneDeviceId);
    // Whichever reaches the phone's console first, the event or a 401, says the same reason.
    expect((await phone.get('/v1/client/nguoidung/laythongtin')).body).toMatchObject({ auto: 'no', lydo: 'thietbikhac' });
    expect((await phone.get('/v1/client/login/token')).body).toMatchObject({ auto: 'no', lydo: 'thietbikhac' });
    expect((await laptop.get('/v1/client/nguoidung/laythongtin')).status).toBe(200);
    phoneSocket.close();
  });

  it('refuses to sign out a login of another account', async () => {
    const me = await createTestUser(server.db);
    const other = await createTestUser(server.db);
    const mine = new TestClient(server.url);
    const theirs = new TestClient(server.url);
    await mine.login(me);
    const theirDevice = (await theirs.login(other)).body.data.DeviceID;
    const res = await mine.post('/v1/client/logout/dang-xuat-thiet-bi', { DeviceID: theirDevice, userId: other.id });
    expect(res).toMatchObject({ status: 404, body: { message: MSG.loginDeviceNotFound } });
    expect((await theirs.get('/v1/client/nguoidung/laythongtin')).status).toBe(200);
  });
});

describe('Socket.IO hub', () => {
  it('refuses a connection without a login', async () => {
    await expect(new TestClient(server.url).socket()).rejects.toThrow(/unauthorized/);
  });
});
