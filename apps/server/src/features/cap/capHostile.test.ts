import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAP_MAX_POLYGON_POINTS, CAP_MESSAGES } from '@loa/contract';
import { signedInAdmin, startTestServer, type TestServer } from '../../../test/helpers';
import { communeOutline, HOSTILE_COMMUNES, hostileAlert, largestAlert } from '../../../test/hostileCap';
import { insertArea } from '../areas/areas.queries';
import { warmCapThread } from './capThread';

// Issue #27 item 2: one alert froze the server for 24–68 s. The target: any alert accepted or
// refused within 1 s while the event loop's p99 delay stays under 50 ms and /v1/health answers.
// The server runs in this process, so this event loop is the server's.
const ANSWER_MS = 1000;
const LOOP_P99_MS = 50;
/**
 * The p99 allowed: 50 ms, over what the machine's own scheduling costs at that moment when other
 * test files load both cores (a quiet spell measured the same way right after). A loop the alert
 * blocks is blocked for seconds (24–68 s before the fix), far past either.
 */
const loopLimit = (r: { quietP99Ms: number }) => LOOP_P99_MS + Math.max(0, r.quietP99Ms - 10);

let server: TestServer;
let communeKey: string;
let communes: { id: string; ten: string }[];

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signedInAdmin(server);
  communes = Array.from({ length: HOSTILE_COMMUNES }, (_, i) => ({ id: crypto.randomUUID(), ten: `Xã Ranh ${i + 1}` }));
  for (const [i, commune] of communes.entries()) {
    await insertArea(server.db, { id: commune.id, ten: commune.ten, cap: 'xa', parentId: owner.areas.district, adminId: owner.admin.id });
    const res = await owner.client.post('/v1/client/diaban/diadanh/capnhat', { id: commune.id, ranhgioi: communeOutline(i) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // A commune-scoped key, as in the issue.
  communeKey = (await owner.client.post('/v1/client/khoaapi/themmoi', { ten: 'Trạm xã Ranh 1', quyenhan: ['themsuaxoalichphat'], diaban: communes[0].id })).body.data.bimat as string;
  // A deployment starts the CAP thread when a key that may broadcast exists (capFeeds warmUp); tests run without warm-ups.
  await warmCapThread();
}, 120_000);
afterAll(() => server.close());

/**
 * The sender and a health monitor, on their own thread: encoding and sending a megabyte from this
 * thread would stall the loop being measured, which here must be the server's alone.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, key, body } = workerData;
parentPort.once('message', async () => {
  let answered = false;
  const healthBefore = [];
  const health = (async () => {
    while (!answered) {
      const t = performance.now();
      const res = await fetch(url + '/v1/health');
      await res.arrayBuffer();
      if (!answered && res.ok) healthBefore.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await new Promise((r) => setTimeout(r, 30));
  const started = performance.now();
  const res = await fetch(url + '/v1/client/cap', { method: 'POST', headers: { 'content-type': 'application/cap+xml', authorization: 'Bearer ' + key }, body });
  const json = await res.json();
  const answerMs = performance.now() - started;
  answered = true;
  await health;
  parentPort.postMessage({ status: res.status, message: json.message, answerMs, healthBefore });
});`;

/** Posts an alert from the client thread while this thread (the server's) measures its event-loop delay. */
async function postWatched(xml: string) {
  const client = new Worker(CLIENT, { eval: true, workerData: { url: server.url, key: communeKey, body: Buffer.from(xml) } });
  try {
    await new Promise((r) => setTimeout(r, 200)); // the thread starts, apart from the measure
    // Sampled every millisecond: on a busy machine the thread is sometimes descheduled for tens of
    // milliseconds whatever it runs; a p99 over ~1,000 samples sees a blocked loop, not such a pause.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const answer = new Promise<{ status: number; message?: string; answerMs: number; healthBefore: number[] }>((resolve, reject) => {
      client.once('message', resolve);
      client.once('error', reject);
    });
    client.postMessage('go');
    const r = await answer;
    loop.disable();
    // The same measure over as long a quiet spell: what this machine's scheduling alone costs now.
    const quiet = monitorEventLoopDelay({ resolution: 1 });
    quiet.enable();
    await new Promise((resolve) => setTimeout(resolve, Math.max(300, r.answerMs)));
    quiet.disable();
    return { ...r, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, samples: loop.count, quietP99Ms: quiet.percentile(99) / 1e6 };
  } finally {
    await client.terminate();
  }
}

describe('a hostile CAP alert (issue #27)', () => {
  it('refuses a 55,000-point polygon by its size within 1 s, the event loop free and /v1/health answering meanwhile', async () => {
    const body = hostileAlert(`HOSTILE-${crypto.randomUUID()}`);
    expect(Buffer.byteLength(body)).toBeGreaterThan(880_000);
    const r = await postWatched(body);
    expect(r.answerMs, `answered in ${r.answerMs.toFixed(0)} ms`).toBeLessThanOrEqual(ANSWER_MS);
    expect(r.loopP99Ms, `event loop p99 ${r.loopP99Ms.toFixed(1)} ms (max ${r.loopMaxMs.toFixed(1)} ms, ${r.samples} samples; quiet p99 ${r.quietP99Ms.toFixed(1)} ms)`).toBeLessThanOrEqual(loopLimit(r));
    expect(r.healthBefore.length, '/v1/health answered while the alert was handled').toBeGreaterThan(0);
    expect(r).toMatchObject({
      status: 400,
      message: CAP_MESSAGES.polygonTooLarge.replace('{n}', '1').replace('{count}', '55000'),
    });
  }, 120_000);

  it('matches the largest alert accepted (2 polygons of 5,000 points) against the eight outlines within 1 s and names what lies outside the key', async () => {
    const r = await postWatched(largestAlert(`LARGEST-${crypto.randomUUID()}`));
    // Every polygon crosses two outlines: all eight communes are reached, seven of them outside the key's commune.
    expect(r.status, r.message).toBe(403);
    for (const commune of communes.slice(1)) expect(r.message).toContain(commune.ten);
    expect(r.message).not.toContain(communes[0].ten + ',');
    expect(r.answerMs, `answered in ${r.answerMs.toFixed(0)} ms`).toBeLessThanOrEqual(ANSWER_MS);
    expect(r.loopP99Ms, `event loop p99 ${r.loopP99Ms.toFixed(1)} ms (max ${r.loopMaxMs.toFixed(1)} ms, ${r.samples} samples; quiet p99 ${r.quietP99Ms.toFixed(1)} ms)`).toBeLessThanOrEqual(loopLimit(r));
  }, 120_000);

  it('names a polygon over the limit even when small enough to parse quickly', async () => {
    const r = await postWatched(hostileAlert(`OVER-${crypto.randomUUID()}`, CAP_MAX_POLYGON_POINTS + 1));
    expect(r).toMatchObject({ status: 400, message: CAP_MESSAGES.polygonTooLarge.replace('{n}', '1').replace('{count}', String(CAP_MAX_POLYGON_POINTS + 1)) });
  }, 60_000);
});
