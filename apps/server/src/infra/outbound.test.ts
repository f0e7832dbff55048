import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOUND_MESSAGES } from '@loa/contract';
import { createOutbound, OutboundError, type Resolver } from './outbound';
import { OutboundPolicy, parseAllowList } from './outboundPolicy';

/** A local HTTP server on port 0 that counts the requests it got (so a test can say none reached it). */
interface Target { url: string; port: number; hits: number; close: () => Promise<void> }
let targets: Target[] = [];
afterEach(async () => {
  await Promise.all(targets.map((t) => t.close()));
  targets = [];
});

async function target(host: string, handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Target> {
  const server = http.createServer((req, res) => {
    state.hits += 1;
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const state: Target = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, hits: 0,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  targets.push(state);
  return state;
}

const SECRET = 'BI-MAT-NOI-BO';
const secretServer = (host = '127.0.0.1') => target(host, (_req, res) => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SECRET));

/** A resolver for test names, answering fixed addresses and counting how often it was asked. */
function resolver(names: Record<string, string[]>): Resolver & { calls: number } {
  const resolve = ((hostname, _options, callback) => {
    resolve.calls += 1;
    const addresses = names[hostname];
    if (!addresses) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as Resolver & { calls: number };
  resolve.calls = 0;
  return resolve;
}

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

const GET = { timeoutMs: 5000, maxBytes: 1024 * 1024 };

describe('outbound address rules', () => {
  const policy = new OutboundPolicy(parseAllowList(''));
  const reason = (url: string) => {
    try {
      policy.check(url);
      return 'ok';
    } catch (error) {
      return (error as OutboundError).reason;
    }
  };

  it('refuses loopback, link-local, private, CGNAT, multicast and unspecified hosts in every spelling', () => {
    for (const url of [
      'http://127.0.0.1:8080/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://0.0.0.0/', 'http://0/',
      'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/',
      'http://[::ffff:169.254.169.254]/', 'http://[64:ff9b::a9fe:a9fe]/', 'http://[2002:7f00:1::]/', 'http://[::127.0.0.1]/', 'http://[::]/',
      'http://10.1.2.3/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://100.64.0.1/', 'http://224.0.0.1/', 'http://255.255.255.255/',
      'http://[fd00::1]/', 'http://[fe80::1]/', 'http://[ff02::1]/', 'https://localhost/', 'http://LOCALHOST./', 'http://loa.localhost/',
    ]) expect([url, reason(url)]).toEqual([url, 'address']);
  });

  it('refuses every scheme but http(s), and addresses a parser would read differently', () => {
    for (const url of [
      'javascript:alert(1)', 'file:///etc/passwd', 'data:audio/mpeg;base64,AAAA', 'ftp://example.com/a.mp3', 'gopher://example.com/',
      'java\nscript:alert(1)', ' http://example.com/', 'http://exa mple.com/', 'http://', '//example.com/a', 'rtsp://example.com/live',
    ]) expect([url, reason(url)]).toEqual([url, 'scheme']);
  });

  it('accepts public hosts', () => {
    for (const url of ['https://str.vov.gov.vn/vovlive/a.m3u8', 'http://8.8.8.8/', 'http://[2606:4700::1111]/', 'http://[::ffff:8.8.8.8]/', 'https://[64:ff9b::808:808]/']) {
      expect([url, reason(url)]).toEqual([url, 'ok']);
    }
  });

  it('lets the administrator allow names, suffixes, addresses and networks, and nothing else', () => {
    const allowing = new OutboundPolicy(parseAllowList(' radio.lan , *.xa.local, 127.0.0.1, fd00::/8, 10.20.0.0/16 '));
    for (const url of ['http://radio.lan/', 'http://a.xa.local/', 'http://127.0.0.1:8000/', 'http://[::ffff:127.0.0.1]/', 'http://[fd12::1]/', 'http://10.20.3.4/']) {
      expect(allowing.check(url).href).toBe(new URL(url).href);
    }
    for (const url of ['http://127.0.0.2/', 'http://[::1]/', 'http://10.21.0.1/', 'http://localhost/', 'file:///etc/passwd']) {
      expect(() => allowing.check(url)).toThrow(OutboundError);
    }
    for (const bad of ['10.0.0.0/33', 'http://x', 'a b', '1.2.3.4/8/1']) expect(() => parseAllowList(bad)).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });
});

describe('outbound fetch', () => {
  it('never connects to a refused address, and answers a Vietnamese reason', async () => {
    const inside = await secretServer();
    const error = await refusal(createOutbound('').fetch(`${inside.url}/`, GET));
    expect(error.message).toBe(OUTBOUND_MESSAGES.addressRefused);
    expect(inside.hits).toBe(0);
  });

  it('checks the addresses a name resolves to when connecting (resolved once, all of them)', async () => {
    const inside = await secretServer();
    const names = resolver({ 'rebind.test': ['127.0.0.1'], 'mixed.test': ['8.8.8.8', '127.0.0.1'], 'mapped.test': ['::ffff:127.0.0.1'] });
    const outbound = createOutbound('', names);
    for (const host of ['rebind.test', 'mixed.test', 'mapped.test']) {
      expect((await refusal(outbound.fetch(`http://${host}:${inside.port}/`, GET))).reason).toBe('address');
    }
    expect(names.calls).toBe(3);
    expect(inside.hits).toBe(0);
    // The same name allow-listed by the administrator connects.
    const allowed = await createOutbound('rebind.test', names).fetch(`http://rebind.test:${inside.port}/`, GET);
    expect((await allowed.buffer()).toString()).toBe(SECRET);
  });

  it('checks every redirect hop and does not follow one into a private address', async () => {
    const inside = await secretServer('127.0.0.2');
    const v6 = await secretServer('::1');
    const names = resolver({ 'allowed.test': ['127.0.0.1'] });
    const front = await target('127.0.0.1', (req, res) => {
      const to = req.url === '/v6' ? `${v6.url}/` : req.url === '/fine' ? `http://allowed.test:${front.port}/audio` : `${inside.url}/`;
      if (req.url === '/audio') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('am-thanh');
      res.writeHead(302, { location: to }).end();
    });
    const outbound = createOutbound('allowed.test', names);
    for (const path of ['/inside', '/v6']) {
      expect((await refusal(outbound.fetch(`http://allowed.test:${front.port}${path}`, { ...GET, maxRedirects: 3 }))).reason).toBe('address');
    }
    expect(inside.hits + v6.hits).toBe(0);
    const fine = await outbound.fetch(`http://allowed.test:${front.port}/fine`, { ...GET, maxRedirects: 3 });
    expect((await fine.buffer()).toString()).toBe('am-thanh');
    // Without redirects allowed (webhooks), a redirect is an error and nothing is followed.
    expect((await refusal(outbound.fetch(`http://allowed.test:${front.port}/fine`, { ...GET, method: 'POST', body: '{}' }))).reason).toBe('redirect');
  });

  it('cuts off an oversized body, declared or not', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 1);
    const server = await target('127.0.0.1', (req, res) => {
      if (req.url === '/declared') return res.writeHead(200, { 'content-length': String(big.length) }).end(big);
      res.writeHead(200);
      res.write(big.subarray(0, big.length / 2));
      setTimeout(() => res.end(big.subarray(big.length / 2)), 20);
    });
    const outbound = createOutbound('127.0.0.1');
    for (const path of ['/declared', '/chunked']) {
      const response = await outbound.fetch(`${server.url}${path}`, { timeoutMs: 5000, maxBytes: 1024 * 1024 });
      const error = await refusal(response.buffer());
      expect(error.reason).toBe('size');
      expect(error.message).toBe(OUTBOUND_MESSAGES.tooLarge);
    }
  });

  it('gives up on slow headers and on a body that never ends', async () => {
    const server = await target('127.0.0.1', (req, res) => {
      if (req.url === '/silent') return;
      res.writeHead(200);
      const drip = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(drip));
    });
    const outbound = createOutbound('127.0.0.1');
    const started = Date.now();
    expect((await refusal(outbound.fetch(`${server.url}/silent`, { timeoutMs: 5000, headersTimeoutMs: 200, maxBytes: 1024 }))).reason).toBe('timeout');
    const dripping = await outbound.fetch(`${server.url}/drip`, { timeoutMs: 400, maxBytes: 1024 * 1024 });
    expect((await refusal(dripping.buffer())).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('trusts exactly the origin an operator configured, nothing beside it', async () => {
    const provider = await target('127.0.0.1', (_req, res) => res.end('ok'));
    const other = await secretServer();
    const outbound = createOutbound('');
    const trusted = await outbound.fetch(`${provider.url}/hmi/tts/v5`, { ...GET, trustOrigin: `${provider.url}/hmi/tts/v5` });
    expect((await trusted.buffer()).toString()).toBe('ok');
    expect((await refusal(outbound.fetch(`${other.url}/audio.mp3`, { ...GET, trustOrigin: `${provider.url}/hmi/tts/v5` }))).reason).toBe('address');
    expect(other.hits).toBe(0);
  });
});
