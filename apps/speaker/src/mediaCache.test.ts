import crypto from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, planBody, topics, type DevicePlan } from '@loa/contract';
import { SpeakerAgent } from './agent';
import { CacheError, MediaCache } from './mediaCache';
import { SilentPlayer } from './player';
import { startTestBroker, type TestBroker } from './testing/broker';

/* Issue #30: the speaker's file cache and its plan, against a real HTTP server and broker. */

const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));

let http: Server;
let base: string;
let dir: string;
const files = new Map<string, Buffer>();
const requests: { path: string; range: string | undefined }[] = [];
/** Paths whose next full answer is cut after this many bytes (a link that drops mid-download). */
const cutAfter = new Map<string, number>();

beforeAll(async () => {
  http = createServer((req: IncomingMessage, res) => {
    const path = req.url ?? '';
    requests.push({ path, range: req.headers.range });
    const body = files.get(path);
    if (!body) return void res.writeHead(404).end();
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    res.writeHead(range ? 206 : 200, { 'content-length': body.length - start });
    const cut = cutAfter.get(path);
    if (cut !== undefined && !range) {
      cutAfter.delete(path);
      // The link drops a moment after these bytes went out (the agent has read them by then).
      res.write(body.subarray(0, cut), () => setTimeout(() => res.destroy(), 200));
      return;
    }
    res.end(body.subarray(start));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'loa-cache-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

function serve(path: string, body: Buffer) {
  files.set(path, body);
  return { url: `${base}${path}`, file: { size: body.length, sha256: sha(body) } };
}

describe('MediaCache', () => {
  it('keeps a file only when its sha256 matches', async () => {
    const cache = new MediaCache(join(dir, 'checksum'), 10_000);
    await cache.open();
    const good = serve('/a.mp3', bytes(1000, 1));
    await cache.fetch(good.url, good.file, new Set());
    expect(cache.has(good.file.sha256)).toBe(true);
    files.set('/a.mp3', bytes(1000, 2)); // the server now holds other bytes under the same address
    const other = { size: 1000, sha256: sha(bytes(1000, 3)) };
    const error = await cache.fetch(good.url, other, new Set()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheError);
    expect((error as CacheError).reason).toBe('checksum');
    expect(cache.has(other.sha256)).toBe(false);
    expect(await readdir(join(dir, 'checksum'))).toEqual([`${good.file.sha256}.mp3`]);
  });

  it('resumes a download cut half-way with a Range request', async () => {
    const cache = new MediaCache(join(dir, 'resume'), 100_000);
    await cache.open();
    const f = serve('/long.mp3', bytes(50_000, 4));
    cutAfter.set('/long.mp3', 20_000);
    await expect(cache.fetch(f.url, f.file, new Set())).rejects.toMatchObject({ reason: 'network' });
    expect(cache.has(f.file.sha256)).toBe(false);
    requests.length = 0;
    await cache.fetch(f.url, f.file, new Set());
    expect(cache.has(f.file.sha256)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0].range).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(requests[0].range!)![0])).toBeGreaterThan(0);
  });

  it('evicts the least recently used files the plan does not need, never those it needs, and says when it cannot make room', async () => {
    const cache = new MediaCache(join(dir, 'lru'), 3000);
    await cache.open();
    const [a, b, c, d] = [1, 2, 3, 4].map((i) => serve(`/lru-${i}.mp3`, bytes(1000, 10 + i)));
    for (const f of [a, b, c]) await cache.fetch(f.url, f.file, new Set());
    cache.pathOf(a.file.sha256); // a is used again: b is now the oldest
    expect(await cache.fetch(d.url, d.file, new Set())).toEqual([b.file.sha256]);
    expect([a, b, c, d].map((f) => cache.has(f.file.sha256))).toEqual([true, false, true, true]);
    // Every file held is needed by the plan: nothing is evicted, the new file is refused.
    const e = serve('/lru-5.mp3', bytes(1000, 15));
    await expect(cache.fetch(e.url, e.file, new Set([a, c, d].map((f) => f.file.sha256)))).rejects.toMatchObject({ reason: 'full' });
    expect(cache.usedBytes).toBe(3000);
    // A restarted speaker finds its files again.
    const again = new MediaCache(join(dir, 'lru'), 3000);
    await again.open();
    expect([a, c, d].every((f) => again.has(f.file.sha256))).toBe(true);
  });
});

describe('the plan on the speaker', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startTestBroker();
  });
  afterAll(() => broker.close());

  const planOf = (version: number, title: string): DevicePlan => {
    const content = {
      validFrom: Date.now() - 60_000, validUntil: Date.now() + 3_600_000,
      occurrences: [{ sessionId: `s-${version}`, scheduleId: 'lich', title, priority: 0, startAt: Date.now() + 600_000, runs: [Date.now() + 600_000], items: [{ url: '/x.mp3', duration: 1, title, kind: 'file' as const }] }],
    };
    return { version, issuedAt: Date.now(), ...content, checksum: sha(planBody(content)) };
  };

  it('takes a plan whose checksum matches, refuses and reports one that does not, and never goes back to an older version', async () => {
    broker.addDevice('plan-1', 's', []);
    const agent = new SpeakerAgent({ mqttUrl: broker.url, deviceId: 'plan-1', secret: 's', player: new SilentPlayer({ fetchAudio: false }), reconnectBaseMs: 200 });
    await agent.start();
    try {
      await broker.publish(topics.plan('plan-1'), planOf(10, 'Lịch đúng'), true);
      await expect.poll(() => agent.plan.current?.version).toBe(10);
      const forged = { ...planOf(11, 'Lịch giả'), checksum: planOf(11, 'Lịch thật').checksum };
      await broker.publish(topics.plan('plan-1'), forged);
      const report = await broker.waitFor((m) => m.topic === topics.event('plan-1') && /plan refused \(checksum\)/.test(String((m.json as { message?: string }).message)));
      expect(report.json).toMatchObject({ type: 'error' });
      expect(agent.plan.current?.occurrences[0].title).toBe('Lịch đúng');
      await broker.publish(topics.plan('plan-1'), planOf(9, 'Lịch cũ'));
      await broker.publish(topics.plan('plan-1'), planOf(12, 'Lịch mới'));
      await expect.poll(() => agent.plan.current?.version).toBe(12);
      expect(agent.plan.current?.occurrences[0].title).toBe('Lịch mới');
    } finally {
      await agent.stop();
    }
  });

  it('checks the checksum over the canonical content, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });
});
