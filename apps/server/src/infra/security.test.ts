import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, MSG, SOURCE_KINDS } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';
import { encodeForm, rawRequest } from '../../test/rawHttp';
import { loadConfig } from '../config';
import { security } from './security';
import { useZodValidation } from './validation';

/**
 * Spellings of one path that a router or a proxy might take for the canonical one. Whichever of
 * them the router routes, the route's rules must apply; the others must not run anything.
 */
const spellings = (path: string): string[] => {
  const rest = path.slice('/v1/'.length);
  const [first] = rest.split('/');
  return [
    path,
    `/%761/${rest}`, `/%56%31/${rest}`, `/%76%31/${rest}`, `/v%31/${rest}`, `/V1/${rest}`,
    `/v1/%${first.charCodeAt(0).toString(16)}${rest.slice(1)}`, `/v1/%${first.charCodeAt(0).toString(16).toUpperCase()}${rest.slice(1)}`,
    `/v1%2F${rest}`, `/v1%2f${rest.replaceAll('/', '%2f')}`, `/%2576${path.slice(2)}`,
    `/${path}`, `/v1//${rest}`, `${path.replace(/\/([^/]+)$/, '//$1')}`,
    `/.${path}`, `/v1/./${rest}`, `/x/..${path}`, `/v1/x/../${rest}`, `/v1/%2e/${rest}`, `/v1/%2E%2E/v1/${rest}`,
    `${path}/`, `${path};a=b`, `${path};`, `${path}?a=/x`, `${path}?`, `${path}#x`, `${path}%3Fa`, `${path}%00`, `${path}%20`,
    `http://127.0.0.1${path}`, `http://127.0.0.1/%761/${rest}`, `HTTP://LOCALHOST${path}`,
  ];
};

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const count = async (table: string) => Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

describe('CSRF on the route the router matched', () => {
  it('refuses a forged multipart emergency broadcast (cookies, no token) under every spelling of its path: 403, nothing played or written', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const form = broadcastForm(
      { tieude: 'Giả mạo', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 }],
    );
    const { body, contentType } = await encodeForm(form);
    const before = { broadcasts: await count('broadcasts'), media: await count('media') };
    const answers: Record<string, number> = {};
    for (const target of spellings('/v1/client/phatngay/phatngay')) {
      const res = await rawRequest(server.url, 'POST', target, { 'content-type': contentType, cookie: w.client.cookieHeader, origin: 'https://evil.example' }, body);
      answers[target] = res.status;
      if (res.status === 403) expect(JSON.parse(res.body)).toEqual({ message: MSG.csrfInvalid });
    }
    // Routed spellings are refused by the CSRF check, the others find no route: none runs.
    expect(Object.entries(answers).filter(([, status]) => status !== 403 && status !== 404)).toEqual([]);
    expect(answers['/%761/client/phatngay/phatngay']).toBe(403);
    expect(answers['http://127.0.0.1/v1/client/phatngay/phatngay']).toBe(403);
    // The worker's database is shared: the engine may have taken over other files' running broadcasts.
    expect(server.app.engine.live().filter((entry) => entry.idAdmin === w.admin.id)).toEqual([]);
    expect(agents[0].playing).toBeNull();
    expect({ broadcasts: await count('broadcasts'), media: await count('media') }).toEqual(before);
  });

  it('refuses a state-changing call without the token on any route and any path, routed or not', async () => {
    const w = await signedInAdmin(server);
    for (const target of ['/%761/client/media/upload/abc', '/v1/client/media/upload/abc']) {
      const res = await rawRequest(server.url, 'PUT', target, { 'content-type': 'audio/mpeg', cookie: w.client.cookieHeader }, Buffer.from('ID3'));
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ message: MSG.csrfInvalid });
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await rawRequest(server.url, method, '/khong-phai-api', { cookie: w.client.cookieHeader })).status).toBe(403);
    }
  });

  it('lets a route opt out explicitly in its config, and only that route', async () => {
    const app = Fastify();
    useZodValidation(app);
    app.decorate('config', loadConfig({}, { inMemory: true, RATE_LIMIT_PER_MINUTE: 100 }));
    await app.register(cookie);
    await app.register(security);
    app.post('/v1/ky-so', { config: { csrf: false } }, async () => ({ ok: true }));
    app.post('/v1/thuong', async () => ({ ok: true }));
    try {
      expect((await app.inject({ method: 'POST', url: '/v1/ky-so' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/v1/thuong' })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/v1/thuong', cookies: { [CSRF_COOKIE]: 't' }, headers: { [CSRF_HEADER]: 't' } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('calls that act as nobody, and stopping by GET (issue #27)', () => {
  it('answers a POST with neither login cookie nor Authorization 401 (sign in), not the CSRF message', async () => {
    const res = await rawRequest(server.url, 'POST', '/v1/client/lichphat/taolichphat', { 'content-type': 'application/json' }, Buffer.from('{}'));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).message).toBe(MSG.loginRequired);
    // With a login cookie the token is still required: that is the forgery the check is for.
    const w = await signedInAdmin(server);
    const forged = await rawRequest(server.url, 'POST', '/v1/client/lichphat/taolichphat', { 'content-type': 'application/json', cookie: w.client.cookieHeader }, Buffer.from('{}'));
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toEqual({ message: MSG.csrfInvalid });
    // A route anyone may call (sign-in) keeps its CSRF check.
    expect((await rawRequest(server.url, 'POST', '/v1/client/login', { 'content-type': 'application/json' }, Buffer.from('{}'))).status).toBe(403);
  });

  it('never stops an emergency from a GET or HEAD without the CSRF token; POST and the GET with the token stop it', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const send = async () => {
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
        { tieude: 'Không được dừng bằng liên kết', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
        [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 300, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 300 }],
      ));
      expect(res.status).toBe(200);
    };
    const mine = () => server.app.engine.live().filter((entry) => entry.idAdmin === w.admin.id);
    await send();
    for (const target of spellings('/v1/client/phatngay/dungphatngay')) {
      for (const method of ['GET', 'HEAD']) await rawRequest(server.url, method, target, { cookie: w.client.cookieHeader });
    }
    expect(mine()).toHaveLength(1);
    expect((await w.client.request('GET', '/v1/client/phatngay/dungphatngay')).status).toBe(200);
    expect(mine()).toEqual([]);
    await send();
    const stopped = await w.client.post('/v1/client/phatngay/dungphatngay', {});
    expect(stopped.body.data.sochuongtrinh).toBe(1);
    expect(mine()).toEqual([]);
  });
});

describe('the API rate limit on the route the router matched', () => {
  it('counts every routed spelling of an API path against the same limit', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: 4 });
    try {
      const routed: string[] = [];
      for (const target of spellings('/v1/client/csrf')) {
        const res = await rawRequest(limited.url, 'GET', target);
        if (res.status === 200 || res.status === 429) routed.push(target);
        if (res.status === 429) {
          expect(JSON.parse(res.body)).toEqual({ message: MSG.tooManyRequests });
          break;
        }
      }
      // Four calls in, whatever their spelling, the fifth routed one is refused.
      expect(routed).toHaveLength(5);
      expect((await rawRequest(limited.url, 'GET', '/%761/client/csrf')).status).toBe(429);
      // The limit is per address over every API route, not per spelling or per path.
      expect((await rawRequest(limited.url, 'GET', '/v1/%63lient/tongquan')).status).toBe(429);
      // Only a route that opts out in its config escapes it (the load balancer's liveness probe).
      expect((await rawRequest(limited.url, 'GET', '/v1/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
