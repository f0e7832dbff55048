import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers';

// A built console as apps/web's build leaves it: hashed assets with their .br/.gz copies, index.html with its copies, an unhashed file.
const script = `console.log(${JSON.stringify('Bảng điều khiển Loa '.repeat(200))});`;
const page = `<!doctype html><html lang="vi"><title>Loa</title><div id="root">${'bảng điều khiển '.repeat(100)}</div></html>`;
let server: TestServer;
beforeAll(async () => {
  const files: Record<string, string | Uint8Array> = { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' };
  for (const [name, content] of [['assets/index-B4x9Qz1a.js', script], ['index.html', page]]) {
    Object.assign(files, { [name]: content, [`${name}.br`]: zlib.brotliCompressSync(content), [`${name}.gz`]: zlib.gzipSync(content) });
  }
  server = await startTestServer({}, undefined, { webFiles: files });
});
afterAll(async () => {
  await server?.close();
});

/** A GET as a browser sends it, the body as it came over the wire (fetch would decode it). */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the built console over HTTP', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get(`${server.url}/assets/index-B4x9Qz1a.js`, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli and the plain file to one that accepts neither', async () => {
    const gz = await get(`${server.url}/assets/index-B4x9Qz1a.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(`${server.url}/assets/index-B4x9Qz1a.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the console page for a client-side route compressed and revalidated on every visit', async () => {
    const res = await get(`${server.url}/tong-quan`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
    const root = await get(`${server.url}/`, 'gzip');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(root.body).toString()).toBe(page);
  });

  it('revalidates unhashed files (a redeploy may change them under the same name)', async () => {
    const res = await get(`${server.url}/favicon.svg`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('<svg');
  });

  it('answers an asset of an older build with 404, not the console page', async () => {
    const res = await get(`${server.url}/assets/index-Old12345.js`, 'br');
    expect(res.status).toBe(404);
  });
});
