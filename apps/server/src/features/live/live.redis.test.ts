import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { liveEndedByOther, vnClock, type DeviceCommand } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { LiveSocket, listen, mp3Chunks } from '../../../test/live';
import { startRedis } from '../../../test/redis';
import { endBroadcast } from '../broadcasts/broadcasts.queries';

/**
 * Issue #12 with several server instances (REDIS_URL): the officer is connected to one, a speaker
 * fetches the live stream from another, and hears it (the chunks go through Redis streams).
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
const prefix = `loa-test-${crypto.randomBytes(4).toString('hex')}:`;
let a: TestServer;
let b: TestServer;
const agents: SpeakerAgent[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-live-'));
beforeAll(async () => {
  redis = await startRedis();
  a = await startTestServer({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
  b = await startTestServer({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
}, 120_000);
afterAll(async () => {
  await Promise.all(agents.map((s) => s.stop().catch(() => undefined)));
  await a?.close();
  await b?.close();
  // Nothing of this test is left in Redis.
  const client = createClient({ url: redis.url });
  await client.connect();
  const left = await client.keys(`${prefix}*`);
  if (left.length > 0) await client.del(left);
  await client.quit();
  await redis.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Decodes an MP3 stream over HTTP with mpg123 (what a speaker plays through) into a WAV file. */
function decodeWithMpg123(url: string, wav: string): Promise<number | null> {
  const child = spawn('mpg123', ['-q', '-w', wav, url], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('live voice across two server instances sharing Redis', () => {
  it('reaches a speaker and a listener that fetch from the other instance, and ends there too', async () => {
    const w = await signedInAdmin(a);
    // The speakers take commands from A's broker but fetch audio from B.
    const speakers = await startSpeakers(a, w.client, w.areas.communeA, 1, { fetchAudio: true, audioBaseUrl: b.url });
    agents.push(...speakers);
    const commands: DeviceCommand[] = [];
    const errors: string[] = [];
    speakers[0].on('command', (c) => commands.push(c));
    speakers[0].on('event', (e) => { if (e.type === 'error') errors.push(e.message ?? ''); });
    const live = await LiveSocket.open(w.client);
    const answer = await live.start({ tieude: 'Trực tiếp qua Redis', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'] });
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await eventually(() => speakers[0].playing?.sessionId === id, 3000);
    const play = commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play')!;
    const onB = b.url + play.items[0].url;

    const listener = listen(onB);
    const wav = path.join(tmp, 'b.wav');
    const decoded = decodeWithMpg123(onB, wav);
    let speaking = true;
    const voice = live.speak(id, mp3Chunks(6), 100, () => speaking);
    await eventually(() => listener.bytes.length > 16_000, 8000, 100);
    speaking = false;
    await voice;
    expect(listener.status).toBe(200);

    const stopped = Date.now();
    expect((await live.stop(id)).ok).toBe(true);
    // B's listeners end with the stream, and mpg123 finishes decoding what it heard.
    await eventually(() => listener.ended && speakers[0].playing === null, 2000);
    expect(Date.now() - stopped).toBeLessThan(2000);
    expect(await decoded).toBe(0);
    // 16-bit PCM, mono 44.1 kHz: more than a second of the tone, and not silence.
    const pcm = fs.readFileSync(wav).subarray(44);
    expect(pcm.length).toBeGreaterThan(44_100 * 2);
    let peak = 0;
    for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    expect(peak).toBeGreaterThan(4000);
    expect(errors).toEqual([]);
    // A listener arriving after the end is told the stream is gone, on either instance.
    expect((await fetch(onB)).status).toBe(404);
    expect((await fetch(a.url + play.items[0].url)).status).toBe(404);
    live.close();
  });

  it('ends within seconds on the officer\'s instance when another instance ended it', async () => {
    const w = await signedInAdmin(a);
    const speakers = await startSpeakers(a, w.client, w.areas.communeA, 1);
    agents.push(...speakers);
    const live = await LiveSocket.open(w.client);
    const answer = await live.start({ tieude: 'Dừng từ máy chủ khác', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'] });
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await eventually(() => speakers[0].playing?.sessionId === id, 3000);
    let speaking = true;
    const voice = live.speak(id, mp3Chunks(20), 100, () => speaking);
    // As another instance's engine ends it (its row), while A still runs it and the officer still speaks.
    expect(await endBroadcast(b.db, id, { status: 'stopped', endedAt: new Date(), stoppedBy: w.admin.id, reason: 'nguoi-dung-dung' })).toBe(true);
    await eventually(() => live.ended.length > 0, 7000, 100);
    // Told as a warning, who stopped it and when (issue #32 item 3).
    const [row] = await a.db.query<{ ended_at: Date }>('SELECT ended_at FROM broadcasts WHERE id = $1', [id]);
    expect(live.ended[0]).toEqual({ idlichphat: id, message: liveEndedByOther({ hoten: 'Người Thử Nghiệm', at: vnClock(row!.ended_at.getTime()) }), canhbao: true });
    expect(a.app.engine.liveOf(id)).toBeNull();
    speaking = false;
    await voice;
    live.close();
  });

  it('lets the listen link on the officer\'s instance play it while the stream goes through Redis', async () => {
    const w = await signedInAdmin(a);
    agents.push(...(await startSpeakers(a, w.client, w.areas.communeA, 1)));
    const live = await LiveSocket.open(w.client);
    const answer = await live.start({ tieude: 'Nghe thử', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'] });
    if (!answer.ok) throw new Error(answer.message);
    const link = listen(`${a.url}/v1/client/phatngay/nghe/${answer.data.idlichphat}`, { cookie: w.client.cookieHeader });
    let speaking = true;
    const voice = live.speak(answer.data.idlichphat, mp3Chunks(3), 100, () => speaking);
    await eventually(() => link.bytes.length > 4000, 5000, 100);
    speaking = false;
    await voice;
    live.close();
    await eventually(() => link.ended, 2000);
    // Someone else's client on B cannot use A's session to reach the officer's stream.
    expect((await new TestClient(b.url).get(`/v1/client/phatngay/nghe/${answer.data.idlichphat}`)).status).toBe(401);
  });
});
