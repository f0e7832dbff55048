import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CSRF_HEADER, SOURCE_KINDS, type DeviceCommand } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import { withDeviceProof } from '../../../../speaker/src/mediaProof';
import { MEDIA_MESSAGES } from './mediaAccess';
import { MEDIA_CHECK_PREFIX } from './media.routes';
import { freePort } from '../../../test/mosquitto';

/*
 * Issue #29, bad input: a speaker asking for audio with an address that is expired, forged or for
 * another area gets 403 and the request is logged. Play commands carry signed addresses; a speaker
 * proves who it is with its own id and a signature made with its secret.
 */

let server: TestServer;
let w: Awaited<ReturnType<typeof signedInAdmin>>;
let agent: SpeakerAgent;
const commands: DeviceCommand[] = [];
let sameArea: { id: string; secret: string };
let neighbour: { id: string; secret: string };
let otherArea: { id: string; secret: string };

async function addDevice(area: string, name: string): Promise<{ id: string; secret: string }> {
  const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: area, serial: `SP-${name}-${Date.now()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.thietbi._id, secret: res.body.data.secret };
}

async function upload(name: string, mp3: Buffer): Promise<string> {
  const [address] = (await w.client.post('/v1/client/lichphat/geturlupload', { key: [name] })).body.data;
  const put = await fetch(server.url + address.url, {
    method: 'PUT', body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg', cookie: w.client.cookieHeader, [CSRF_HEADER]: w.client.cookies.get('loa_csrf')! },
  });
  expect(put.status).toBe(204);
  return address.fields.key as string;
}

const refusalsLogged = () => server.db.query<{ target_id: string | null; admin_id: string | null; detail: { lydo: string; tep: string } }>(
  `SELECT target_id, admin_id, detail FROM system_log WHERE action = 'tu-choi-tep-am-thanh' ORDER BY id`);

let mp3: Buffer;
let signed: string;
let key: string;
let otherKey: string;
/** The server's listener for a caching tier's checks (MEDIA_CHECK_PORT). */
let checkPort: number;

beforeAll(async () => {
  // Small limits, so the tests can reach them: two audio responses per speaker, three per other address, cut after 2 s stalled.
  checkPort = await freePort();
  server = await startTestServer({ MEDIA_MAX_PER_DEVICE: 2, MEDIA_MAX_PER_IP: 3, MEDIA_IDLE_SECONDS: 2, MEDIA_CHECK_PORT: checkPort });
  w = await signedInAdmin(server);
  [agent] = await startSpeakers(server, w.client, w.areas.communeA, 1);
  agent.on('command', (command) => commands.push(command));
  sameArea = await addDevice(w.areas.communeA, 'Loa chợ');
  neighbour = await addDevice(w.areas.communeA, 'Loa trường');
  otherArea = await addDevice(w.areas.communeB, 'Loa xã bên');
  mp3 = makeMp3(20);
  key = await upload('ban-tin.mp3', mp3);
  otherKey = await upload('tin-khac.mp3', makeMp3(3, 128, 880));
  const res = await w.client.post('/v1/client/phatngay/phatngay', {
    thongtin: { tieude: 'Bản tin xã A', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
    nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 20, files: [{ fileName: 'ban-tin.mp3', url: key, duration: 20 }] }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const play = await eventually(() => commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play'), 5000);
  signed = play.items[0].url;
}, 60_000);
afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  await server.close();
});

const get = (url: string) => fetch(url.startsWith('http') ? url : server.url + url);
const refused = async (url: string, message: string) => {
  const res = await get(url);
  expect(res.status, url).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe(message);
};

describe('audio addresses of play commands', () => {
  it('are signed, and serve the file to a speaker of the session, with or without its proof', async () => {
    expect(signed).toMatch(new RegExp(`^/media/${key.replace(/[.]/g, '\\.')}\\?t=[\\w-]+\\.[\\w-]+$`));
    const plain = await get(signed);
    expect(plain.status).toBe(200);
    expect(Buffer.from(await plain.arrayBuffer()).equals(mp3)).toBe(true);
    expect(plain.headers.get('cache-control')).toContain('immutable');
    // Ranges, as a speaker resuming or seeking asks.
    const part = await fetch(server.url + signed, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
    const proven = await get(withDeviceProof(server.url + signed, server.url, sameArea.id, sameArea.secret));
    expect(proven.status).toBe(200);
    expect(Buffer.from(await proven.arrayBuffer()).equals(mp3)).toBe(true);
  });

  it('refuses a speaker of another area with 403 and logs it against that device, once a minute', async () => {
    const asked = withDeviceProof(server.url + signed, server.url, otherArea.id, otherArea.secret);
    await refused(asked, MEDIA_MESSAGES.otherArea);
    await refused(asked, MEDIA_MESSAGES.otherArea);
    const logged = (await refusalsLogged()).filter((r) => r.target_id === otherArea.id && r.detail.lydo === MEDIA_MESSAGES.otherArea);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ admin_id: w.admin.id, detail: { tep: key } });
    // Nor may it fetch a file of no plan of its own by its plain address.
    await refused(withDeviceProof(`${server.url}/media/${key}`, server.url, otherArea.id, otherArea.secret), MEDIA_MESSAGES.otherArea);
  });

  it('refuses a forged token, a token of another file, a wrong proof and an expired token, each logged', async () => {
    const url = new URL(server.url + signed);
    const token = url.searchParams.get('t')!;
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await refused(`/media/${key}?t=${forged}`, MEDIA_MESSAGES.forged);
    await refused(`/media/${otherKey}?t=${token}`, MEDIA_MESSAGES.forged);
    await refused(`/media/${key}?t=${token}&d=${sameArea.id}&p=khong-dung`, MEDIA_MESSAGES.forged);
    // A speaker's proof made with another device's secret.
    const borrowed = new URL(withDeviceProof(server.url + signed, server.url, sameArea.id, otherArea.secret));
    await refused(borrowed.pathname + borrowed.search, MEDIA_MESSAGES.forged);
    const session = (commands.find((c) => c.type === 'play') as Extract<DeviceCommand, { type: 'play' }>).sessionId;
    const expired = server.app.authDeps.signer.signPayload({ k: key, s: session, e: Math.floor(Date.now() / 1000) - 60 }, 'media');
    await refused(`/media/${key}?t=${expired}`, MEDIA_MESSAGES.expired);
    // An access token is not a media token.
    const access = server.app.authDeps.signer.signPayload({ k: key, s: session, e: Math.floor(Date.now() / 1000) + 60 });
    await refused(`/media/${key}?t=${access}`, MEDIA_MESSAGES.forged);
    const reasons = (await refusalsLogged()).map((r) => r.detail.lydo);
    expect(reasons).toContain(MEDIA_MESSAGES.forged);
    expect(reasons).toContain(MEDIA_MESSAGES.expired);
  });

  it('still serves a plain address without a token or a device (the console\'s players, the province\'s copies)', async () => {
    const res = await get(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(mp3)).toBe(true);
  });
});

describe('audio connections a client may hold', () => {
  /** A 30 MB stored file: more than the socket buffers take, so a reader that stops holds its response open. */
  const big = 'audio/1700000000000-0123456789abcdef-rat-dai.mp3';
  let session: string;
  const tokenFor = () => server.app.authDeps.signer.signPayload({ k: big, s: session, e: Math.floor(Date.now() / 1000) + 600 }, 'media');
  const proven = (device: { id: string; secret: string }) => withDeviceProof(`${server.url}/media/${big}?t=${tokenFor()}`, server.url, device.id, device.secret);
  const stalled: AbortController[] = [];
  /** Opens a response and never reads its body. */
  const hold = async (url: string) => {
    const abort = new AbortController();
    stalled.push(abort);
    const res = await fetch(url, { signal: abort.signal });
    return res.status;
  };
  beforeAll(() => {
    fs.mkdirSync(path.join(server.app.storage.root, 'audio'), { recursive: true });
    fs.writeFileSync(path.join(server.app.storage.root, big), Buffer.alloc(30 * 1024 * 1024, 0x55));
    session = (commands.find((c) => c.type === 'play') as Extract<DeviceCommand, { type: 'play' }>).sessionId;
  });
  afterAll(() => stalled.forEach((a) => a.abort()));

  it('answers 429 past the per-speaker limit while another speaker and other addresses are served at once', async () => {
    expect(await hold(proven(sameArea))).toBe(200);
    expect(await hold(proven(sameArea))).toBe(200);
    const over = await fetch(proven(sameArea));
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toBe(MEDIA_MESSAGES.tooMany);
    // Another speaker of the session (same address) is not starved by the first one's connections.
    const started = Date.now();
    const other = await fetch(proven(neighbour));
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBe(30 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 429 past the per-address limit for clients that are no speaker; speakers still get theirs', async () => {
    for (let i = 0; i < 3; i += 1) expect(await hold(`${server.url}/media/${big}`)).toBe(200);
    expect((await fetch(`${server.url}/media/${big}`)).status).toBe(429);
    const speaker = await fetch(proven(neighbour));
    expect(speaker.status).toBe(200);
    await speaker.body?.cancel();
  });

  it('cuts a reader that stalled, which frees its place', async () => {
    // The two stalled responses of the first speaker are cut after 2 s without progress.
    await eventually(async () => {
      const res = await fetch(proven(sameArea));
      await res.body?.cancel();
      return res.status === 200;
    }, 15_000, 500);
  });
});

describe('the check a caching tier makes before answering from its cache (auth_request)', () => {
  const check = (url: string) => get(`${MEDIA_CHECK_PREFIX}${url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url}`);

  it('answers 204 with nothing else for what /media would serve, whatever the tier\'s address asks', async () => {
    for (const url of [signed, withDeviceProof(server.url + signed, server.url, sameArea.id, sameArea.secret), `/media/${key}`]) {
      const res = await check(url);
      expect(res.status, url).toBe(204);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    // Every speaker's check comes from the tier's one address: no limit per address stops them (MEDIA_MAX_PER_IP is 3 here, the API's limit per minute higher).
    const many = await Promise.all(Array.from({ length: 30 }, () => check(signed)));
    expect(many.map((r) => r.status)).toEqual(Array(30).fill(204));
  });

  it('refuses what /media refuses, with the same message, and logs it', async () => {
    const before = (await refusalsLogged()).length;
    const asked = withDeviceProof(server.url + signed, server.url, neighbour.id, 'not-its-secret');
    const res = await check(asked);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(MEDIA_MESSAGES.forged);
    const forOther = await check(withDeviceProof(server.url + signed, server.url, otherArea.id, otherArea.secret));
    expect(forOther.status).toBe(403);
    const logged = (await refusalsLogged()).slice(before);
    expect(logged.map((r) => r.detail.lydo)).toContain(MEDIA_MESSAGES.forged);
    // A speaker's package, or what is not a stored file's name, is nothing to check.
    expect((await check('/media/goi/loa-speaker_1.0.0_arm64.deb')).status).toBe(404);
    expect((await check('/media/../../etc/passwd')).status).toBe(404);
  });
});

describe('the same checks on their own listener (MEDIA_CHECK_PORT), as the shipped caching tier asks them', () => {
  /** Asks the listener over one kept-alive connection, as nginx's upstream keepalive does: status, body, whether the socket was reused. */
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => keepAlive.destroy());
  const ask = (url: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) => new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
    const target = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const req = http.request({ host: '127.0.0.1', port: checkPort, path: target, method, headers, agent: keepAlive }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => void (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body, reused: req.reusedSocket }));
    });
    req.on('error', reject).end();
  });

  it('answers 204 for what /media would serve, with or without the API route\'s prefix, many over one kept-alive connection', async () => {
    const proven = withDeviceProof(server.url + signed, server.url, sameArea.id, sameArea.secret);
    for (const url of [signed, proven, `/media/${key}`, `${MEDIA_CHECK_PREFIX}${new URL(proven).pathname}${new URL(proven).search}`]) {
      const res = await ask(url);
      expect(res.status, url).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await ask(proven, { method: 'HEAD' })).status).toBe(204);
    const many: { status: number; reused: boolean }[] = [];
    for (let i = 0; i < 30; i += 1) many.push(await ask(proven));
    expect(many.map((r) => r.status)).toEqual(Array(30).fill(204));
    expect(many.every((r) => r.reused)).toBe(true);
  });

  it('refuses what /media refuses, with the same message, and logs it with the speaker\'s address as the tier saw it', async () => {
    const before = (await refusalsLogged()).length;
    const forged = await ask(withDeviceProof(server.url + signed, server.url, neighbour.id, 'not-its-secret'), { headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.27' } });
    expect(forged.status).toBe(403);
    expect((JSON.parse(forged.body) as { message: string }).message).toBe(MEDIA_MESSAGES.forged);
    const forOther = await ask(withDeviceProof(server.url + signed, server.url, otherArea.id, otherArea.secret), { headers: { 'x-forwarded-for': '198.51.100.28' } });
    expect(forOther.status).toBe(403);
    expect((JSON.parse(forOther.body) as { message: string }).message).toBe(MEDIA_MESSAGES.otherArea);
    // This token on another file's address is forged.
    expect((await ask(signed.replace(key, otherKey))).status).toBe(403);
    const logged = await server.db.query<{ ip: string; detail: { lydo: string } }>(
      `SELECT ip, detail FROM system_log WHERE action = 'tu-choi-tep-am-thanh' ORDER BY id OFFSET ${before}`);
    expect(logged.map((r) => [r.ip, r.detail.lydo])).toEqual(expect.arrayContaining([['198.51.100.27', MEDIA_MESSAGES.forged], ['198.51.100.28', MEDIA_MESSAGES.otherArea]]));
  });

  it('follows a speaker given a new secret or moved to another commune from the next check on, once its thread decides alone', async () => {
    const reset = await addDevice(w.areas.communeA, 'Loa đình');
    const moved = await addDevice(w.areas.communeA, 'Loa cầu');
    const proofOf = (d: { id: string; secret: string }) => withDeviceProof(server.url + signed, server.url, d.id, d.secret);
    // Which speakers' checks the server's own thread made (each begins with the device's proof).
    const gateway = server.app.gateway;
    const verifyProof = gateway.verifyProof.bind(gateway);
    const askedOfServer: string[] = [];
    gateway.verifyProof = (deviceId, text, proof) => {
      askedOfServer.push(deviceId);
      return verifyProof(deviceId, text, proof);
    };
    onTestFinished(() => void (gateway.verifyProof = verifyProof));
    // The thread is taught the session's token (if it was not yet), then decides the others alone:
    // the two speakers added since it started included, their keys pushed to it.
    expect((await ask(proofOf(sameArea))).status).toBe(204);
    askedOfServer.length = 0;
    for (const d of [reset, moved, sameArea]) expect((await ask(proofOf(d))).status, d.id).toBe(204);
    expect(askedOfServer).toEqual([]);
    const issued = await w.client.post('/v1/client/thietbi/reset', { id: reset.id });
    expect(issued.status).toBe(200);
    const renewed = { id: reset.id, secret: issued.body.data.items[0].secret as string };
    const old = await ask(proofOf(reset));
    expect(old.status).toBe(403);
    expect((JSON.parse(old.body) as { message: string }).message).toBe(MEDIA_MESSAGES.forged);
    expect((await ask(proofOf(renewed))).status).toBe(204);
    const edit = await w.client.post('/v1/client/thietbi/capnhat', { id: moved.id, tenthietbi: 'Loa cầu', diaban: w.areas.communeB, serial: `SP-cau-${Date.now()}` });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const away = await ask(proofOf(moved));
    expect(away.status).toBe(403);
    expect((JSON.parse(away.body) as { message: string }).message).toBe(MEDIA_MESSAGES.otherArea);
    expect((await ask(proofOf(sameArea))).status).toBe(204);
    // The refusals were the server's, asked because the thread no longer allowed them; the rest alone.
    expect(askedOfServer).toEqual([reset.id, moved.id]);
  });

  it('answers 404 for what is no stored file\'s address and 405 for anything but GET and HEAD', async () => {
    for (const url of ['/media/goi/loa-speaker_1.0.0_arm64.deb', '/media/../../etc/passwd', '/media/%2e%2e/%2e%2e/etc/passwd', '/v1/client/taikhoan/thongtin', '/']) {
      expect((await ask(url)).status, url).toBe(404);
    }
    expect((await ask(signed, { method: 'POST' })).status).toBe(405);
  });
});
