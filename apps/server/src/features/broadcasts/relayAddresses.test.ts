import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_MESSAGES, SOURCE_KINDS } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';

/** Local HTTP servers on port 0 standing in for relay streams and for what sits inside the server's network. */
interface Target { url: string; hits: number; close: () => Promise<void> }
async function target(host: string, handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Target> {
  const server = http.createServer((req, res) => {
    state.hits += 1;
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const state: Target = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`, hits: 0,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return state;
}

const SECRET = 'BI-MAT-NOI-BO';
const relay = (url: string, seconds = 60) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'Kênh thử', url, thoiluong: seconds });

describe('relay paths without an allow list', () => {
  let server: TestServer;
  let inside: Target;
  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW_HOSTS: '' });
    inside = await target('127.0.0.1', (_req, res) => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SECRET));
  });
  afterAll(async () => {
    await inside?.close();
    await server?.close();
  });

  it('refuses, for programmes and channels alike, any address inside the server\'s network, however it is spelled', async () => {
    const { client } = await signedInAdmin(server);
    const port = new URL(inside.url).port;
    for (const url of [
      `${inside.url}/stream`, 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${port}/`, `http://0.0.0.0:${port}/`, `http://localhost:${port}/`,
      `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://0177.0.0.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, 'http://192.168.1.10/live', 'http://[fd00::5]/',
    ]) {
      const programme = await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'Tiếp sóng', loaibantin: 1, nguonphat: [relay(url)] });
      expect([url, programme.status, programme.body.message]).toEqual([url, 400, OUTBOUND_MESSAGES.addressRefused]);
      const channel = await client.post('/v1/client/kenh/themmoi', { tenkenh: 'Kênh', url });
      expect([url, channel.status, channel.body.message]).toEqual([url, 400, OUTBOUND_MESSAGES.addressRefused]);
    }
    expect(inside.hits).toBe(0);
    expect((await client.get('/v1/client/lichphat/danhsachkenhsohoa')).body.data).toEqual([]);
  });

  it('refuses javascript:, file:, data: and ftp: paths at input with a Vietnamese message', async () => {
    const { client } = await signedInAdmin(server);
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:audio/mpeg;base64,SUQz', 'ftp://radio.example.vn/a.mp3', 'rtsp://radio.example.vn/live']) {
      const programme = await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'Tiếp sóng', loaibantin: 1, nguonphat: [relay(url)] });
      expect([url, programme.status, programme.body.message]).toEqual([url, 400, OUTBOUND_MESSAGES.relayUrlNotHttp]);
      const channel = await client.post('/v1/client/kenh/themmoi', { tenkenh: 'Kênh', url });
      expect([url, channel.status, channel.body.message]).toEqual([url, 400, OUTBOUND_MESSAGES.relayUrlNotHttp]);
    }
  });

  it('keeps public paths and channels chosen from the list working', async () => {
    const { client } = await signedInAdmin(server);
    expect((await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'VOV', loaibantin: 1, nguonphat: [relay('https://str.vov.gov.vn/vovlive/vov1.m3u8')] })).status).toBe(200);
    const channel = (await client.post('/v1/client/kenh/themmoi', { tenkenh: 'VOV1', url: 'https://str.vov.gov.vn/vovlive/vov1.m3u8' })).body.data;
    expect((await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'Theo kênh', loaibantin: 1, nguonphat: [relay(channel._id)] })).status).toBe(200);
    const unknown = await client.post('/v1/client/chuongtrinh/themmoi', { ten: 'Theo kênh', loaibantin: 1, nguonphat: [relay('0b6f1c9e-2f4e-4c1a-9d7e-5a1b2c3d4e5f')] });
    expect(unknown).toMatchObject({ status: 400, body: { message: OUTBOUND_MESSAGES.channelUnknown } });
  });
});

describe('the listen link proxying a relay (127.0.0.1 allow-listed)', () => {
  let server: TestServer;
  const agents: SpeakerAgent[] = [];
  const targets: Target[] = [];
  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
    await Promise.all(targets.map((t) => t.close()));
    await server.close();
  });

  it('passes on the allow-listed stream only: no redirect into the network, no error body, no more bytes than the slot allows', async () => {
    // Another loopback address, not on the list: what a redirect must not reach.
    const inside = await target('127.0.0.2', (_req, res) => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SECRET));
    const big = Buffer.alloc(4 * 1024 * 1024, 0x55);
    const stream = await target('127.0.0.1', (req, res) => {
      if (req.url === '/redirect') return res.writeHead(302, { location: `${inside.url}/latest/meta-data/` }).end();
      if (req.url === '/error') return res.writeHead(500, { 'content-type': 'text/plain' }).end(SECRET);
      if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(big);
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('AM-THANH-TIEP-SONG');
    });
    targets.push(inside, stream);
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Tiếp sóng', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [relay(`${stream.url}/redirect`, 30), relay(`${stream.url}/error`, 30), relay(`${stream.url}/huge`, 2), relay(`${stream.url}/live`, 30)],
    ));
    expect(res.status).toBe(200);
    const listened = await fetch(`${server.url}/v1/client/phatngay/nghe/${res.body.data.idlichphat}`, { headers: { cookie: w.client.cookieHeader } });
    const bytes = Buffer.from(await listened.arrayBuffer());
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from('AM-THANH-TIEP-SONG'))).toBe(true);
    // Two seconds of relay may bring 1 MB plus 64 KB a second, not the 4 MB the stream offered.
    expect(bytes.length).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024 + 100);
    expect(inside.hits).toBe(0);
    await w.client.get('/v1/client/phatngay/dungphatngay');
  });
});
