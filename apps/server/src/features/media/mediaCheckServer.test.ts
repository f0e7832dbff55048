import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@loa/contract';
import { MEDIA_MESSAGES, checkMediaRequest, mediaLessons, type MediaChecker, type MediaQuery } from './mediaAccess';
import { listenMediaChecks, type DeviceKeySource } from './mediaCheckServer';
import { eventually } from '../../../test/helpers';
import { TokenSigner, deviceProofHolds, sha256 } from '../auth/tokens';
import { reachesDevice, type DeviceKey } from '../../gateway/deviceReach';
import { withDeviceProof } from '../../../../speaker/src/mediaProof';

/*
 * The listener's own thread (issue #29): the HTTP of the tier's checks runs there, the checks
 * themselves on the server's thread. mediaAccess.test.ts asks the listener of a whole server what
 * /media would refuse; here the thread itself: answers carried across, a check that fails, a thread
 * that stops.
 */

const logged: string[] = [];
const log = {
  error: (_fields: object, msg: string) => void logged.push(msg), warn: () => undefined, info: () => undefined, debug: () => undefined, trace: () => undefined, fatal: () => undefined,
  child: () => log, level: 'info', silent: () => undefined,
} as unknown as FastifyBaseLogger;

/** What the server's thread was asked, and its verdicts: a file named `refused-*` is another area's, `broken-*` makes the check fail. */
const asked: { key: string; query: MediaQuery; ip: string }[] = [];
const check: MediaChecker = async (key, query, ip) => {
  asked.push({ key, query, ip });
  if (key.includes('broken-')) throw new Error('database gone');
  return key.includes('refused-') ? 'otherArea' : null;
};

let checks: Awaited<ReturnType<typeof listenMediaChecks>>;
beforeAll(async () => {
  checks = await listenMediaChecks(check, { host: '127.0.0.1', port: 0, log });
}, 60_000);
afterAll(() => checks?.close());

const ask = (path: string, headers: Record<string, string> = {}, port = checks.port) => new Promise<{ status: number; body: string }>((resolve, reject) => {
  http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
    let body = '';
    res.setEncoding('utf8').on('data', (chunk: string) => void (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
  }).on('error', reject);
});

describe('the tier\'s check listener on its own thread', () => {
  it('carries each request\'s key, address parts and speaker address to the server\'s checks, and their verdicts back', async () => {
    const answers = await Promise.all([
      ask('/media/audio/ban-tin.mp3?t=tok&d=loa-1&p=proof', { 'x-forwarded-for': '203.0.113.9, 198.51.100.27' }),
      ask('/media/audio/refused-tin.mp3?t=tok&d=loa-2&p=proof'),
      // A name given twice counts as absent, as the API's parser leaves it: with no token and no
      // device, a plain request, which the thread allows alone as the server would.
      ask('/media/audio/ban-tin.mp3?t=a&t=b'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 403, 204]);
    expect(JSON.parse(answers[1].body)).toEqual({ message: MEDIA_MESSAGES.otherArea });
    expect(asked).toEqual(expect.arrayContaining([
      { key: 'audio/ban-tin.mp3', query: { t: 'tok', d: 'loa-1', p: 'proof' }, ip: '198.51.100.27' },
      { key: 'audio/refused-tin.mp3', query: { t: 'tok', d: 'loa-2', p: 'proof' }, ip: '127.0.0.1' },
    ]));
    expect(asked).toHaveLength(2);
  });

  it('answers 500 in Vietnamese when a check fails, and logs it', async () => {
    const res = await ask('/media/audio/broken-tin.mp3?t=tok');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ message: MSG.serverError });
    expect(logged).toContain('audio check failed');
  });

  it('answers a thousand checks at once, every one with its own verdict', async () => {
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => ask(`/media/audio/${i % 10 === 0 ? 'refused' : 'ok'}-${i}.mp3?t=tok`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? 403 : 204)));
  });

  it('starts its thread again on the same port when it stops', async () => {
    const stopped = checks.thread();
    await stopped.terminate();
    expect((await ask('/media/audio/ban-tin.mp3?t=tok').catch((error: Error) => error)) instanceof Error).toBe(true);
    const back = await eventually(async () => (await ask('/media/audio/ban-tin.mp3?t=tok').catch(() => null))?.status === 204 || null, 30_000);
    expect(back).toBe(true);
    expect(checks.thread()).not.toBe(stopped);
    expect(logged).toContain('audio checks for a caching tier: the thread stopped; starting it again');
  }, 60_000);
});

