import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApiError, AdminClient } from './httpAdmin';

/** A stand-in for the server's HTTP surface, checking what the real one checks (CSRF, cookies). */
let server: Server;
let base: string;
const calls: { method: string; url: string; cookie: string; csrf: string; body: any }[] = [];

async function readBody(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const cookie = req.headers.cookie ?? '';
    const csrf = String(req.headers['x-csrf-token'] ?? '');
    calls.push({ method: req.method ?? '', url: req.url ?? '', cookie, csrf, body });
    const send = (status: number, json: unknown, cookies: string[] = []) => {
      res.writeHead(status, { 'content-type': 'application/json', 'set-cookie': cookies });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && !cookie.includes(`loa_csrf=${csrf}`)) return send(403, { message: 'csrf' });
    if (req.url === '/v1/client/csrf') return send(200, { data: { token: 'tok1' } }, ['loa_csrf=tok1; Path=/; SameSite=Strict']);
    if (req.url === '/v1/client/login') {
      if (body.password !== 'pw') return send(400, { message: 'Sai mật khẩu' });
      return send(200, { data: {} }, ['loa_at=access; Path=/; HttpOnly', 'loa_rt=refresh; Path=/; HttpOnly']);
    }
    if (!cookie.includes('loa_at=access')) return send(401, { auto: 'no', message: 'login' });
    if (req.url?.startsWith('/v1/client/thietbi/danhsachthietbi')) return send(200, { data: { items: [{ _id: 'd1', tenthietbi: 'Loa 1' }, { _id: 'd2', tenthietbi: 'Loa 2' }], total: 2 } });
    if (req.url === '/v1/client/thietbi/reset') return send(200, { data: { items: body.ids.map((id: string) => ({ _id: id, secret: `new-${id}` })) } });
    send(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('AdminClient', () => {
  it('signs in with the CSRF token, then lists devices and resets secrets with the session cookies', async () => {
    const client = new AdminClient(base);
    await client.login('admin', 'pw');
    const login = calls.find((c) => c.url === '/v1/client/login');
    expect(login?.csrf).toBe('tok1');
    expect(login?.body).toEqual({ tentaikhoan: 'admin', password: 'pw', DiaDiem: 'speaker-simulator' });
    const devices = await client.listDevices();
    expect(devices.map((d) => d._id)).toEqual(['d1', 'd2']);
    expect(calls.at(-1)?.url).toBe('/v1/client/thietbi/danhsachthietbi?limit=20000&page=1');
    expect(await client.resetSecrets(['d2'])).toEqual([{ _id: 'd2', secret: 'new-d2' }]);
    expect(calls.at(-1)?.cookie).toContain('loa_rt=refresh');
  });

  it('reports the server message of a refused sign-in', async () => {
    const error = await new AdminClient(base).login('admin', 'nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).status).toBe(400);
    expect((error as Error).message).toContain('Sai mật khẩu');
  });
});
