import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { EARLIEST_TIME, createTrustedConnection, forgetServerTime, installTrustedFetch, serverNow, trustCertificates, trustedHttpsAgent } from './serverTls';
import { makeTestCa, type TestCa } from './testing/testCertificates';

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;

/**
 * An https server standing for Loa's, whose own clock reads `clock` (its Date header): it answers
 * GET /v1/health, counts what it was asked, and takes MQTT over WebSocket on /mqtt.
 */
async function serverAt(clock: number, cert: { key: string; cert: string }) {
  const asked: string[] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.sendDate = false;
    res.setHeader('Date', new Date(clock).toUTCString());
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ trangthai: 'ok' }));
  });
  const broker = await Aedes.createBroker();
  const wss = new WebSocketServer({ server, path: '/mqtt' });
  wss.on('connection', (ws) => broker.handle(createWebSocketStream(ws) as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`, port, asked,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

let ca: TestCa;
let stranger: TestCa;
const servers: { close: () => Promise<void> }[] = [];
const start = async (clock: number, cert: { key: string; cert: string }) => {
  const s = await serverAt(clock, cert);
  servers.push(s);
  return s;
};
const cause = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
  throw new Error('the connection was not refused');
};

beforeAll(() => {
  ca = makeTestCa();
  stranger = makeTestCa('Someone Else CA');
  trustCertificates(ca.cert);
  installTrustedFetch();
});
afterAll(() => {
  ca?.remove();
  stranger?.remove();
});
beforeEach(() => forgetServerTime());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('TLS to the server from a box whose clock is years off', () => {
  // The server's clock is right; this box's (the test machine's) reads three years earlier, as a box
  // whose clock was reset would: the server's certificate is valid now for the server, not yet for the box.
  const serverClock = Date.now() + 3 * YEAR;
  const current = () => ca.issue(['localhost', '127.0.0.1'], new Date(serverClock - DAY), new Date(serverClock + YEAR));

  it('checks the certificate at the server\'s time, learnt once from its Date header', async () => {
    const server = await start(serverClock, current());
    const answer = await fetch(`${server.url}/v1/health`);
    expect(await answer.json()).toEqual({ trangthai: 'ok' });
    expect(Math.abs(serverNow()! - serverClock)).toBeLessThan(5000);
    // The time was asked once, then the request itself; a second request needs no asking.
    await (await fetch(`${server.url}/v1/health?lan=2`)).json();
    expect(server.asked).toEqual(['HEAD /v1/health', 'GET /v1/health', 'GET /v1/health?lan=2']);
  });

  it('connects MQTT over wss, and reads a live stream over https, the same way', async () => {
    const server = await start(serverClock, current());
    const client = mqtt.connect(`wss://localhost:${server.port}/mqtt`, { reconnectPeriod: 0, wsOptions: { createConnection: createTrustedConnection } as never });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      await client.subscribeAsync('loa/thu');
      const got = new Promise<string>((resolve) => client.once('message', (_t, payload) => resolve(payload.toString())));
      await client.publishAsync('loa/thu', 'xin chào');
      expect(await got).toBe('xin chào');
    } finally {
      await client.endAsync(true);
    }
    const status = await new Promise<number>((resolve, reject) => {
      https.get(`${server.url}/v1/health`, { agent: trustedHttpsAgent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(status).toBe(200);
  });

  it('connects as always, without asking the time, when the certificate is valid on this box\'s clock', async () => {
    const server = await start(Date.now(), ca.issue(['localhost'], new Date(Date.now() - DAY), new Date(Date.now() + YEAR)));
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    expect(server.asked).toEqual(['GET /v1/health']);
    expect(serverNow()).toBeNull();
  });

  it('still refuses, sending nothing, a certificate of an untrusted authority or for another name', async () => {
    const untrusted = await start(serverClock, stranger.issue(['localhost'], new Date(serverClock - DAY), new Date(serverClock + YEAR)));
    expect(await cause(fetch(`${untrusted.url}/v1/health`))).toMatch(/ServerTlsError/);
    const otherName = await start(serverClock, ca.issue(['loa.example.vn'], new Date(serverClock - DAY), new Date(serverClock + YEAR)));
    expect(await cause(fetch(`${otherName.url}/v1/health`))).toMatch(/not for localhost/);
    expect([...untrusted.asked, ...otherName.asked]).toEqual([]);
  });

  it('refuses a certificate that expired before this agent was built, whatever time the server tells', async () => {
    // An old certificate (its key may have leaked since) and a server that says it is still its time.
    const then = EARLIEST_TIME - 2 * YEAR;
    const server = await start(then, ca.issue(['localhost'], new Date(then - DAY), new Date(then + YEAR)));
    expect(await cause(fetch(`${server.url}/v1/health`))).toMatch(/before this agent was built/);
    expect(server.asked).toEqual(['HEAD /v1/health']);
    expect(serverNow()).toBeNull();
  });

  it('refuses a certificate not valid at the server\'s time either', async () => {
    const server = await start(serverClock, ca.issue(['localhost'], new Date(serverClock + YEAR), new Date(serverClock + 2 * YEAR)));
    expect(await cause(fetch(`${server.url}/v1/health`))).toMatch(/not valid at the server's time/);
    expect(server.asked).toEqual(['HEAD /v1/health']);
  });
});
