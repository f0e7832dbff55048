import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@loa/contract';
import { MEDIA_MESSAGES, type MediaChecker, type MediaQuery } from './mediaAccess';
import { listenMediaChecks } from './mediaCheckServer';
import { eventually } from '../../../test/helpers';

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

const ask = (path: string, headers: Record<string, string> = {}) => new Promise<{ status: number; body: string }>((resolve, reject) => {
  http.get({ host: '127.0.0.1', port: checks.port, path, headers, agent: false }, (res) => {
    let body = '';
    res.setEncoding('utf8').on('data', (chunk: string) => void (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
  }).on('error', reject);
});

describe('the tier\'s check listener on its own thread', () => {
  it('carries each request\'s key, address parts and speaker address to the server\'s checks, and their verdicts back', async () => {
    const answers = await Promise.all([
      ask('/media/audio/ban-tin.mp3?t=tok&d=loa-1&p=proof', { 'x-forwarded-for': '203.0.113.9, 198.51.100.27' }),
      ask('/media/audio/refused-tin.mp3?t=tok&d=loa-2&p=proof'),
      // A name given twice counts as absent, as the API's parser leaves it.
      ask('/media/audio/ban-tin.mp3?t=a&t=b'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 403, 204]);
    expect(JSON.parse(answers[1].body)).toEqual({ message: MEDIA_MESSAGES.otherArea });
    expect(asked).toEqual(expect.arrayContaining([
      { key: 'audio/ban-tin.mp3', query: { t: 'tok', d: 'loa-1', p: 'proof' }, ip: '198.51.100.27' },
      { key: 'audio/refused-tin.mp3', query: { t: 'tok', d: 'loa-2', p: 'proof' }, ip: '127.0.0.1' },
      { key: 'audio/ban-tin.mp3', query: { t: undefined, d: undefined, p: undefined }, ip: '127.0.0.1' },
    ]));
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
