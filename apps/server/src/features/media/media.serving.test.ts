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
