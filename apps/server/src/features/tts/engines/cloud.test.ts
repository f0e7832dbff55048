import { afterEach, describe, expect, it } from 'vitest';
import { VOICES } from '@loa/contract';
import { startFakeFpt, startFakeViettel, type FakeProvider } from '../testing/fakeProviders';
import { createFptEngine, FPT_VOICES } from './fpt';
import { createViettelEngine, VIETTEL_VOICES } from './viettel';
import { readMp3 } from './mp3Info';
import { createOutbound, OutboundError } from '../../../infra/outbound';

// No allow list: the fakes listen on 127.0.0.1, reachable only as the configured (trusted) endpoint.
const outbound = createOutbound('');

const text = 'Ủy ban nhân dân xã thông báo lịch tiêm chủng.';
let fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

describe('FPT.AI engine', () => {
  it('posts the text with key and voice, then polls the async address until the MP3 is there', async () => {
    const fake = await startFakeFpt({ apiKey: 'k-123', notReadyPolls: 2 });
    fakes.push(fake);
    const engine = createFptEngine({ url: fake.url, apiKey: 'k-123', outbound, pollIntervalMs: 10 });
    const audio = await engine.synthesize(text, 'banmaiace');
    expect(readMp3(audio.mp3)).not.toBeNull();
    expect(audio.durationSeconds).toBeGreaterThan(1.4);
    expect(fake.polls).toBe(3);
    expect(fake.requests[0].headers.voice).toBe('banmai');
    expect(fake.requests[0].headers['api-key']).toBe('k-123');
    expect(fake.requests[0].body).toBe(text);
  });

  it('maps every product voice to a distinct FPT.AI voice', () => {
    expect(new Set(VOICES.map((v) => FPT_VOICES[v.id])).size).toBe(9);
  });

  it('fails on a refusal, an HTTP error, a wrong key and audio that never comes', async () => {
    for (const mode of ['refuse', 'broken'] as const) {
      const fake = await startFakeFpt({ apiKey: 'k', mode });
      fakes.push(fake);
      await expect(createFptEngine({ url: fake.url, apiKey: 'k', outbound }).synthesize(text, 'leminh')).rejects.toThrow(/fpt/);
    }
    const fake = await startFakeFpt({ apiKey: 'k', mode: 'never' });
    fakes.push(fake);
    await expect(createFptEngine({ url: fake.url, apiKey: 'wrong', outbound }).synthesize(text, 'leminh')).rejects.toThrow(/401/);
    await expect(createFptEngine({ url: fake.url, apiKey: 'k', outbound, pollIntervalMs: 10, timeoutMs: 100 }).synthesize(text, 'leminh')).rejects.toThrow(/not ready/);
  });
});

describe('FPT.AI audio addresses', () => {
  it('fetches the audio address of the answer under the outbound rules: not inside the server\'s network', async () => {
    // Another provider fake on 127.0.0.1 with its own port: a different origin from the configured one.
    const inside = await startFakeFpt({ apiKey: 'k' });
    const fake = await startFakeFpt({ apiKey: 'k', audioBase: new URL(inside.url).origin });
    fakes.push(inside, fake);
    const error = await createFptEngine({ url: fake.url, apiKey: 'k', outbound, pollIntervalMs: 10 }).synthesize(text, 'leminh').then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).reason).toBe('address');
    expect(inside.polls).toBe(0);
    // The same address allow-listed by the administrator is fetched.
    const allowed = await createFptEngine({ url: fake.url, apiKey: 'k', outbound: createOutbound('127.0.0.1'), pollIntervalMs: 10 }).synthesize(text, 'leminh');
    expect(readMp3(allowed.mp3)).not.toBeNull();
    expect(inside.polls).toBe(1);
  });
});

describe('Viettel AI engine', () => {
  it('posts JSON with the token and mp3 option and answers the audio bytes', async () => {
    const fake = await startFakeViettel({ token: 't-9' });
    fakes.push(fake);
    const audio = await createViettelEngine({ url: fake.url, token: 't-9', outbound }).synthesize(text, 'giahuy');
    expect(audio.durationSeconds).toBeGreaterThan(1.1);
    const sent = JSON.parse(fake.requests[0].body);
    expect(sent).toMatchObject({ text, voice: 'hue-baoquoc', tts_return_option: 3, token: 't-9' });
  });

  it('maps voices by region', () => {
    for (const v of VOICES) expect(VIETTEL_VOICES[v.id].split('-')[0]).toBe({ north: 'hn', central: 'hue', south: 'hcm' }[v.region]);
  });

  it('fails on a JSON error answered with 200, and on HTTP errors', async () => {
    const refusing = await startFakeViettel({ token: 't', mode: 'refuse' });
    const broken = await startFakeViettel({ token: 't', mode: 'broken' });
    fakes.push(refusing, broken);
    await expect(createViettelEngine({ url: refusing.url, token: 't', outbound }).synthesize(text, 'myan')).rejects.toThrow(/no MP3/);
    await expect(createViettelEngine({ url: broken.url, token: 't', outbound }).synthesize(text, 'myan')).rejects.toThrow(/500/);
  });
});
