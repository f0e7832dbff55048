import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SOURCE_KINDS } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../test/helpers';
import { makeMp3 } from '../../test/audio';
import { closedBy, connectRaw } from '../../test/rawHttp';

// Short limits so the tests see them act: headers within 1 s, the whole request within 2 s.
let server: TestServer;
const agents: SpeakerAgent[] = [];
const open: net.Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ HTTP_HEADERS_TIMEOUT_SECONDS: 1, HTTP_REQUEST_TIMEOUT_SECONDS: 2 });
}, 120_000);
afterAll(async () => {
  for (const s of open) s.destroy();
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function socketTo(): Promise<net.Socket> {
  const socket = await connectRaw(server.url);
  open.push(socket);
  return socket;
}
/** Writes on a socket every `everyMs` until it closes; the server cutting it is what is tested. */
function trickle(socket: net.Socket, chunk: () => string | Buffer, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(chunk(), () => undefined);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}
async function csrfCookies(): Promise<{ cookie: string; token: string }> {
  const client = new TestClient(server.url);
  await client.get('/v1/client/csrf');
  return { cookie: client.cookieHeader, token: client.cookies.get('loa_csrf')! };
}

describe('slow and oversized requests', () => {
  it('cuts a connection whose headers trickle in (slowloris) with 408 soon after the headers timeout', async () => {
    const socket = await socketTo();
    const started = Date.now();
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let n = 0;
    trickle(socket, () => `X-Slow-${(n += 1)}: a\r\n`, 150);
    const answer = await closedBy(socket, 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('cuts a request whose body trickles in with 408 soon after the request timeout', async () => {
    const { cookie, token } = await csrfCookies();
    const socket = await socketTo();
    const started = Date.now();
    socket.write(`POST /v1/client/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${token}\r\n\r\n{"tentaikhoan":"`);
    trickle(socket, () => 'a'.repeat(16), 150);
    const answer = await closedBy(socket, 6000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('answers an oversized body 413 in Vietnamese and closes the connection instead of reading the rest', async () => {
    const { cookie, token } = await csrfCookies();
    for (const framing of ['Content-Length: 1000000000', 'Transfer-Encoding: chunked']) {
      const socket = await socketTo();
      socket.write(`POST /v1/client/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${token}\r\n\r\n`);
      const block = Buffer.alloc(256 * 1024, 'a');
      const chunked = framing.startsWith('Transfer');
      // The client keeps sending as fast as it can; the server must not swallow it all.
      trickle(socket, () => (chunked ? Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')]) : block), 5);
      const answer = await closedBy(socket, 5000);
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(Buffer.from(answer, 'latin1').toString('utf8')).toContain(JSON.stringify({ message: MSG.bodyTooLarge }));
    }
    // The server keeps serving.
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });

  it('refuses an upgrade to a path nothing serves instead of leaving it hanging', async () => {
    const socket = await socketTo();
    socket.write('GET /khong-co HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(await closedBy(socket, 3000)).toMatch(/^HTTP\/1\.1 404/);
  });
});

describe('long-lived connections outlast the request timeouts', () => {
  it('keeps the listen stream, Socket.IO and MQTT over WebSocket open past the request timeout', async () => {
    const w = await signedInAdmin(server);
    const socket = await w.client.socket();
    let socketDropped = false;
    socket.on('disconnect', () => (socketDropped = true));

    const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa WS', diaban: w.areas.communeA, serial: `WS-${crypto.randomBytes(4).toString('hex')}` });
    const deviceId: string = added.body.data.thietbi._id;
    const device = await mqtt.connectAsync(`${server.url.replace('http', 'ws')}/mqtt`, { clientId: deviceId, username: deviceId, password: added.body.data.secret, reconnectPeriod: 0 });
    let deviceDropped = false;
    device.on('close', () => (deviceDropped = true));

    // A relay that sends a frame of audio every 100 ms, as a radio station does, for its 4 s slot.
    const frame = makeMp3(1).subarray(0, 418);
    const station = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => res.write(frame), 100);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => station.listen(0, '127.0.0.1', resolve));
    const relayUrl = `http://127.0.0.1:${(station.address() as AddressInfo).port}/radio`;
    try {
      agents.push(...(await startSpeakers(server, w.client, w.areas.communeB, 1)));
      const live = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
        { tieude: 'Nghe lâu', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeB], thietbichon: ['tatca'], kieulaplai: 0 },
        [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 4, tenkenh: 'Đài thử', url: relayUrl, thoiluong: 4 }],
      ))).body.data;
      const started = Date.now();
      const res = await fetch(`${server.url}/v1/client/phatngay/nghe/${live.idlichphat}`, { headers: { cookie: w.client.cookieHeader } });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      // Streamed for longer than the 2 s request timeout, to the end of the slot.
      expect(Date.now() - started).toBeGreaterThan(2500);
      expect(bytes.length).toBeGreaterThan(frame.length * 20);
    } finally {
      station.closeAllConnections();
      station.close();
    }

    await sleep(500);
    expect({ socketDropped, deviceDropped, socket: socket.connected, device: device.connected }).toEqual({ socketDropped: false, deviceDropped: false, socket: true, device: true });
    socket.close();
    await device.endAsync();
  });
});

describe('stopping the server', () => {
  it('stops while a console and a speaker on MQTT over WebSocket are still connected, and tells both', async () => {
    // Its own server: stopping it is what is tested.
    const stopping = await startTestServer();
    let stopped = false;
    try {
      const w = await signedInAdmin(stopping);
      const socket = await w.client.socket();
      const consoleTold = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa WS', diaban: w.areas.communeA, serial: `WS-${crypto.randomBytes(4).toString('hex')}` });
      const deviceId: string = added.body.data.thietbi._id;
      const device = await mqtt.connectAsync(`${stopping.url.replace('http', 'ws')}/mqtt`, { clientId: deviceId, username: deviceId, password: added.body.data.secret, reconnectPeriod: 0 });
      const deviceDropped = new Promise<void>((resolve) => device.once('close', () => resolve()));
      try {
        // Before, the close waited for both connections for ever (the test's time-out).
        await stopping.close();
        stopped = true;
        expect(await consoleTold).toBe('io server disconnect');
        await deviceDropped;
      } finally {
        socket.close();
        device.end(true);
      }
    } finally {
      if (!stopped) await stopping.close();
    }
  }, 30_000);
});
