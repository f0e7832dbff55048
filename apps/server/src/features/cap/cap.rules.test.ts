import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAP_MESSAGES, type CapAlert, type CapFeed, type CapReceipt } from '@loa/contract';
import { createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

/** Issue #27 items 4–6: alerts scoped to their sender, refused Cancels, busy speakers, expired alerts, the list of an account with an area. */

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');
const SENDER = 'canhbao@kttv-quangtri.gov.vn';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
let speakerA: Awaited<ReturnType<typeof startSpeakers>>[number];
let speakerB: Awaited<ReturnType<typeof startSpeakers>>[number];
let districtKey: string;
let communeAKey: string;
/** An administrator's account whose area is commune A (it manages keys, so it sees the Kết nối list). */
let communeAdmin: TestClient;
let codes: { a: string; b: string };

function capXml(o: { id: string; msgType?: string; refs?: string; sent?: string; codes?: string[]; info?: boolean; expires?: string }) {
  const area = (o.codes ?? [codes.a]).map((c) => `<geocode><valueName>MaDVHC</valueName><value>${c}</value></geocode>`).join('');
  const info = o.info === false ? '' : `<info>
    <language>vi-VN</language><category>Met</category><event>Lũ quét</event>
    <urgency>Immediate</urgency><severity>Extreme</severity><certainty>Observed</certainty>${o.expires ? `<expires>${o.expires}</expires>` : ''}
    <headline>Cảnh báo lũ quét ${o.id}</headline><description>Nước suối lên nhanh.</description><instruction>Di chuyển đến nơi cao.</instruction>
    <area><areaDesc>Vùng cảnh báo</areaDesc>${area}</area>
  </info>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.id}</identifier><sender>${SENDER}</sender><sent>${o.sent ?? '2026-09-17T05:30:00+07:00'}</sent>
  <status>Actual</status><msgType>${o.msgType ?? 'Alert'}</msgType><scope>Public</scope>${o.refs ? `<references>${o.refs}</references>` : ''}
  ${info}
</alert>`;
}
const ref = (id: string, sent = '2026-09-17T05:30:00+07:00') => `${SENDER},${id},${sent}`;

async function postCap(key: string, body: string) {
  const res = await fetch(`${server.url}/v1/client/cap`, { method: 'POST', headers: { 'content-type': 'application/cap+xml', authorization: `Bearer ${key}` }, body });
  const json = (await res.json()) as { data?: CapReceipt; message?: string };
  return { status: res.status, data: json.data, message: json.message };
}

/** A CAP feed served on port 0: each test its own routes; the paths asked are recorded. */
async function feedServer(route: (path: string, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const asked: string[] = [];
  const httpServer = http.createServer((req, res) => {
    asked.push(req.url!);
    route(req.url!, req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return { base, asked, close: () => new Promise<void>((resolve) => { httpServer.closeAllConnections(); httpServer.close(() => resolve()); }) };
}
const atom = (...links: string[]) => `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Cảnh báo</title>
  ${links.map((l, i) => `<entry><id>${i}</id><title>Lũ</title><link rel="alternate" type="application/cap+xml" href="${l}"/></entry>`).join('')}</feed>`;
const addFeed = async (url: string) => {
  const res = await owner.client.post('/v1/client/cap/nguon/themmoi', { url });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CapFeed;
};
const pollNow = async (id: string) => (await owner.client.post('/v1/client/cap/nguon/layngay', { id })).body.data as CapFeed;

const listOf = async (client: TestClient) => (await client.get('/v1/client/cap/danhsach')).body.data as CapAlert[];

beforeAll(async () => {
  server = await startTestServer({ CAP_WARM_UP: true });
  owner = await signedInAdmin(server);
  const c = owner.client;
  const suffix = crypto.randomBytes(3).toString('hex');
  codes = { a: `27041${suffix}`, b: `27042${suffix}` };
  for (const [id, mahanhchinh] of [[owner.areas.communeA, codes.a], [owner.areas.communeB, codes.b]] as const) {
    expect((await c.post('/v1/client/diaban/diadanh/capnhat', { id, mahanhchinh })).status).toBe(200);
  }
  [speakerA] = await startSpeakers(server, c, owner.areas.communeA, 1, { namePrefix: 'Loa xã A' });
  [speakerB] = await startSpeakers(server, c, owner.areas.communeB, 1, { namePrefix: 'Loa xã B' });
  const key = async (ten: string, diaban: string) => (await c.post('/v1/client/khoaapi/themmoi', { ten, quyenhan: ['themsuaxoalichphat'], diaban })).body.data.bimat as string;
  districtKey = await key('Đài KTTV tỉnh', owner.areas.district);
  communeAKey = await key('Trạm xã A', owner.areas.communeA);
  const user = await createTestUser(server.db, { admin: true, adminId: owner.admin.id, rights: ['quanlytaikhoan', 'themsuaxoalichphat'] });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, owner.areas.communeA]);
  communeAdmin = new TestClient(server.url);
  expect((await communeAdmin.login(user)).status).toBe(200);
  await server.app.capFeeds.ready();
}, 60_000);
afterEach(async () => {
  // Each test starts with quiet speakers.
  await Promise.all(server.app.engine.live().map((b) => server.app.engine.stop(b.idlichphat, owner.admin.id)));
  await eventually(() => speakerA.playing === null && speakerB.playing === null, 3000);
});
afterAll(async () => {
  await Promise.all([speakerA, speakerB].map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

describe('CAP alerts are scoped to the key that sent them (#27 item 4)', () => {
  it('a commune key\'s Ack with the identity of a district alert does not make the district\'s alert a duplicate', async () => {
    const ack = await postCap(communeAKey, capXml({ id: 'SCOPE-1', msgType: 'Ack', info: false }));
    expect(ack.status, ack.message).toBe(200);
    expect(ack.data?.ketqua).toBe('boqua');

    const real = await postCap(districtKey, capXml({ id: 'SCOPE-1', codes: [codes.a, codes.b] }));
    expect(real.status, real.message).toBe(200);
    expect(real.data?.ketqua).toBe('phat');
    await eventually(() => speakerA.playing?.sessionId === real.data!.idphatngay && speakerB.playing?.sessionId === real.data!.idphatngay, 5000);

    // The wider claim covers the narrower scope: the commune key sending it again is a duplicate.
    const again = await postCap(communeAKey, capXml({ id: 'SCOPE-1' }));
    expect(again.data).toMatchObject({ ketqua: 'trung', thongbao: CAP_MESSAGES.duplicate });
  }, 20_000);
});

describe('a refused Cancel leaves the alert for someone who may cancel it (#27 item 5)', () => {
  it('refuses a commune key\'s Cancel of a district alert; the district\'s own Cancel then stops the bulletin', async () => {
    const alert = await postCap(districtKey, capXml({ id: 'HUY-1', codes: [codes.a, codes.b] }));
    expect(alert.data?.ketqua, alert.message).toBe('phat');
    await eventually(() => speakerB.playing?.sessionId === alert.data!.idphatngay, 5000);

    const refused = await postCap(communeAKey, capXml({ id: 'HUY-1-XA', msgType: 'Cancel', refs: ref('HUY-1'), sent: '2026-09-17T05:40:00+07:00', info: false }));
    expect(refused).toMatchObject({ status: 403, message: CAP_MESSAGES.refsOutOfScope.replace('{alerts}', '"Cảnh báo lũ quét HUY-1"') });
    expect(speakerB.playing?.sessionId).toBe(alert.data!.idphatngay);

    const cancel = await postCap(districtKey, capXml({ id: 'HUY-1-HUYEN', msgType: 'Cancel', refs: ref('HUY-1'), sent: '2026-09-17T05:45:00+07:00', info: false }));
    expect(cancel.data?.ketqua, cancel.message).toBe('huy');
    expect(cancel.data?.thongbao).toContain('dừng bản tin "Cảnh báo lũ quét HUY-1"');
    await eventually(() => speakerA.playing === null && speakerB.playing === null, 3000);
    const listed = await listOf(owner.client);
    expect(listed.find((a) => a.identifier === 'HUY-1')?.thaythebang).toBe(cancel.data!._id);
    expect(listed.find((a) => a.identifier === 'HUY-1-XA')).toMatchObject({ ketqua: 'tuchoi', ghichu: refused.message });
  }, 20_000);
  it('leaves an alert not superseded when a Cancel in scope could not stop its bulletin, so its sender\'s own Cancel still does', async () => {
    const alert = await postCap(districtKey, capXml({ id: 'HUY-2' }));
    expect(alert.data?.ketqua, alert.message).toBe('phat');
    await eventually(() => speakerA.playing?.sessionId === alert.data!.idphatngay, 5000);

    // Commune A is the commune key's own, but the key may not stop a bulletin someone else started.
    const commune = await postCap(communeAKey, capXml({ id: 'HUY-2-XA', msgType: 'Cancel', refs: ref('HUY-2'), sent: '2026-09-17T05:40:00+07:00', info: false }));
    expect(commune.data?.ketqua, commune.message).toBe('huy');
    expect(commune.data?.thongbao).toContain('không thay đổi được "Cảnh báo lũ quét HUY-2"');
    expect(speakerA.playing?.sessionId).toBe(alert.data!.idphatngay);
    expect((await listOf(owner.client)).find((a) => a.identifier === 'HUY-2')?.thaythebang).toBeNull();

    const district = await postCap(districtKey, capXml({ id: 'HUY-2-HUYEN', msgType: 'Cancel', refs: ref('HUY-2'), sent: '2026-09-17T05:45:00+07:00', info: false }));
    expect(district.data?.thongbao).toContain('dừng bản tin "Cảnh báo lũ quét HUY-2"');
    await eventually(() => speakerA.playing === null, 3000);
  }, 20_000);
});

describe('CAP alerts are never dropped nor played when they should not be (#27 item 6)', () => {
  it('an alert that comes while another emergency holds the speakers waits there behind it and plays everywhere else', async () => {
    const first = await postCap(districtKey, capXml({ id: 'BAN-1' }));
    expect(first.data?.ketqua, first.message).toBe('phat');
    await eventually(() => speakerA.playing?.sessionId === first.data!.idphatngay, 5000);

    const second = await postCap(districtKey, capXml({ id: 'BAN-2', codes: [codes.a, codes.b] }));
    expect(second.status, second.message).toBe(200);
    expect(second.data?.ketqua).toBe('phat');
    expect(second.data?.thongbao).toContain('chờ bản tin "Cảnh báo: Cảnh báo lũ quét BAN-1" kết thúc trên 1 loa');
    await eventually(() => speakerB.playing?.sessionId === second.data!.idphatngay, 5000);
    expect(speakerA.playing?.sessionId).toBe(first.data!.idphatngay);
    expect(server.app.engine.liveOf(second.data!.idphatngay!)?.bingat).toMatchObject({ kieu: 'cho', idlichphat: first.data!.idphatngay });
  }, 20_000);

  it('refuses an alert past its <expires> (a real 2003 warning), never broadcasts it, and lists it', async () => {
    const other = await signedInAdmin(server);
    const [otherSpeaker] = await startSpeakers(server, other.client, other.areas.communeA, 1);
    try {
      // The document's SAME codes name the other administrator's areas.
      for (const [id, mahanhchinh] of [[other.areas.communeA, '006109'], [other.areas.communeB, '006009'], [other.areas.district, '006003']] as const) {
        expect((await other.client.post('/v1/client/diaban/diadanh/capnhat', { id, mahanhchinh })).status).toBe(200);
      }
      const key = (await other.client.post('/v1/client/khoaapi/themmoi', { ten: 'NWS', quyenhan: ['themsuaxoalichphat'] })).body.data.bimat as string;
      const res = await postCap(key, fixture('oasis-a2-thunderstorm.xml'));
      expect(res).toMatchObject({ status: 400, message: CAP_MESSAGES.expired.replace('{expires}', '2003-06-17T16:00:00-07:00') });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(otherSpeaker.playing).toBeNull();
      expect(await server.db.query(`SELECT 1 FROM broadcasts WHERE admin_id = $1`, [other.admin.id])).toHaveLength(0);
      const listed = (await listOf(other.client)).filter((a) => a.identifier === 'KSTO1055887203');
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ ketqua: 'hethan', ghichu: res.message, tieude: 'SEVERE THUNDERSTORM WARNING' });
      // Sent again, it is refused again, and listed once.
      expect((await postCap(key, fixture('oasis-a2-thunderstorm.xml'))).status).toBe(400);
      expect((await listOf(other.client)).filter((a) => a.identifier === 'KSTO1055887203')).toHaveLength(1);
    } finally {
      await otherSpeaker.stop();
    }
  }, 20_000);

  it('lists Cancels and refused alerts to an administrator whose account has an area', async () => {
    const alert = await postCap(districtKey, capXml({ id: 'DS-1', codes: [codes.a, codes.b] }));
    expect(alert.data?.ketqua, alert.message).toBe('phat');
    const cancel = await postCap(districtKey, capXml({ id: 'DS-1-HUY', msgType: 'Cancel', refs: ref('DS-1'), sent: '2026-09-17T06:00:00+07:00', info: false }));
    expect(cancel.data?.ketqua, cancel.message).toBe('huy');
    const expired = await postCap(communeAKey, capXml({ id: 'DS-2', expires: '2020-10-12T18:00:00+07:00' }));
    expect(expired.status).toBe(400);
    const outside = await postCap(communeAKey, capXml({ id: 'DS-3', codes: [codes.b] }));
    expect(outside.status).toBe(403);

    const listed = await listOf(communeAdmin);
    const byId = (identifier: string) => listed.find((a) => a.identifier === identifier);
    expect(byId('DS-1')).toMatchObject({ ketqua: 'phat', thaythebang: cancel.data!._id });
    expect(byId('DS-1-HUY')).toMatchObject({ ketqua: 'huy', msgType: 'Cancel' });
    expect(byId('DS-1-HUY')?.diaban.map((a) => a._id)).toContain(owner.areas.communeA);
    expect(byId('DS-2')).toMatchObject({ ketqua: 'hethan', ghichu: CAP_MESSAGES.expired.replace('{expires}', '2020-10-12T18:00:00+07:00') });
    expect(byId('DS-3')).toMatchObject({ ketqua: 'tuchoi', ghichu: CAP_MESSAGES.outOfScope.replace('{areas}', 'Xã B') });
    // Nothing of commune B's own reaches commune A's list.
    const bOnly = await postCap(districtKey, capXml({ id: 'DS-4', codes: [codes.b] }));
    expect(bOnly.data?.ketqua).toBe('phat');
    expect((await listOf(communeAdmin)).some((a) => a.identifier === 'DS-4')).toBe(false);
  }, 20_000);
});

describe('CAP feeds retry what they could not handle, and poll side by side (#27 items 6 and 7)', () => {
  it('fetches again a document that answered 503, even when the feed answers 304, and lists its alert', async () => {
    let failures = 1;
    const feed = await feedServer((p, req, res) => {
      if (p === '/feed.atom') {
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
        return void res.writeHead(200, { 'content-type': 'application/atom+xml', etag: '"v1"' }).end(atom('/cap/RETRY-1.xml'));
      }
      if (p === '/cap/RETRY-1.xml') {
        if (failures-- > 0) return void res.writeHead(503).end();
        return void res.writeHead(200, { 'content-type': 'application/cap+xml' }).end(capXml({ id: 'RETRY-1' }));
      }
      res.writeHead(404).end();
    });
    try {
      const added = await addFeed(`${feed.base}/feed.atom`);
      expect(added).toMatchObject({ socanhbao: 0, loi: `${feed.base}/cap/RETRY-1.xml: ${CAP_MESSAGES.feedStatus.replace('{status}', '503')}` });
      expect((await listOf(owner.client)).some((a) => a.identifier === 'RETRY-1')).toBe(false);

      const again = await pollNow(added._id);
      expect(again).toMatchObject({ socanhbao: 1, loi: null });
      expect(feed.asked).toEqual(['/feed.atom', '/cap/RETRY-1.xml', '/feed.atom', '/cap/RETRY-1.xml']);
      const alert = (await listOf(owner.client)).find((a) => a.identifier === 'RETRY-1');
      expect(alert).toMatchObject({ nguon: 'feed', ketqua: 'phat' });
      await eventually(() => speakerA.playing?.sessionId === alert!.idphatngay, 5000);

      // Handled: never fetched again.
      await pollNow(added._id);
      expect(feed.asked.filter((p) => p === '/cap/RETRY-1.xml')).toHaveLength(2);
    } finally {
      await feed.close();
    }
  }, 30_000);

  it('backs off a document that keeps failing and says so on the feed', async () => {
    const feed = await feedServer((p, _req, res) => {
      if (p === '/feed.atom') return void res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom('/cap/DOWN.xml'));
      res.writeHead(503).end();
    });
    try {
      const added = await addFeed(`${feed.base}/feed.atom`);
      await pollNow(added._id);
      // Failed twice: the next try waits a poll interval, so an immediate poll leaves it.
      const third = await pollNow(added._id);
      expect(feed.asked.filter((p) => p === '/cap/DOWN.xml')).toHaveLength(2);
      expect(third.loi).toBe(CAP_MESSAGES.feedPending.replace('{n}', '1'));
      const [row] = await server.db.query<{ pending: { url: string; attempts: number; next_at: number }[] }>('SELECT pending FROM cap_feeds WHERE id = $1', [added._id]);
      expect(row.pending).toEqual([{ url: `${feed.base}/cap/DOWN.xml`, attempts: 2, next_at: expect.any(Number) }]);
      expect(row.pending[0].next_at).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await feed.close();
    }
  }, 30_000);

  it('polls feeds side by side: a slow feed does not hold up the alert of another', async () => {
    let slow = false;
    let later = false;
    const slowFeed = await feedServer((p, _req, res) => {
      const answer = () => res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom());
      if (slow) setTimeout(answer, 6000);
      else answer();
    });
    const fastFeed = await feedServer((p, _req, res) => {
      if (p === '/feed.atom') return void res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(later ? atom('/cap/NHANH-1.xml') : atom());
      res.writeHead(200, { 'content-type': 'application/cap+xml' }).end(capXml({ id: 'NHANH-1', codes: [codes.b] }));
    });
    try {
      await addFeed(`${slowFeed.base}/feed.atom`);
      await addFeed(`${fastFeed.base}/feed.atom`);
      slow = true;
      later = true;
      const started = Date.now();
      const polling = server.app.capFeeds.pollAll();
      await eventually(async () => (await listOf(owner.client)).some((a) => a.identifier === 'NHANH-1'), 4000, 100);
      expect(Date.now() - started).toBeLessThan(4000);
      await polling;
    } finally {
      await Promise.all([slowFeed.close(), fastFeed.close()]);
    }
  }, 30_000);
});
