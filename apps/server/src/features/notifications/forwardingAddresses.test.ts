import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, OUTBOUND_MESSAGES, outboundStatusMessage } from '@loa/contract';
import { signedInAdmin, startTestServer, type TestServer } from '../../../test/helpers';
import { notifyScheduleAwaitingApproval } from './notify';

/** A local HTTP server on port 0 that counts the requests it got. */
interface Target { url: string; hits: number; close: () => Promise<void> }
async function target(host: string, handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Target> {
  const server = http.createServer((req, res) => {
    state.hits += 1;
    req.resume().on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const state: Target = {
    url: `http://${host}:${(server.address() as AddressInfo).port}`, hits: 0,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return state;
}

const SECRET = 'BI-MAT-NOI-BO';

// Only 127.0.0.1 is allow-listed: the other loopback addresses, ::1, link-local and private ones stay refused.
let server: TestServer;
let inside: Target;
let hook: Target;
beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  inside = await target('127.0.0.2', (_req, res) => res.writeHead(200).end(SECRET));
  hook = await target('127.0.0.1', (req, res) => {
    if (req.url === '/redirect') return res.writeHead(307, { location: `${inside.url}/latest/meta-data/` }).end();
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`${SECRET} stack trace`);
  });
});
afterAll(async () => {
  await Promise.all([inside?.close(), hook?.close()]);
  await server?.close();
});

const webhook = (url: string) => ({ dichvu: 'webhook', batdau: true, sukien: ['lichphat-choduyet'], cauhinh: { url } });

describe('webhook and Telegram addresses', () => {
  it('refuses webhooks inside the server\'s network and non-http schemes at input', async () => {
    const { client } = await signedInAdmin(server);
    const port = new URL(inside.url).port;
    for (const url of [`${inside.url}/hook`, `http://[::1]:${port}/`, 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/`, `http://2130706434:${port}/`, `http://0x7f.2:${port}/`, 'http://10.0.0.8/hook']) {
      const res = await client.post('/v1/client/thongbao/chuyentiep/capnhat', webhook(url));
      expect([url, res.status, res.body.message]).toEqual([url, 400, OUTBOUND_MESSAGES.addressRefused]);
    }
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,x', 'ftp://example.vn/']) {
      const res = await client.post('/v1/client/thongbao/chuyentiep/capnhat', webhook(url));
      expect([url, res.status, res.body.message]).toEqual([url, 400, NOTIFICATION_MESSAGES.webhookUrlInvalid]);
    }
    const token = await client.post('/v1/client/thongbao/chuyentiep/capnhat', { dichvu: 'telegram', batdau: true, sukien: [], cauhinh: { bottoken: '1:abc/../../x?y=', chatid: '1' } });
    expect(token).toMatchObject({ status: 400, body: { message: NOTIFICATION_MESSAGES.telegramTokenInvalid } });
    expect(inside.hits).toBe(0);
  });

  it('keeps a status, never the remote body, as the last error and the test result', async () => {
    const { admin, client } = await signedInAdmin(server);
    expect((await client.post('/v1/client/thongbao/chuyentiep/capnhat', webhook(`${hook.url}/fails`))).status).toBe(200);
    await notifyScheduleAwaitingApproval(server.app.notifyDeps, { id: 'lich-ssrf', adminId: admin.id, areaIds: [], title: 'Lũ', createdByName: 'Xã A' });
    const saved = (await client.get('/v1/client/thongbao/chuyentiep')).body.data.find((f: { dichvu: string }) => f.dichvu === 'webhook');
    expect(saved.loigannhat).toContain(outboundStatusMessage(500));
    expect(saved.loigannhat).not.toContain(SECRET);
    const tried = await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'webhook' });
    expect(tried).toMatchObject({ status: 400, body: { message: `${NOTIFICATION_MESSAGES.sendFailed} ${outboundStatusMessage(500)}` } });
  });

  it('does not follow a webhook\'s redirect into the server\'s network', async () => {
    const { client } = await signedInAdmin(server);
    await client.post('/v1/client/thongbao/chuyentiep/capnhat', webhook(`${hook.url}/redirect`));
    const tried = await client.post('/v1/client/thongbao/chuyentiep/guithu', { dichvu: 'webhook' });
    expect(tried).toMatchObject({ status: 400, body: { message: `${NOTIFICATION_MESSAGES.sendFailed} ${OUTBOUND_MESSAGES.redirect}` } });
    expect(JSON.stringify(tried.body)).not.toContain(SECRET);
    expect(inside.hits).toBe(0);
  });
});
