import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteOffset, openFrom } from './rangeStream';

/** A file server that answers ranges (as the Loa server's /media does), and one path that does not. */
const file = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
let http: Server;
let base: string;
const ranges: string[] = [];
beforeAll(async () => {
  http = createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (req.url === '/no-ranges' || !range) {
      res.writeHead(200, { 'content-length': file.length });
      return res.end(file);
    }
    ranges.push(req.headers.range!);
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : file.length - 1;
    res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-length': end - start + 1 });
    res.end(file.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a stored file resumed from its position (issue #30: Range)', () => {
  it('asks for the bytes from the position on, in proportion to the file (constant bitrate)', async () => {
    const source = await openFrom(`${base}/tin.mp3`, 3, 10, new AbortController().signal);
    expect(source).toMatchObject({ offset: 3000, size: 10_000 });
    expect(await readAll(source!.body)).toEqual(file.subarray(3000));
    expect(ranges.slice(-2)).toEqual(['bytes=0-0', 'bytes=3000-']);
  });

  it('answers null where the server sends the whole file (mpg123 then skips frames itself)', async () => {
    expect(await openFrom(`${base}/no-ranges`, 3, 10, new AbortController().signal)).toBeNull();
  });

  it('rejects while the server cannot be reached', async () => {
    await expect(openFrom('http://127.0.0.1:9/tin.mp3', 3, 10, new AbortController().signal)).rejects.toThrow();
  });

  it('keeps offsets inside the file', () => {
    expect(byteOffset(1000, 0, 10)).toBe(0);
    expect(byteOffset(1000, 12, 10)).toBe(999);
    expect(byteOffset(1000, 5, 0)).toBe(0);
  });
});
