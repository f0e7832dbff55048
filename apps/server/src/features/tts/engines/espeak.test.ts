import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { VOICES } from '@loa/contract';
import { SPEECH_KBPS, createEspeakEngine } from './espeak';
import { ESPEAK_VOICES } from './espeakVoices';
import { readMp3 } from './mp3Info';

const text = 'Thông báo: do ảnh hưởng của bão số ba, Ủy ban nhân dân xã đề nghị bà con di dời đến nơi an toàn.';
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('offline engine (eSpeak NG)', () => {
  const engine = createEspeakEngine({ workers: 2 });
  afterAll(() => engine.close?.());

  it('speaks Vietnamese as a real MP3 with its duration', async () => {
    const audio = await engine.synthesize(text, 'banmaiace');
    // MPEG frame sync: eleven set bits, then MPEG-2 (22.05 kHz) layer III.
    expect(audio.mp3[0]).toBe(0xff);
    expect(audio.mp3[1] & 0xe0).toBe(0xe0);
    const info = readMp3(audio.mp3);
    expect(info).not.toBeNull();
    expect(info!.sampleRate).toBe(22050);
    // Voice on horn speakers: 48 kbps mono, at most 400 kB a minute per speaker (issue #29).
    expect(info!.bitrateKbps).toBe(SPEECH_KBPS);
    expect(SPEECH_KBPS * 1000 / 8 * 60).toBeLessThanOrEqual(400_000);
    expect(audio.mp3.length / audio.durationSeconds * 60).toBeLessThanOrEqual(400_000);
    expect(audio.durationSeconds).toBeGreaterThan(3);
    expect(audio.durationSeconds).toBeLessThan(20);
    expect(audio.durationSeconds).toBeCloseTo(info!.durationSeconds, 5);
    // The whole buffer is frames: nothing but MP3 after the last one.
    expect(audio.mp3.length).toBeGreaterThan(audio.durationSeconds * SPEECH_KBPS * 1000 / 8 * 0.9);
  });

  it('gives each of the nine voices its own setting and its own sound', async () => {
    const settings = new Set(VOICES.map((v) => JSON.stringify(ESPEAK_VOICES[v.id])));
    expect(settings.size).toBe(9);
    for (const v of VOICES) {
      const dialect = ESPEAK_VOICES[v.id].name.split('+')[0];
      expect(dialect).toBe({ north: 'vi', central: 'vi-vn-x-central', south: 'vi-vn-x-south' }[v.region]);
      expect(ESPEAK_VOICES[v.id].name.split('+')[1][0]).toBe(v.ten.includes('nữ') ? 'f' : 'm');
    }
    const [north, south, central] = await Promise.all([
      engine.synthesize(text, 'banmaiace'), engine.synthesize(text, 'lannhi'), engine.synthesize(text, 'giahuy'),
    ]);
    expect(new Set([sha(north.mp3), sha(south.mp3), sha(central.mp3)]).size).toBe(3);
    // Not just noise in the bytes (eSpeak varies its voice a little each run): they speak at different rates.
    expect(new Set([north.durationSeconds, south.durationSeconds, central.durationSeconds]).size).toBe(3);
  });

  it('keeps the event loop free while it works', async () => {
    await engine.synthesize('Khởi động.', 'leminh');
    const long = Array.from({ length: 10 }, () => text).join(' ');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const audio = await engine.synthesize(long, 'ngoclamace');
    delay.disable();
    // On the main thread this would stall it for seconds; in the worker only scheduling noise remains.
    expect(audio.durationSeconds).toBeGreaterThan(40);
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('speaks the same text with the same voice at the same length', async () => {
    const [a, b] = await Promise.all([engine.synthesize(text, 'myan'), engine.synthesize(text, 'myan')]);
    expect(a.mp3.length).toBe(b.mp3.length);
    expect(a.durationSeconds).toBe(b.durationSeconds);
  });

  it('runs queued syntheses in turn and lets a waiting one be given up', async () => {
    const single = createEspeakEngine({ workers: 1 });
    try {
      const controller = new AbortController();
      const first = single.synthesize(text, 'leminh');
      const second = single.synthesize(text, 'leminh', controller.signal);
      controller.abort(new Error('gave up'));
      await expect(second).rejects.toThrow('gave up');
      expect((await first).durationSeconds).toBeGreaterThan(3);
    } finally {
      await single.close?.();
    }
  });

  it('stops a synthesis that takes too long and keeps working afterwards', async () => {
    const slow = createEspeakEngine({ workers: 1, jobTimeoutMs: 1 });
    try {
      await expect(slow.synthesize(text, 'leminh')).rejects.toThrow(/longer than/);
    } finally {
      await slow.close?.();
    }
    expect((await engine.synthesize('Xin chào bà con.', 'leminh')).durationSeconds).toBeGreaterThan(0.5);
  });

  it('refuses work once closed', async () => {
    const closed = createEspeakEngine({ workers: 1 });
    await closed.close?.();
    await expect(closed.synthesize(text, 'leminh')).rejects.toThrow(/closed/);
  });
});
