import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import { signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
let outbox: string;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://loa.example.vn' });
  outbox = path.join(server.dataDir, 'outbox');
});
afterAll(() => server.close());

const tokenIn = (text: string, page: string) => new RegExp(`https://loa\\.example\\.vn/${page}\\?token=([\\w-]+)`).exec(text)?.[1];
const loginName = () => `moi_${Math.random().toString(36).slice(2, 9)}`;

describe('invitations through the outbox', () => {
  it('invites by e-mail, the invited person chooses name and password, the account has the chosen rights and area', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const res = await client.post('/v1/client/loimoi/taomoi', { email: 'binh@example.vn', hoten: 'Trần Bình', quyenhan: ['xemnhatky'], diaban: areas.communeB });
    expect(res.body.data).toMatchObject({ email: 'binh@example.vn', trangthai: 'cho', quyenhan: [{ value: 'xemnhatky' }], diaban: { _id: areas.communeB } });

    const mails = (await client.get('/v1/client/hopthu')).body.data;
    expect(mails[0]).toMatchObject({ nguoinhan: 'binh@example.vn', tieude: 'Lời mời tham gia hệ thống truyền thanh Loa' });
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).length).toBeGreaterThan(0);
    const mail = (await client.get(`/v1/client/hopthu/${mails[0]._id}`)).body.data;
    expect(mail.noidung).toContain('Xã B');
    const token = tokenIn(mail.noidung, 'loi-moi')!;
    expect(token).toBeTruthy();
    // Another administrator never sees this mail.
    const other = await signedInAdmin(server);
    expect((await other.client.get('/v1/client/hopthu')).body.data.map((m: { _id: string }) => m._id)).not.toContain(mails[0]._id);
    expect((await other.client.get(`/v1/client/hopthu/${mails[0]._id}`)).status).toBe(404);

    const guest = new TestClient(server.url);
    expect((await guest.get(`/v1/client/loimoi/thongtin?token=${token}`)).body.data).toMatchObject({ email: 'binh@example.vn', tendiaban: 'Xã B' });
    const name = loginName();
    expect(await guest.post('/v1/client/loimoi/chapnhan', { token, tentaikhoan: name, matkhau: 'ngan', hoten: 'Trần Bình' })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.passwordTooShort } });
    const accepted = await guest.post('/v1/client/loimoi/chapnhan', { token, tentaikhoan: name, matkhau: 'mat-khau-moi-1', nhaplaimatkhau: 'mat-khau-moi-1', hoten: 'Trần Bình' });
    expect(accepted).toMatchObject({ status: 200, body: { data: { tentaikhoan: name } } });
    const user = (await new TestClient(server.url).login({ tentaikhoan: name, password: 'mat-khau-moi-1' })).body.data;
    expect(user).toMatchObject({ idAdmin: admin.id, diaban: { _id: areas.communeB }, email: 'binh@example.vn', trangthaixacthucemail: true, quyenhan: [{ value: 'xemnhatky' }] });
    // The link works once.
    expect(await guest.post('/v1/client/loimoi/chapnhan', { token, tentaikhoan: loginName(), matkhau: 'mat-khau-moi-1', hoten: 'X' })).toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.invitationInvalid } });
    expect((await client.get('/v1/client/loimoi/danhsach')).body.data[0].trangthai).toBe('dadung');
  });

  it('refuses a cancelled invitation, a taken login name, and rights the inviter lacks', async () => {
    const { client, areas } = await signedInAdmin(server);
    const inv = (await client.post('/v1/client/loimoi/taomoi', { email: 'c@example.vn' })).body.data;
    expect((await client.post('/v1/client/loimoi/huy', { id: inv._id })).status).toBe(200);
    const mails = (await client.get('/v1/client/hopthu')).body.data;
    const token = tokenIn((await client.get(`/v1/client/hopthu/${mails[0]._id}`)).body.data.noidung, 'loi-moi');
    expect((await new TestClient(server.url).get(`/v1/client/loimoi/thongtin?token=${token}`)).status).toBe(404);

    const taken = (await client.post('/v1/client/taikhoan/themmoi', { tentaikhoan: loginName(), matkhau: 'mat-khau-dai', hoten: 'A' })).body.data.tentaikhoan;
    await client.post('/v1/client/loimoi/taomoi', { email: 'd@example.vn', diaban: areas.communeA });
    const list = (await client.get('/v1/client/hopthu')).body.data;
    const token2 = tokenIn((await client.get(`/v1/client/hopthu/${list[0]._id}`)).body.data.noidung, 'loi-moi');
    expect(await new TestClient(server.url).post('/v1/client/loimoi/chapnhan', { token: token2, tentaikhoan: taken, matkhau: 'mat-khau-dai', hoten: 'D' })).toMatchObject({ status: 409, body: { message: ACCOUNT_MESSAGES.loginNameTaken } });
    // A refused acceptance leaves the invitation usable.
    expect((await new TestClient(server.url).get(`/v1/client/loimoi/thongtin?token=${token2}`)).status).toBe(200);
    expect(await client.post('/v1/client/loimoi/taomoi', { email: 'khong-phai-email' })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.emailInvalid } });
    expect(await client.post('/v1/client/loimoi/taomoi', { email: 'e@example.vn', quyenhan: ['bay'] })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.rightUnknown } });
  });
});

