import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, CSRF_HEADER, MSG } from '@loa/contract';
import { TestClient, createTestUser, signedInAdmin, startTestServer, type TestServer } from '../../../test/helpers';
import { id3Title, makeMp3 } from '../../../test/audio';
import { sweepUnfinishedUploads } from '../../infra/diskStorage';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SCRIPT = '<script>fetch("/v1/client/khoaapi/taomoi",{method:"POST"})</script>';
/** A real MP3 whose ID3 title is a script: the frames are audio, so it passes the content check. */
const scriptedMp3 = () => Buffer.concat([id3Title(`<html><body>${SCRIPT}</body></html>`), makeMp3(2)]);

/** A clerk who may only make schedules (issue #27's attacker). */
async function clerk(): Promise<TestClient> {
  const w = await signedInAdmin(server);
  const user = await createTestUser(server.db, { rights: ['themsuaxoalichphat'], adminId: w.admin.id });
  const client = new TestClient(server.url);
  await client.login(user);
  return client;
}

const put = (client: TestClient, url: string, body: Buffer) => fetch(server.url + url, {
  method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'audio/mpeg', cookie: client.cookieHeader, [CSRF_HEADER]: client.cookies.get('loa_csrf')! },
});

describe('stored uploads can never be served as a page (issue #27, stored XSS)', () => {
  it('stores an upload address for "thong-bao-khan.html" under .mp3 and serves it as audio/mpeg, nosniff, under the policy', async () => {
    const c = await clerk();
    const [address] = (await c.post('/v1/client/lichphat/geturlupload', { key: ['thong-bao-khan.html'] })).body.data;
    expect(address.fields.key).toMatch(/^audio\/\d{13}-[0-9a-f]{16}-thong-bao-khan\.mp3$/);
    expect((await put(c, address.url, scriptedMp3())).status).toBe(204);
    const res = await fetch(`${server.url}/media/${address.fields.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    // What is served is the upload as it was: the tag is there, as bytes of an MP3.
    expect(Buffer.from(await res.arrayBuffer()).includes(Buffer.from(SCRIPT))).toBe(true);
  });

  it('keeps the server\'s extension for a multipart upload named "trang.html"', async () => {
    const c = await clerk();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(scriptedMp3())], { type: 'text/html' }), 'trang.html');
    const res = await c.request('POST', '/v1/client/lichphat/uploadfile', form);
    expect(res.status).toBe(200);
    expect(res.body.data[0].url).toMatch(/-trang\.mp3$/);
    expect((await fetch(`${server.url}/media/${res.body.data[0].url}`)).headers.get('content-type')).toBe('audio/mpeg');
  });

  it('serves a file an older release stored as .html as audio/mpeg too', async () => {
    const key = 'audio/1700000000000-0123456789abcdef-cu.html';
    fs.mkdirSync(path.join(server.app.storage.root, 'audio'), { recursive: true });
    fs.writeFileSync(path.join(server.app.storage.root, key), scriptedMp3());
    const res = await fetch(`${server.url}/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends a policy that forbids inline script on the console and API answers', async () => {
    for (const route of ['/v1/health', '/v1/client/csrf', '/dang-nhap']) {
      const policy = (await fetch(server.url + route)).headers.get('content-security-policy') ?? '';
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scripts, route).toBe("'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });
});

describe('upload addresses and leftovers (issue #27 item 7)', () => {
  it('refuses a second PUT to a used address with 409 and keeps the first file as it was', async () => {
    const c = await clerk();
    const [address] = (await c.post('/v1/client/lichphat/geturlupload', { key: ['mot-lan.mp3'] })).body.data;
    const first = makeMp3(2);
    expect((await put(c, address.url, first)).status).toBe(204);
    const again = await put(c, address.url, makeMp3(3, 128, 880));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(BROADCAST_MESSAGES.uploadAddressUsed);
    const stored = Buffer.from(await (await fetch(`${server.url}/media/${address.fields.key}`)).arrayBuffer());
    expect(stored.equals(first)).toBe(true);
  });

  it('never serves the hidden file of an unfinished upload, and sweeps abandoned ones', async () => {
    const dir = path.join(server.app.storage.root, 'audio');
    fs.mkdirSync(dir, { recursive: true });
    const leftover = path.join(dir, '.4242-deadbeef-1700000000000-0123456789abcdef-dang-tai.mp3');
    const live = path.join(dir, '.4243-deadbeef-1700000000000-0123456789abcdef-dang-tai.mp3');
    fs.writeFileSync(leftover, '<script>alert(1)</script>');
    fs.writeFileSync(live, 'ID3');
    for (const name of [path.basename(leftover), encodeURIComponent(path.basename(leftover))]) {
      const res = await fetch(`${server.url}/media/audio/${name}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(MSG.notFound);
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(leftover, twoHoursAgo, twoHoursAgo);
    expect(await sweepUnfinishedUploads(server.app.storage.root)).toBe(1);
    expect(fs.existsSync(leftover)).toBe(false);
    // A younger one may be an upload under way: it stays.
    expect(fs.existsSync(live)).toBe(true);
    fs.rmSync(live);
  });
});

describe('stored audio sent from memory (issue #29: a district asks for one file at once)', () => {
  const store = (key: string, bytes: Buffer) => {
    fs.mkdirSync(path.dirname(path.join(server.app.storage.root, key)), { recursive: true });
    fs.writeFileSync(path.join(server.app.storage.root, key), bytes);
  };
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('answers whole files, byte ranges, validators and HEAD as a static server does', async () => {
    const key = 'audio/1700000000001-0123456789abcdef-ban-tin.mp3';
    const mp3 = makeMp3(3);
    store(key, mp3);
    const whole = await fetch(`${server.url}/media/${key}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=604800, immutable');
    // The same answer for everyone, which a shared cache may keep: no cookie with it (a caching tier keeps nothing that sets one).
    expect(whole.headers.get('set-cookie')).toBeNull();
    expect(whole.headers.get('content-length')).toBe(String(mp3.length));
    expect((await bytesOf(whole)).equals(mp3)).toBe(true);
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);

    for (const [range, start, end] of [['bytes=100-199', 100, 199], ['bytes=1000-', 1000, mp3.length - 1], ['bytes=-50', mp3.length - 50, mp3.length - 1], [`bytes=10-${mp3.length + 500}`, 10, mp3.length - 1]] as const) {
      const part = await fetch(`${server.url}/media/${key}`, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${mp3.length}`);
      expect(part.headers.get('content-type')).toBe('audio/mpeg');
      expect((await bytesOf(part)).equals(mp3.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await fetch(`${server.url}/media/${key}`, { headers: { range: `bytes=${mp3.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${mp3.length}`);
    // Several ranges or a malformed one: the whole file.
    for (const range of ['bytes=0-9,20-29', 'bytes=9-3', 'items=1-2']) {
      const res = await fetch(`${server.url}/media/${key}`, { headers: { range } });
      expect(res.status, range).toBe(200);
      expect((await bytesOf(res)).length).toBe(mp3.length);
    }
    expect((await fetch(`${server.url}/media/${key}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // If-Range of another version: the whole current file, not a piece of it.
    const stale = await fetch(`${server.url}/media/${key}`, { headers: { range: 'bytes=0-9', 'if-range': 'W/"1-1"' } });
    expect(stale.status).toBe(200);
    expect((await fetch(`${server.url}/media/${key}`, { headers: { range: 'bytes=0-9', 'if-range': etag } })).status).toBe(206);
    const head = await fetch(`${server.url}/media/${key}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(mp3.length));
    expect((await bytesOf(head)).length).toBe(0);
  });

  it('never answers from an old copy: a file replaced on disk is sent anew, a deleted one is 404', async () => {
    const key = 'audio/1700000000002-0123456789abcdef-thay-the.mp3';
    const first = makeMp3(2);
    store(key, first);
    expect((await bytesOf(await fetch(`${server.url}/media/${key}`))).equals(first)).toBe(true);
    const second = makeMp3(3, 128, 880);
    store(key, second);
    // A later modification time, as a rewrite a moment later has.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(server.app.storage.root, key), later, later);
    expect((await bytesOf(await fetch(`${server.url}/media/${key}`))).equals(second)).toBe(true);
    fs.rmSync(path.join(server.app.storage.root, key));
    const gone = await fetch(`${server.url}/media/${key}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(MSG.notFound);
  });

  it('sends 60 requests for one file at once, every one whole, from the one copy', async () => {
    const key = 'audio/1700000000003-0123456789abcdef-ca-huyen.mp3';
    const mp3 = makeMp3(4);
    store(key, mp3);
    // 60: under MEDIA_MAX_PER_IP (64), since these plain requests all come from one address (more are answered 429).
    const bodies = await Promise.all(Array.from({ length: 60 }, async () => bytesOf(await fetch(`${server.url}/media/${key}`))));
    expect(bodies.filter((b) => b.equals(mp3))).toHaveLength(60);
  });
});
