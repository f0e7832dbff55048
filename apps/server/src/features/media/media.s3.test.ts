import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BROADCAST_MESSAGES, MSG, SOURCE_KINDS } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';
import { startLocalS3, type LocalS3 } from '../../../test/s3server';
import { makeMp3 } from '../../../test/audio';

let s3: LocalS3;
let server: TestServer;
let client: S3Client;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startTestServer({ ...s3.config, TTS_WORKERS: 1 });
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server?.close();
  client?.destroy();
  await s3?.close();
});

/** Whether the bucket holds `key` (asked of the bucket itself, not through the app). */
async function inBucket(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

const info = (area: string, tieude = 'Bản tin trên S3') => ({ tieude, loaibantin: 1, uutien: 1, diabanchon: [area], thietbichon: ['tatca'], kieulaplai: 0 });
const byKey = (fileName: string, key: string) => [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName, url: key, duration: 3 }] }];

async function world() {
  const w = await signedInAdmin(server);
  agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
  return w;
}

describe('media on an S3-compatible store', () => {
  it('stores a multipart upload in the bucket; speakers are sent /media/<key>, which leads to the bytes; the library delete removes it', async () => {
    expect(server.app.storage.kind).toBe('s3');
    const w = await world();
    const mp3 = makeMp3(3);
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA), [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'ban-tin.mp3', url: 'x', duration: 3 }] }], [{ name: 'ban-tin.mp3', data: mp3 }]));
    expect(res.status).toBe(200);
    expect(res.body.data.thoiluong).toBeGreaterThan(2.9);
    const [{ items }] = await server.db.query<{ items: { url: string }[] }>('SELECT items FROM broadcasts WHERE id = $1', [res.body.data.idlichphat]);
    const url = items[0].url;
    expect(url).toMatch(/^\/media\/audio\/\d{13}-[0-9a-f]{16}-ban-tin\.mp3$/);
    const key = decodeURIComponent(url.slice('/media/'.length));
    expect(await inBucket(key)).toBe(true);
    // Nothing on the server's disk: the bytes are in the bucket only.
    expect(fs.readdirSync(server.app.storage.root)).toEqual([]);

    // The stored link redirects to a presigned GET of the bucket, which serves the bytes (and ranges).
    const redirect = await fetch(server.url + url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/audio/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const full = await fetch(server.url + url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await full.arrayBuffer()).equals(mp3)).toBe(true);
    const part = await fetch(server.url + url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(0, 100))).toBe(true);

    // The listen link streams the stored object from the bucket.
    const listen = await fetch(`${server.url}/v1/client/phatngay/nghe/${res.body.data.idlichphat}`, { headers: { cookie: w.client.cookieHeader } });
    expect(listen.status).toBe(200);
    const heard = Buffer.from(await listen.arrayBuffer());
    expect(heard.length).toBeGreaterThan(0);
    expect(mp3.subarray(mp3.length - heard.length).equals(heard)).toBe(true);

    await w.client.get('/v1/client/phatngay/dungphatngay');
    const removed = await w.client.post('/v1/client/thuvien/xoa', { key });
    expect(removed.status).toBe(200);
    expect(await inBucket(key)).toBe(false);
    expect((await fetch(server.url + '/media/audio/..%2F..%2Fsecret', { redirect: 'manual' })).status).toBe(404);
  });

  it('answers presigned PUT addresses; the object put there is checked and recorded on its first use by a broadcast', async () => {
    const w = await world();
    const res = await w.client.post('/v1/client/lichphat/geturlupload', { key: ['thong bao.mp3', 'khác.mp3'] });
    expect(res.status).toBe(200);
    const [address, second] = res.body.data as { url: string; fields: { key: string } }[];
    expect(address.fields.key).toMatch(/^audio\/\d{13}-[0-9a-f]{16}-[0-9a-f]{12}-thong-bao\.mp3$/);
    expect(second.fields.key.endsWith('-khác.mp3')).toBe(true);
    expect(address.fields.key).not.toBe(second.fields.key);
    expect(address.url.startsWith(`${s3.endpoint}/${s3.bucket}/audio/`)).toBe(true);
    expect(new URL(address.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');

    // The browser sends the file straight to the bucket (no cookie, no server in between).
    const mp3 = makeMp3(3);
    const put = await fetch(address.url, { method: 'PUT', body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } });
    expect(put.ok).toBe(true);
    expect(await inBucket(address.fields.key)).toBe(true);
    expect(await server.db.query('SELECT 1 FROM media WHERE key = $1', [address.fields.key])).toHaveLength(0);

    const started = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Đã tải trước'), byKey('thông báo.mp3', address.fields.key)));
    expect(started.status).toBe(200);
    expect(started.body.data.thoiluong).toBeGreaterThan(2.9);
    const [row] = await server.db.query<{ original_name: string; admin_id: string; bytes: number }>('SELECT original_name, admin_id, bytes::int AS bytes FROM media WHERE key = $1', [address.fields.key]);
    expect(row).toEqual({ original_name: 'thông báo.mp3', admin_id: w.admin.id, bytes: mp3.length });
    const [{ items }] = await server.db.query<{ items: { url: string }[] }>('SELECT items FROM broadcasts WHERE id = $1', [started.body.data.idlichphat]);
    const served = await fetch(server.url + items[0].url);
    expect(Buffer.from(await served.arrayBuffer()).equals(mp3)).toBe(true);
    await w.client.get('/v1/client/phatngay/dungphatngay');

    // Another account cannot claim the key of an object it did not put.
    const other = await world();
    const [theirs] = (await other.client.post('/v1/client/lichphat/geturlupload', { key: ['cua-toi.mp3'] })).body.data as { url: string; fields: { key: string } }[];
    await fetch(theirs.url, { method: 'PUT', body: new Uint8Array(makeMp3(2)), headers: { 'content-type': 'audio/mpeg' } });
    const stolen = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Lấy của người khác'), byKey('cua-toi.mp3', theirs.fields.key)));
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(BROADCAST_MESSAGES.fileMissing);
    expect(await inBucket(theirs.fields.key)).toBe(true);
  });

  it('refuses and deletes an object that is not MP3 or is 320 kbps, with the spec messages', async () => {
    const w = await world();
    const [notMp3, at320] = (await w.client.post('/v1/client/lichphat/geturlupload', { key: ['gia.mp3', 'cao.mp3'] })).body.data as { url: string; fields: { key: string } }[];
    await fetch(notMp3.url, { method: 'PUT', body: 'chỉ là văn bản, không phải âm thanh', headers: { 'content-type': 'audio/mpeg' } });
    await fetch(at320.url, { method: 'PUT', body: new Uint8Array(makeMp3(2, 320)), headers: { 'content-type': 'audio/mpeg' } });
    expect(await inBucket(notMp3.fields.key)).toBe(true);
    expect(await inBucket(at320.fields.key)).toBe(true);

    const bad = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Tệp giả'), byKey('gia.mp3', notMp3.fields.key)));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.fileNotMp3);
    expect(await inBucket(notMp3.fields.key)).toBe(false);

    const high = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Tệp 320'), byKey('cao.mp3', at320.fields.key)));
    expect(high.status).toBe(400);
    expect(high.body.message).toBe(MSG.fileBitrate320);
    expect(await inBucket(at320.fields.key)).toBe(false);
    expect(await server.db.query('SELECT 1 FROM media WHERE key = ANY($1)', [[notMp3.fields.key, at320.fields.key]])).toHaveLength(0);
    // No temporary copy is left behind.
    expect(fs.readdirSync(server.app.storage.root).filter((f) => path.extname(f) === '.mp3')).toEqual([]);
  });

  it('refuses a multipart upload that is not MP3 and leaves nothing in the bucket', async () => {
    const w = await world();
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Không phải MP3'), [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'sai.mp3', url: 'x', duration: 3 }] }], [{ name: 'sai.mp3', data: Buffer.from('RIFF....WAVEfmt nothing here') }]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.fileNotMp3);
    const rows = await server.db.query<{ key: string }>("SELECT key FROM media WHERE original_name = 'sai.mp3' AND admin_id = $1", [w.admin.id]);
    expect(rows).toHaveLength(0);
    expect(fs.readdirSync(server.app.storage.root)).toEqual([]);
  });

  it('keeps speech in the bucket: its address and its download serve the same bytes, and a broadcast of it is measured', async () => {
    const w = await world();
    const res = await w.client.post('/v1/client/tts/espeak', { input: 'Thông báo của Ủy ban nhân dân xã về lịch tiêm phòng cho gia súc.', speaker_id: 'banmaiace', fimename: 1763769600000 });
    expect(res.status).toBe(200);
    const { url, urldownload, thoiluong } = res.body.data as { url: string; urldownload: string; thoiluong: number };
    const key = decodeURIComponent(url.slice('/media/'.length));
    expect(await inBucket(key)).toBe(true);
    const played = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
    const downloaded = await fetch(server.url + urldownload);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(played)).toBe(true);
    expect(played.length).toBeGreaterThan(1000);

    const started = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(w.areas.communeA, 'Giọng nói'), [{ kieunguon: SOURCE_KINDS.tts, thoigianBatdau: 5, url, noidunggiongnoi: 'Thông báo' }]));
    expect(started.status).toBe(200);
    expect(started.body.data.thoiluong).toBeCloseTo(thoiluong, 0);
    await w.client.get('/v1/client/phatngay/dungphatngay');
  });
});