describe('e-mail verification', () => {
  it('verifies the address by a one-time link and no longer after the address changed', async () => {
    const { client } = await signedInAdmin(server);
    expect(await client.post('/v1/client/nguoidung/guixacthucemail')).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.emailMissing } });
    await client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'Quản trị', email: 'qt@example.vn', sdt: '' });
    // Without SMTP the link waits in the outbox, and the answer says so (not "sent").
    expect(await client.post('/v1/client/nguoidung/guixacthucemail')).toMatchObject({ status: 200, body: { data: { cachgui: 'hopthu' } } });
    const mails = (await client.get('/v1/client/hopthu')).body.data;
    const token = tokenIn((await client.get(`/v1/client/hopthu/${mails[0]._id}`)).body.data.noidung, 'xac-thuc-email');
    const guest = new TestClient(server.url);
    expect((await guest.post('/v1/client/xacthucemail', { token })).body.data).toEqual({ email: 'qt@example.vn', trangthaixacthucemail: true });
    expect((await client.get('/v1/client/nguoidung/laythongtin')).body.data.trangthaixacthucemail).toBe(true);
    expect(await guest.post('/v1/client/xacthucemail', { token })).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.emailTokenInvalid } });

    await client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'Quản trị', email: 'moi@example.vn', sdt: '' });
    await client.post('/v1/client/nguoidung/guixacthucemail');
    const latest = (await client.get('/v1/client/hopthu')).body.data[0];
    const stale = tokenIn((await client.get(`/v1/client/hopthu/${latest._id}`)).body.data.noidung, 'xac-thuc-email');
    await client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'Quản trị', email: 'khac@example.vn', sdt: '' });
    expect((await guest.post('/v1/client/xacthucemail', { token: stale })).status).toBe(400);
    expect((await client.get('/v1/client/nguoidung/laythongtin')).body.data.trangthaixacthucemail).toBe(false);
  });
});

describe('mail through SMTP', () => {
  it('sends the invitation to a local SMTP server and writes nothing to the outbox', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    // The outbox a server without SMTP would write to: it must stay empty.
    const smtpOutbox = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-outbox-smtp-'));
    try {
      const viaSmtp = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Loa <loa@xa.example.vn>', OUTBOX_DIR: smtpOutbox, PUBLIC_URL: 'https://loa.example.vn' });
      try {
        const { client } = await signedInAdmin(viaSmtp);
        expect((await client.post('/v1/client/loimoi/taomoi', { email: 'an@example.vn', hoten: 'An' })).status).toBe(200);
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({ from: 'loa@xa.example.vn', to: ['an@example.vn'] });
        const body = Buffer.from(received[0].data.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s+/g, ''), 'base64').toString('utf8');
        expect(tokenIn(body, 'loi-moi')).toBeTruthy();
        expect(fs.readdirSync(smtpOutbox)).toEqual([]);
        expect((await client.get('/v1/client/hopthu')).body.data).toEqual([]);
      } finally {
        await viaSmtp.close();
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
      // With the SMTP server gone the invitation is refused and not kept.
      const down = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_DIR: smtpOutbox });
      try {
        const { client } = await signedInAdmin(down);
        expect(await client.post('/v1/client/loimoi/taomoi', { email: 'b@example.vn' })).toMatchObject({ status: 500, body: { message: ACCOUNT_MESSAGES.mailSendFailed } });
        expect((await client.get('/v1/client/loimoi/danhsach')).body.data).toEqual([]);
      } finally {
        await down.close();
      }
    } finally {
      fs.rmSync(smtpOutbox, { recursive: true, force: true });
    }
  });
});
