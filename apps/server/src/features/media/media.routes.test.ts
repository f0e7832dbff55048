import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, MSG, SOURCE_KINDS } from '@loa/contract';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('upload addresses (geturlupload, then PUT audio/mpeg)', () => {
  it('stores an MP3 put to its address (204) and lets a broadcast use it by key', async () => {
    const w = await signedInAdmin(server);
    const speakers = await startSpeakers(server, w.client, w.areas.communeA, 1);
    const [address] = (await w.client.post('/v1/client/lichphat/geturlupload', { key: ['thong-bao.mp3'] })).body.data;
    expect(address.fields.key).toMatch(/^audio\/\d{13}-[0-9a-f]{16}-thong-bao\.mp3$/);
    const put = await fetch(server.url + address.url, {
      method: 'PUT', body: new Uint8Array(makeMp3(3)), headers: { 'content-type': 'audio/mpeg', cookie: w.client.cookieHeader, [CSRF_HEADER]: w.client.cookies.get('loa_csrf')! },
    });
    expect(put.status).toBe(204);
    expect(await server.app.storage.exists(address.fields.key)).toBe(true);
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Đã tải trước', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'thong-bao.mp3', url: address.fields.key, duration: 3 }] }],
    ));
    expect(res.status).toBe(200);
    expect(res.body.data.thoiluong).toBeGreaterThan(2.9);
    await w.client.get('/v1/client/phatngay/dungphatngay');
    await speakers[0].stop();
  });

  it('refuses what is not MP3 and keeps nothing, and refuses an address signed for someone else', async () => {
    const w = await signedInAdmin(server);
    const [address] = (await w.client.post('/v1/client/lichphat/geturlupload', { key: ['gia.mp3'] })).body.data;
    const headers = { 'content-type': 'audio/mpeg', cookie: w.client.cookieHeader, [CSRF_HEADER]: w.client.cookies.get('loa_csrf')! };
    const bad = await fetch(server.url + address.url, { method: 'PUT', body: 'chỉ là văn bản', headers });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(MSG.fileNotMp3);
    expect(await server.app.storage.exists(address.fields.key)).toBe(false);
    const other = await signedInAdmin(server);
    const stolen = await fetch(server.url + address.url, {
      method: 'PUT', body: new Uint8Array(makeMp3(1)), headers: { ...headers, cookie: other.client.cookieHeader, [CSRF_HEADER]: other.client.cookies.get('loa_csrf')! },
    });
    expect(stolen.status).toBe(403);
  });
});