describe('the check thread deciding alone from the devices\' keys and what it was taught', () => {
  // The server's state, as the gateway and the engine hold it: 300 speakers of xa-a, one of xa-b.
  const signer = new TokenSigner('bi-mat-may-chu');
  const devices = new Map<string, DeviceKey & { secret: string }>();
  for (let i = 0; i < 300; i += 1) devices.set(`loa-${i}`, { secret: `bi-mat-${i}`, hash: sha256(`bi-mat-${i}`), chain: ['huyen', 'xa-a'] });
  devices.set('loa-xa-b', { secret: 'bi-mat-b', hash: sha256('bi-mat-b'), chain: ['huyen', 'xa-b'] });
  const watchers = new Set<(id: string | null) => void>();
  const source: DeviceKeySource = {
    *deviceKeys() {
      for (const [id, { hash, chain }] of devices) yield [id, { hash, chain }];
    },
    deviceKey: (id) => {
      const d = devices.get(id);
      return d && { hash: d.hash, chain: d.chain };
    },
    watchDeviceKeys: (listener) => {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
  };
  const change = (id: string, d?: DeviceKey & { secret: string }) => {
    if (d) devices.set(id, d);
    else devices.delete(id);
    for (const w of watchers) w(id);
  };
  const reach = { areaIds: ['xa-a'], deviceIds: [] };
  const serverAsked: string[] = [];
  const serverCheck: MediaChecker = async (key, query) => {
    serverAsked.push(query.d ?? '');
    const refused = checkMediaRequest({
      signer,
      gateway: { verifyProof: (d, text, p) => !!devices.get(d) && deviceProofHolds(devices.get(d)!.hash, text, p), adminOf: () => undefined },
      sessionReaches: (s, d) => (s === 'phien-1' ? reachesDevice(reach, d, devices.get(d)?.chain) : null),
      inPlan: () => false,
    }, key, query);
    return refused?.refusal ?? null;
  };
  const token = signer.signPayload({ k: 'audio/ban-tin.mp3', s: 'phien-1', e: Math.floor(Date.now() / 1000) + 600 }, 'media');
  const path = (id: string, secret = devices.get(id)!.secret) => {
    const url = new URL(withDeviceProof(`http://may-chu/media/audio/ban-tin.mp3?t=${token}`, 'http://may-chu', id, secret));
    return url.pathname + url.search;
  };

  let alone: Awaited<ReturnType<typeof listenMediaChecks>>;
  beforeAll(async () => {
    alone = await listenMediaChecks(serverCheck, { host: '127.0.0.1', port: 0, log, mirror: { lesson: mediaLessons(signer, (s) => (s === 'phien-1' ? reach : null)), devices: source } });
  }, 60_000);
  afterAll(() => alone?.close());

  it('asks the server once for a token, then answers the district\'s other speakers alone', async () => {
    expect((await ask(path('loa-0'), {}, alone.port)).status).toBe(204);
    expect(serverAsked).toEqual(['loa-0']);
    const answers = await Promise.all(Array.from({ length: 299 }, (_, i) => ask(path(`loa-${i + 1}`), {}, alone.port)));
    expect(answers.map((a) => a.status)).toEqual(Array(299).fill(204));
    expect(serverAsked).toEqual(['loa-0']);
  });

  it('still asks the server for what it would refuse, and the server refuses it: another commune, a wrong proof', async () => {
    serverAsked.length = 0;
    const other = await ask(path('loa-xa-b'), {}, alone.port);
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toEqual({ message: MEDIA_MESSAGES.otherArea });
    const wrong = await ask(path('loa-1', 'sai-bi-mat'), {}, alone.port);
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body)).toEqual({ message: MEDIA_MESSAGES.forged });
    expect(serverAsked).toEqual(['loa-xa-b', 'loa-1']);
  });

  it('follows a speaker\'s new secret, its move to another commune and its deletion from the next request on', async () => {
    serverAsked.length = 0;
    const old = path('loa-2');
    change('loa-2', { secret: 'moi', hash: sha256('moi'), chain: ['huyen', 'xa-a'] });
    expect((await ask(old, {}, alone.port)).status).toBe(403);
    expect((await ask(path('loa-2'), {}, alone.port)).status).toBe(204);
    change('loa-3', { ...devices.get('loa-3')!, chain: ['huyen', 'xa-b'] });
    expect((await ask(path('loa-3'), {}, alone.port)).status).toBe(403);
    const gone = path('loa-4');
    change('loa-4');
    expect((await ask(gone, {}, alone.port)).status).toBe(403);
    // Each refused by the server, asked because the thread no longer allowed it; the new secret allowed alone.
    expect(serverAsked).toEqual(['loa-2', 'loa-3', 'loa-4']);
  });

  it('is given every device\'s key and taught anew when its thread is started again', async () => {
    await alone.thread().terminate();
    await eventually(async () => (await ask(path('loa-5'), {}, alone.port).catch(() => null))?.status === 204 || null, 30_000);
    serverAsked.length = 0;
    expect((await ask(path('loa-6'), {}, alone.port)).status).toBe(204);
    expect((await ask(path('loa-7'), {}, alone.port)).status).toBe(204);
    // The new thread asked for the token once (loa-5, above) and answers the rest alone.
    expect(serverAsked).toEqual([]);
    change('loa-7', { secret: 'moi-7', hash: sha256('moi-7'), chain: ['huyen', 'xa-a'] });
    expect((await ask(path('loa-7', 'bi-mat-7'), {}, alone.port)).status).toBe(403);
  }, 60_000);
});
