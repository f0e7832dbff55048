import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { startLocalS3, type LocalS3 } from '../../test/s3server';
import { diskStorage } from './diskStorage';
import { s3Storage } from './s3Storage';
import type { MediaStorage } from './storage';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
const opened: MediaStorage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close?.()));
  await s3.close();
});

const open = (publicUrl?: string) => track(s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', publicUrl }));

function track<T extends MediaStorage>(storage: T): T {
  opened.push(storage);
  return storage;
}

describe('S3 media storage', () => {
  it('puts, heads, reads (with a range), copies locally and deletes an object in the bucket', async () => {
    const storage = open();
    const key = `audio/${Date.now()}-0123456789abcdef-bản-tin.mp3`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.put(key, Buffer.from('0123456789'))).toEqual({ size: 10 });
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe('audio/mpeg');
    expect(await storage.stat(key)).toEqual({ size: 10 });
    expect(await text(await storage.read(key))).toBe('0123456789');
    expect(await text(await storage.read(key, { start: 3, end: 5 }))).toBe('345');
    let seen = '';
    const result = await storage.withLocalFile(key, async (file) => {
      expect(file.endsWith('-bản-tin.mp3')).toBe(true);
      seen = file;
      return fs.promises.readFile(file, 'utf8');
    });
    expect(result).toBe('0123456789');
    expect(fs.existsSync(seen)).toBe(false);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
  });

  it('stores nothing when the check of a streamed put fails, and everything when it passes', async () => {
    const storage = open();
    const bad = `audio/${Date.now()}-0123456789abcdef-bad.mp3`;
    await expect(storage.put(bad, fs.createReadStream(import.meta.filename), { check: async () => { throw new Error('not audio'); } })).rejects.toThrow('not audio');
    expect(await storage.exists(bad)).toBe(false);
    expect(fs.readdirSync(storage.root)).toEqual([]);
    const good = `audio/${Date.now()}-0123456789abcdef-good.mp3`;
    let checked = '';
    const { size } = await storage.put(good, fs.createReadStream(import.meta.filename), { check: async (file) => { checked = await fs.promises.readFile(file, 'utf8'); } });
    expect(size).toBe(fs.statSync(import.meta.filename).size);
    expect(checked).toContain('stores nothing when the check');
    expect((await storage.stat(good))?.size).toBe(size);
  });

  it('hands devices a presigned GET, or the public base URL when one is set', async () => {
    const storage = open();
    const key = `tts/${Date.now()}-giọng.mp3`;
    await storage.put(key, Buffer.from('ID3 speech'));
    const url = await storage.publicUrl(key);
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/tts/`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ID3 speech');
    expect(await open('https://cdn.example.vn/loa/').publicUrl(key)).toBe(`https://cdn.example.vn/loa/tts/${encodeURIComponent(key.slice(4))}`);
    expect(storage.publicPath(key)).toBe(`/media/tts/${encodeURIComponent(key.slice(4))}`);
  });

  it('presigns PUT addresses signed for audio/mpeg', async () => {
    const storage = open();
    const key = `audio/${Date.now()}-0123456789abcdef-put.mp3`;
    const url = await storage.presignUpload!(key, 60);
    // The content type is part of the signature (a real S3 refuses another; s3rver checks no V4
    // signature), and no checksum of an empty body is signed in.
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url).not.toContain('x-amz-checksum');
    const put = await fetch(url, { method: 'PUT', body: 'abc', headers: { 'content-type': 'audio/mpeg' } });
    expect(put.ok).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: 3 });
  });

  it('refuses keys that would leave their folder, on both stores', async () => {
    const diskRoot = fs.mkdtempSync(`${storage_tmp()}/loa-disk-`);
    try {
      const stores: MediaStorage[] = [open(), diskStorage(diskRoot)];
      for (const storage of stores) {
        await expect(storage.exists('audio/../secret')).rejects.toThrow(/invalid media key/);
        await expect(storage.publicUrl('../x')).rejects.toThrow(/invalid media key/);
      }
    } finally {
      fs.rmSync(diskRoot, { recursive: true, force: true });
    }
  });

  it('removes the temporary folder it made when closed, and leaves a folder it was given', async () => {
    const own = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    expect(fs.existsSync(own.root)).toBe(true);
    await own.close?.();
    expect(fs.existsSync(own.root)).toBe(false);

    const given = fs.mkdtempSync(`${storage_tmp()}/loa-s3-given-`);
    try {
      const store = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', tempDir: given });
      await store.close?.();
      expect(fs.existsSync(given)).toBe(true);
    } finally {
      fs.rmSync(given, { recursive: true, force: true });
    }
  });
});

function storage_tmp(): string {
  return fs.realpathSync(process.env.TMPDIR ?? '/tmp');
}
