import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MSG, NOTIFICATION_MESSAGES, outboundStatusMessage, type Notification } from '@loa/contract';
import { createTestUser, eventually, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { LiveSocket } from '../../../test/live';
import { notifyScheduleAlert, notifyScheduleAwaitingApproval } from './notify';
import { sweepOfflineDevices } from './sources';

/** A local fake of an HTTP API on port 0 that records the JSON it receives. */
async function fakeApi(status = 200) {
  const calls: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      calls.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status === 200, result: {} }));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  return { calls, url: `http://127.0.0.1:${(srv.address() as { port: number }).port}`, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

let server: TestServer;
let telegram: Awaited<ReturnType<typeof fakeApi>>;
let zalo: Awaited<ReturnType<typeof fakeZalo>>;
beforeAll(async () => {
  telegram = await fakeApi();
  zalo = await fakeZalo();
  server = await startTestServer({ TELEGRAM_API_URL: telegram.url, ZALO_API_URL: zalo.url, PUBLIC_URL: 'https://loa.example.vn' });
});
afterAll(async () => {
  await server.close();
  await telegram.close();
  await zalo.close();
});

/**
 * A local fake of the Zalo OA API (v3.0 /oa/message/cs): HTTP 200 always, as Zalo answers; `error` 0
 * for the token 'oa-token-dung' and a follower id from 1, -216 (invalid token) or -213 (not a follower) otherwise.
 */
async function fakeZalo() {
  const calls: { url: string; token: string; body: { recipient: { user_id: string }; message: { text: string } } }[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}');
      const token = String(req.headers.access_token ?? '');
      if (req.url === '/v3.0/oa/message/cs' && req.method === 'POST') calls.push({ url: req.url, token, body: parsed });
      const error = req.url !== '/v3.0/oa/message/cs' ? -14002 : token !== 'oa-token-dung' ? -216 : String(parsed.recipient?.user_id).startsWith('1') ? 0 : -213;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(error === 0 ? { error: 0, message: 'Success', data: { message_id: 'm1' } } : { error, message: 'Zalo error' }));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  return { calls, url: `http://127.0.0.1:${(srv.address() as { port: number }).port}`, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

async function addDevice(client: TestClient, areaId: string) {
  const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa chợ', diaban: areaId, serial: `SN-${crypto.randomBytes(5).toString('hex')}` });
  return res.body.data.thietbi._id as string;
}

describe('notifications', () => {
  it('reach only the accounts whose scope and rights cover the event, live over Socket.IO', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const approverA = await createTestUser(server.db, { adminId: admin.id, rights: ['duyetlichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [approverA.id, areas.communeA]);
    const approverB = await createTestUser(server.db, { adminId: admin.id, rights: ['duyetlichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [approverB.id, areas.communeB]);
    const noRight = await createTestUser(server.db, { adminId: admin.id, rights: [] });
    const stranger = await signedInAdmin(server);

    const a = new TestClient(server.url);
    await a.login(approverA);
    const socket = await a.socket();
    const live: Notification[] = [];
    socket.on(EVENTS.newNotification, (n) => live.push(n));

    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-1', adminId: admin.id, areaIds: [areas.communeA], title: 'Tin phòng chống bão', createdByName: 'Cán bộ xã' });
    await eventually(() => live.length === 1);
    expect(live[0]).toMatchObject({ loai: 'lichphat-choduyet', dadoc: false, doituong: { loai: 'lichphat', id: 'lich-1' }, lienket: '/quan-ly-lich-phat?id=lich-1' });
    socket.close();

    const count = async (c: TestClient) => (await c.get('/v1/client/thongbao/chuadoc')).body.data.chuadoc;
    const b = new TestClient(server.url);
    await b.login(approverB);
    const n = new TestClient(server.url);
    await n.login(noRight);
    expect(await count(a)).toBe(1);
    expect(await count(client)).toBe(1); // the administrator holds every right and sees every area
    expect(await count(b)).toBe(0);
    expect(await count(n)).toBe(0);
    expect(await count(stranger.client)).toBe(0);
  });

  it('lists, pages, marks read and marks all read, only one’s own', async () => {
    const { admin, client } = await signedInAdmin(server);
    const other = await signedInAdmin(server);
    for (let i = 0; i < 5; i += 1) {
      await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: `l-${i}`, adminId: admin.id, areaIds: [], title: `Lịch ${i}`, createdByName: 'A' });
    }
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'x', adminId: other.admin.id, areaIds: [], title: 'Của người khác', createdByName: 'B' });
    const first = (await client.get('/v1/client/thongbao/danhsach?sodong=3')).body.data;
    expect(first.items.map((x: Notification) => x.doituong?.id)).toEqual(['l-4', 'l-3', 'l-2']);
    expect(first.chuadoc).toBe(5);
    const second = (await client.get(`/v1/client/thongbao/danhsach?sodong=3&sau=${first.tieptheo}`)).body.data;
    expect(second.items.map((x: Notification) => x.doituong?.id)).toEqual(['l-1', 'l-0']);
    expect(second.tieptheo).toBeNull();

    const foreign = (await other.client.get('/v1/client/thongbao/danhsach')).body.data.items[0]._id;
    expect((await client.post('/v1/client/thongbao/dadoc', { ids: [first.items[0]._id, foreign] })).body.data.chuadoc).toBe(4);
    expect((await other.client.get('/v1/client/thongbao/chuadoc')).body.data.chuadoc).toBe(1);
    expect((await client.get('/v1/client/thongbao/danhsach?chuadoc=1')).body.data.items).toHaveLength(4);
    expect((await client.post('/v1/client/thongbao/docall')).body.data.chuadoc).toBe(0);
  });

  it('keeps the newest first when the ids gain a digit (9 → 10)', async () => {
    const { admin, client } = await signedInAdmin(server);
    // The next ids cross a power of ten: …97, …98, …99, then 100… (ids only skip ahead).
    const [{ max }] = await server.db.query<{ max: string | null }>('SELECT max(id)::text AS max FROM notifications');
    const nextPower = 10 ** String(Number(max ?? 0) + 10).length;
    await server.db.query(`SELECT setval(pg_get_serial_sequence('notifications', 'id'), $1)`, [nextPower - 4]);
    for (let i = 0; i < 6; i += 1) {
      await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: `d-${i}`, adminId: admin.id, areaIds: [], title: `Lịch ${i}`, createdByName: 'A' });
    }
    const page = async (query: string) => (await client.get(`/v1/client/thongbao/danhsach?${query}`)).body.data;
    const first = await page('sodong=4');
    expect(first.items.map((x: Notification) => x.doituong?.id)).toEqual(['d-5', 'd-4', 'd-3', 'd-2']);
    const second = await page(`sodong=4&sau=${first.tieptheo}`);
    expect(second.items.map((x: Notification) => x.doituong?.id)).toEqual(['d-1', 'd-0']);
  });

  it('announces a broadcast’s start and stop once, from the engine’s events', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    await addDevice(client, areas.communeA);
    const res = await client.post('/v1/client/phatngay/phatngay', {
      thongtin: JSON.stringify({ tieude: 'Thông báo tiêm chủng', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }),
      nguonphat: JSON.stringify([{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 }]),
    });
    expect(res.status).toBe(200);
    const id = res.body.data.idlichphat;
    const kinds = async () => (await client.get('/v1/client/thongbao/danhsach')).body.data.items.filter((x: Notification) => x.doituong?.id === id).map((x: Notification) => x.loai);
    await eventually(async () => (await kinds()).includes('phat-batdau'));
    expect((await client.post('/v1/client/lichphat/dungkhancap', { id })).status).toBe(200);
    await eventually(async () => (await kinds()).includes('phat-ketthuc'));
    expect((await kinds()).sort()).toEqual(['phat-batdau', 'phat-ketthuc']);
    expect(admin.id).toBeTruthy();
    // Stopped by hand: said so, and by whom.
    const ended = (await client.get('/v1/client/thongbao/danhsach')).body.data.items.find((x: Notification) => x.doituong?.id === id && x.loai === 'phat-ketthuc');
    expect(ended).toMatchObject({ tieude: 'Phát khẩn cấp đã dừng: Thông báo tiêm chủng' });
    expect(ended.noidung).toContain('đã được dừng bởi Người Thử Nghiệm lúc');
  });

  it('says a bulletin that played to its end finished, not that it was stopped, and names a live talk as one (#32 low items)', async () => {
    const { areas, client } = await signedInAdmin(server);
    await addDevice(client, areas.communeA);
    const res = await client.post('/v1/client/phatngay/phatngay', {
      thongtin: JSON.stringify({ tieude: 'Tin ngắn', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }),
      nguonphat: JSON.stringify([{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 1, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 1 }]),
    });
    expect(res.status).toBe(200);
    const of = async (id: string, kind: string) => (await client.get('/v1/client/thongbao/danhsach')).body.data.items.find((x: Notification) => x.doituong?.id === id && x.loai === kind) as Notification | undefined;
    const finished = await eventually(() => of(res.body.data.idlichphat, 'phat-ketthuc'), 8000);
    expect(finished).toMatchObject({ tieude: 'Phát khẩn cấp đã phát xong: Tin ngắn' });
    expect(finished.noidung).toContain('đã phát xong lúc');

    const live = await LiveSocket.open(client);
    const answer = await live.start({ tieude: 'Nói trực tiếp', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'] });
    if (!answer.ok) throw new Error(answer.message);
    const started = await eventually(() => of(answer.data.idlichphat, 'phat-batdau'), 5000);
    expect(started).toMatchObject({ tieude: 'Phát trực tiếp bắt đầu: Nói trực tiếp' });
    expect(started.noidung).toContain('bắt đầu phát trực tiếp "Nói trực tiếp"');
    await live.stop(answer.data.idlichphat);
    live.close();
  });

  it('announces a device offline for longer than the limit once per outage', async () => {
    const { areas, client } = await signedInAdmin(server);
    const deviceId = await addDevice(client, areas.communeB);
    await server.db.query(`UPDATE devices SET online = false, last_seen = now() - interval '11 minutes' WHERE id = $1`, [deviceId]);
    await sweepOfflineDevices(server.app.notifyDeps, 600);
    await sweepOfflineDevices(server.app.notifyDeps, 600);
    const items = (await client.get('/v1/client/thongbao/danhsach')).body.data.items.filter((x: Notification) => x.doituong?.id === deviceId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ loai: 'thietbi-matketnoi', tieude: 'Thiết bị mất kết nối: Xã B / Loa chợ' });
    // Back online, then offline again: a new outage is announced.
    await server.db.query('UPDATE devices SET online = true WHERE id = $1', [deviceId]);
    await sweepOfflineDevices(server.app.notifyDeps, 600);
    await server.db.query(`UPDATE devices SET online = false, last_seen = now() - interval '20 minutes' WHERE id = $1`, [deviceId]);
    await sweepOfflineDevices(server.app.notifyDeps, 600);
    expect((await client.get('/v1/client/thongbao/danhsach')).body.data.items.filter((x: Notification) => x.doituong?.id === deviceId)).toHaveLength(2);
  });
});

describe('forwarding to messaging services', () => {
  it('belongs to the administrator: its own account changes it even placed in an area (the demo’s); a manager of one area reads it masked, cannot change or test it', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    // The demo's administrator is placed in its district (bootstrap): its own account still owns forwarding.
    await server.db.query('UPDATE users SET area_id = $1 WHERE id = $2', [areas.district, admin.id]);
    const own = await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { bottoken: '123456:GOC-secret', chatid: '-1' } });
    expect(own).toMatchObject({ status: 200, body: { data: { batdau: true, duocsua: true } } });
    expect((await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'telegram')).toMatchObject({ duocsua: true, cauhinh: { chatid: '-1' } });
    const scoped = await createTestUser(server.db, { adminId: admin.id, rights: ['quanlytaikhoan'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [scoped.id, areas.communeA]);
    const c = new TestClient(server.url);
    await c.login(scoped);
    const read = await c.get('/v1/client/thongbao/chuyentiep');
    expect(read.status).toBe(200);
    expect(read.body.data.find((f: { dichvu: string }) => f.dichvu === 'telegram')).toMatchObject({ batdau: true, sukien: ['lichphat-choduyet'], duocsua: false, cauhinh: { chatid: '••••-1' } });
    const refused = { status: 403, body: { message: MSG.forwardingWholeAdministrator } };
    expect(await c.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet', 'phat-batdau'], cauhinh: { bottoken: '999:CUA-XA', chatid: '-2' } })).toMatchObject(refused);
    expect(await c.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'telegram' })).toMatchObject(refused);
    const stored = (await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'telegram');
    expect(stored).toMatchObject({ sukien: ['lichphat-choduyet'], cauhinh: { chatid: '-1' } });
    await server.db.query('UPDATE users SET area_id = NULL WHERE id = $1', [admin.id]);
  });

  it('sends chosen events to Telegram’s sendMessage and masks the bot token', async () => {
    const { admin, client } = await signedInAdmin(server);
    const save = await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { bottoken: '123456:ABCDEF-secret', chatid: '-100200' } });
    expect(save.body.data).toMatchObject({ dichvu: 'telegram', batdau: true, cauhinh: { bottoken: '••••cret', chatid: '-100200' } });
    expect(JSON.stringify((await client.get('/v1/client/thongbao/chuyentiep')).body)).not.toContain('ABCDEF');
    const before = telegram.calls.length;
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-tg', adminId: admin.id, areaIds: [], title: 'Bão số 3', createdByName: 'Xã A' });
    expect(telegram.calls.length).toBe(before + 1);
    const call = telegram.calls[telegram.calls.length - 1];
    expect(call.url).toBe('/bot123456:ABCDEF-secret/sendMessage');
    const sent = JSON.parse(call.body);
    expect(sent.chat_id).toBe('-100200');
    expect(sent.text).toContain('Bão số 3');
    expect(sent.text).toContain('https://loa.example.vn/quan-ly-lich-phat?id=lich-tg');
    // An event kind not chosen is not forwarded; an update without a token keeps the stored one.
    await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['phat-batdau'], cauhinh: { chatid: '-100200' } });
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-tg2', adminId: admin.id, areaIds: [], title: 'Không gửi', createdByName: 'Xã A' });
    expect(telegram.calls.length).toBe(before + 1);
    expect((await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'telegram' })).status).toBe(200);
    expect(telegram.calls[telegram.calls.length - 1].url).toBe('/bot123456:ABCDEF-secret/sendMessage');
  });

  it('writes the forwarded messages in the language chosen for the service, as the console shows them in it', async () => {
    const { admin, client } = await signedInAdmin(server);
    const save = await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet'], ngonngu: 'en', cauhinh: { bottoken: '123456:EN-secret', chatid: '-300' } });
    expect(save.body.data).toMatchObject({ dichvu: 'telegram', ngonngu: 'en' });
    expect((await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'telegram').ngonngu).toBe('en');
    const before = telegram.calls.length;
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-en', adminId: admin.id, areaIds: [], title: 'Bão số 3', createdByName: 'Xã A' });
    expect(telegram.calls.length).toBe(before + 1);
    expect(JSON.parse(telegram.calls[telegram.calls.length - 1].body).text).toBe([
      'Schedule awaiting approval', 'Xã A sent the schedule "Bão số 3" for approval.', 'https://loa.example.vn/quan-ly-lich-phat?id=lich-en',
    ].join('\n'));
    expect((await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'telegram' })).status).toBe(200);
    expect(JSON.parse(telegram.calls[telegram.calls.length - 1].body).text).toBe('Loa: a test message from the public-address system.');
    // Back to Vietnamese (the default when none is sent); an unknown language is refused.
    expect(await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet'], ngonngu: 'fr', cauhinh: { chatid: '-300' } })).toMatchObject({ status: 400 });
    await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { chatid: '-300' } });
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-vi', adminId: admin.id, areaIds: [], title: 'Bão số 4', createdByName: 'Xã A' });
    expect(JSON.parse(telegram.calls[telegram.calls.length - 1].body).text).toContain('Xã A gửi lịch phát "Bão số 4" chờ duyệt.');
  });

  it('posts signed JSON to a webhook, and keeps the last error when it fails', async () => {
    const hook = await fakeApi();
    const failing = await fakeApi(500);
    try {
      const { admin, client } = await signedInAdmin(server);
      expect(await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'webhook', batdau: true, sukien: [], cauhinh: { url: 'ftp://x' } })).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.webhookUrlInvalid } });
      expect(await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'sms', batdau: true, sukien: [], cauhinh: {} })).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.serviceUnknown } });
      await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'webhook', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { url: `${hook.url}/loa`, bimat: 'khoa-bi-mat' } });
      await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-wh', adminId: admin.id, areaIds: [], title: 'Lũ', createdByName: 'Xã A' });
      expect(hook.calls).toHaveLength(1);
      const body = JSON.parse(hook.calls[0].body);
      expect(body).toMatchObject({ sukien: 'lichphat-choduyet', tieude: 'Lịch phát chờ duyệt', doituong: { loai: 'lichphat', id: 'lich-wh' } });
      expect(hook.calls[0].headers['x-loa-signature']).toBe(`sha256=${crypto.createHmac('sha256', 'khoa-bi-mat').update(hook.calls[0].body).digest('hex')}`);
      // "Gửi thử" posts a distinct test event, never a real one (a receiver would act on a broadcast start).
      expect((await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'webhook' })).status).toBe(200);
      expect(JSON.parse(hook.calls[1].body)).toMatchObject({ sukien: 'thu-nghiem', tieude: NOTIFICATION_MESSAGES.testMessage, doituong: null });

      await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'webhook', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { url: failing.url } });
      await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-wh2', adminId: admin.id, areaIds: [], title: 'Lũ', createdByName: 'Xã A' });
      const webhook = (await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'webhook');
      expect(webhook.loigannhat).toContain('HTTP 500');
      expect(webhook.cauhinh.bimat).toBe('••••-mat');
      expect(await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'webhook' })).toMatchObject({ status: 400, body: { message: `${NOTIFICATION_MESSAGES.sendFailed} ${outboundStatusMessage(500)}` } });
      // The notification itself was stored although forwarding failed.
      expect((await client.get('/v1/client/thongbao/danhsach')).body.data.items[0].doituong.id).toBe('lich-wh2');
    } finally {
      await hook.close();
      await failing.close();
    }
  });

  it('sends approvals, missed schedules and device faults to Zalo OA followers, tests the setting, masks the token and says why Zalo refused', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const bad = (cauhinh: Record<string, string>) => client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'zalo', batdau: true, sukien: [], cauhinh });
    expect(await bad({ nguoinhan: '123' })).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.zaloTokenRequired } });
    expect(await bad({ accesstoken: 'x', nguoinhan: 'abc' })).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.zaloUserInvalid } });
    const save = await client.post('/v1/client/thongbao/chuyentiep/capnhat', {
      dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet', 'lichphat-bolo', 'thietbi-matketnoi'], cauhinh: { accesstoken: 'oa-token-dung', nguoinhan: '1001, 1002' },
    });
    expect(save.body.data).toMatchObject({ dichvu: 'zalo', batdau: true, cauhinh: { accesstoken: '••••dung', nguoinhan: '1001,1002' } });
    expect(JSON.stringify((await client.get('/v1/client/thongbao/chuyentiep')).body)).not.toContain('oa-token-dung');

    const before = zalo.calls.length;
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-zl', adminId: admin.id, areaIds: [], title: 'Bão số 5', createdByName: 'Xã A' });
    await notifyScheduleAlert(server.app.notifyDeps, { kind: 'bolo', scheduleId: 'lich-zl', adminId: admin.id, areaIds: [], title: 'Bão số 5', createdByName: 'Xã A', plannedAt: Date.now() });
    const deviceId = await addDevice(client, areas.communeA);
    await server.db.query(`UPDATE devices SET online = false, last_seen = now() - interval '11 minutes' WHERE id = $1`, [deviceId]);
    await sweepOfflineDevices(server.app.notifyDeps, 600);
    const sent = zalo.calls.slice(before);
    // Three events, each to both followers, with the OA token as a header.
    expect(sent).toHaveLength(6);
    expect(sent.every((c) => c.token === 'oa-token-dung')).toBe(true);
    expect(sent.map((c) => c.body.recipient.user_id)).toEqual(['1001', '1002', '1001', '1002', '1001', '1002']);
    expect(sent[0].body.message.text).toContain('Bão số 5');
    expect(sent[0].body.message.text).toContain('https://loa.example.vn/quan-ly-lich-phat?id=lich-zl');
    expect(sent[2].body.message.text).toContain('Lịch phát bị bỏ lỡ');
    expect(sent[4].body.message.text).toContain('Thiết bị mất kết nối');

    expect((await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'zalo' })).status).toBe(200);
    expect(zalo.calls.at(-1)!.body.message.text).toBe(NOTIFICATION_MESSAGES.testMessage);

    // Zalo answers 200 with an error code: the test says why, and a forwarded event keeps it as the last error.
    await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { accesstoken: 'het-han', nguoinhan: '1001' } });
    expect(await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'zalo' })).toMatchObject({
      status: 400, body: { message: `${NOTIFICATION_MESSAGES.sendFailed} Zalo từ chối: mã truy cập OA không hợp lệ hoặc đã hết hạn.` },
    });
    await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { accesstoken: 'oa-token-dung', nguoinhan: '2002' } });
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-zl2', adminId: admin.id, areaIds: [], title: 'Lũ', createdByName: 'Xã A' });
    const setting = (await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'zalo');
    expect(setting.loigannhat).toContain('Zalo từ chối: người nhận chưa quan tâm OA hoặc mã người nhận sai.');
  });
});
