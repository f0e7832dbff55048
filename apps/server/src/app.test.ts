import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@loa/contract';
import { startTestServer, TestClient, type TestServer } from '../test/helpers';

let server: TestServer;
const CONSOLE = { 'index.html': '<!doctype html><title>Loa console</title>' };
beforeAll(async () => {
  server = await startTestServer({}, undefined, { webFiles: CONSOLE });
});
afterAll(async () => {
  await server?.close();
});

describe('the HTTP surface', () => {
  it('answers an unknown API path with 404 JSON in Vietnamese', async () => {
    const res = await new TestClient(server.url).get('/v1/client/khong-co');
    expect(res).toMatchObject({ status: 404, body: { message: MSG.notFound } });
  });

  it('serves the console for client-side routes', async () => {
    const res = await new TestClient(server.url).get('/quan-ly-thiet-bi');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Loa console');
  });

  it('answers a missing asset with 404, not the console page', async () => {
    const res = await new TestClient(server.url).get('/assets/index-old.js');
    expect(res.status).toBe(404);
  });

  it('answers malformed JSON and oversized bodies with clear messages, and keeps serving', async () => {
    const client = new TestClient(server.url);
    await client.get('/v1/client/csrf');
    const csrf = client.cookies.get('loa_csrf')!;
    const post = (body: string) => fetch(`${server.url}/v1/client/login`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', cookie: client.cookieHeader, 'x-csrf-token': csrf },
    });
    const malformed = await post('{"tentaikhoan": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(MSG.bodyInvalid);
    const huge = await post(JSON.stringify({ tentaikhoan: 'a', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe(MSG.bodyTooLarge);
    expect((await client.get('/v1/client/csrf')).status).toBe(200);
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await new TestClient(server.url).get('/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/client/login', '/v1/client/nguoidung/thaydoimatkhau', '/v1/client/tongquan']));
    expect(res.body.paths['/v1/client/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('tentaikhoan');
    // The province exchange's bodies (docs/interop.md) are documented too.
    expect(res.body.paths['/v1/client/httt-nguon/bantin'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('mucdouutien');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/client/httt-nguon/lenh', '/v1/client/ketnoi/httt-nguon']));
  });

  it('limits API calls per address with a Vietnamese message, but not the console’s files', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: 5 }, undefined, { webFiles: CONSOLE });
    try {
      const client = new TestClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await client.get('/v1/client/csrf')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await client.get('/v1/client/csrf')).body.message).toBe(MSG.tooManyRequests);
      for (let i = 0; i < 8; i += 1) expect((await client.get('/quan-ly-thiet-bi')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
