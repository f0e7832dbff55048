import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TTS_MAX_CHARS, TTS_MESSAGES } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { listSystemLogForUser } from '../system-log/systemLog.service';
import { readMp3 } from './engines/mp3Info';
import { startFakeFpt, startFakeViettel, type FakeFptOptions, type FakeProvider, type FakeViettelOptions } from './testing/fakeProviders';

const bulletin = 'Thông báo: do ảnh hưởng của bão số 3, từ 14 giờ ngày 22/11/2026 UBND xã đề nghị bà con di dời.';
const convert = (client: TestClient, body: Record<string, unknown>, engine = 'espeak') => client.post(`/v1/client/tts/${engine}`, body);

async function fetchBytes(server: TestServer, path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('text-to-speech with the offline engine', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TTS_WORKERS: 1 });
  });
  afterAll(() => server.close());

  it('lists only the offline engine when no cloud key is set', async () => {
    const { client } = await signedInAdmin(server);
    const res = await client.get('/v1/client/tts');
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(['espeak']);
  });

  it('converts a bulletin to an MP3 that is served at its address and as a download', async () => {
    const { client } = await signedInAdmin(server);
    const res = await convert(client, { input: bulletin, speaker_id: 'banmaiace', fimename: 1763769600000 });
    expect(res.status).toBe(200);
    const { url, urldownload, thoiluong, noidunggiongnoi } = res.body.data;
    expect(url).toMatch(/^\/media\/tts\/\d+-[0-9a-f]+-giong-noi-1763769600000\.mp3$/);
    expect(thoiluong).toBeGreaterThan(4);
    expect(noidunggiongnoi).toBe(`${bulletin.slice(0, 40)}…`);

    const played = await fetchBytes(server, url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mpeg');
    expect(readMp3(played.bytes)?.durationSeconds).toBeCloseTo(thoiluong, 1);

    const downloaded = await fetchBytes(server, urldownload);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(downloaded.bytes.equals(played.bytes)).toBe(true);
    expect((await fetchBytes(server, '/v1/client/tts/taixuong/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('answers a repeated conversion at once with the same file', async () => {
    const { client } = await signedInAdmin(server);
    const body = { input: `${bulletin} Lần thứ 2.`, speaker_id: 'giahuy', fimename: 1 };
    let started = Date.now();
    const first = await convert(client, body);
    const firstMs = Date.now() - started;
    started = Date.now();
    const second = await convert(client, { ...body, fimename: 2 });
    const secondMs = Date.now() - started;
    expect(second.status).toBe(200);
    expect(second.body.data.url).toBe(first.body.data.url);
    expect(secondMs).toBeLessThan(Math.max(150, firstMs / 3));
    // Another voice is another file.
    const other = await convert(client, { ...body, speaker_id: 'lannhi' });
    expect(other.body.data.url).not.toBe(first.body.data.url);
  });

  it('converts once when the same text is asked for twice at the same time', async () => {
    const { client } = await signedInAdmin(server);
    const body = { input: `${bulletin} Cùng lúc.`, speaker_id: 'myan' };
    const [a, b] = await Promise.all([convert(client, body), convert(client, body)]);
    expect(a.body.data.url).toBe(b.body.data.url);
  });

  it('checks the text, then the voice, then the engine, in that order', async () => {
    const { client } = await signedInAdmin(server);
    const tooLong = 'a'.repeat(TTS_MAX_CHARS + 1);
    expect(await convert(client, { input: tooLong }, 'nowhere')).toMatchObject({ status: 400, body: { message: MSG.ttsTooLong } });
    // Too long is said first even of text that is blank once trimmed.
    expect(await convert(client, { input: ' '.repeat(TTS_MAX_CHARS + 1) }, 'nowhere')).toMatchObject({ status: 400, body: { message: MSG.ttsTooLong } });
    expect(await convert(client, { input: '   ngắn    ' }, 'nowhere')).toMatchObject({ status: 400, body: { message: MSG.ttsTooShort } });
    expect(await convert(client, {}, 'nowhere')).toMatchObject({ status: 400, body: { message: MSG.ttsTooShort } });
    expect(await convert(client, { input: bulletin }, 'nowhere')).toMatchObject({ status: 400, body: { message: MSG.ttsNoVoice } });
    expect(await convert(client, { input: bulletin, speaker_id: 'khongco' })).toMatchObject({ status: 400, body: { message: MSG.ttsNoVoice } });
    expect(await convert(client, { input: bulletin, speaker_id: 'leminh' }, 'nowhere')).toMatchObject({ status: 404, body: { message: TTS_MESSAGES.engineUnknown } });
    expect(await convert(client, { input: '..........!!!', speaker_id: 'leminh' })).toMatchObject({ status: 400, body: { message: MSG.ttsTooShort } });
    // Exactly at the limits is fine on length.
    expect(await convert(client, { input: 'a'.repeat(TTS_MAX_CHARS) }, 'nowhere')).toMatchObject({ body: { message: MSG.ttsNoVoice } });
    expect(await convert(client, { input: 'mười ký tự' }, 'nowhere')).toMatchObject({ body: { message: MSG.ttsNoVoice } });
  });

  it('needs a login and the right to compose programmes', async () => {
    const anonymous = new TestClient(server.url);
    expect((await convert(anonymous, { input: bulletin, speaker_id: 'leminh' })).status).toBe(401);
    expect((await anonymous.get('/v1/client/tts')).status).toBe(401);
    const user = await createTestUser(server.db, { rights: ['xemnhatky'] });
    const client = new TestClient(server.url);
    await client.login(user);
    expect(await convert(client, { input: bulletin, speaker_id: 'leminh' })).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
  });

  it('writes the conversion to the system log', async () => {
    const { admin, client } = await signedInAdmin(server);
    const res = await convert(client, { input: `${bulletin} Ghi nhật ký.`, speaker_id: 'thuminhace' });
    expect(res.status).toBe(200);
    const entries = await listSystemLogForUser(server.db, admin.id);
    expect(entries.find((e) => e.action === 'tong-hop-giong-noi')).toMatchObject({ outcome: 'ok', target_type: 'giongnoi' });
  });

  it('documents its calls in the OpenAPI page', async () => {
    const spec = (await fetch(`${server.url}/docs/json`).then((r) => r.json())) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(spec.paths['/v1/client/tts/{engine}'].post.requestBody).toBeDefined();
    expect(JSON.stringify(spec.paths['/v1/client/tts/{engine}'].post)).toContain('noidunggiongnoi');
    expect(spec.paths['/v1/client/tts'].get).toBeDefined();
  });

  it('limits conversions per account', async () => {
    const { client } = await signedInAdmin(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await convert(client, { input: 'ngắn' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another account is not held back.
    const other = await signedInAdmin(server);
    expect((await convert(other.client, { input: 'ngắn' })).status).toBe(400);
  });
});

describe('text-to-speech with cloud engines', () => {
  let server: TestServer;
  let fpt: FakeProvider;
  let viettel: FakeProvider;
  const fptOptions: FakeFptOptions = { apiKey: 'fpt-key' };
  const viettelOptions: FakeViettelOptions = { token: 'viettel-token' };
  beforeAll(async () => {
    fpt = await startFakeFpt(fptOptions);
    viettel = await startFakeViettel(viettelOptions);
    server = await startTestServer({
      TTS_WORKERS: 1, FPT_TTS_URL: fpt.url, FPT_TTS_API_KEY: 'fpt-key', VIETTEL_TTS_URL: viettel.url, VIETTEL_TTS_TOKEN: 'viettel-token',
    });
  });
  afterAll(async () => {
    await server.close();
    await fpt.close();
    await viettel.close();
  });

  it('lists the configured cloud engines after the offline one', async () => {
    const { client } = await signedInAdmin(server);
    const res = await client.get('/v1/client/tts');
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(['espeak', 'fpt', 'viettel']);
  });

  it.each(['fpt', 'viettel'])('converts with %s and stores its MP3', async (engine) => {
    const { client } = await signedInAdmin(server);
    const res = await convert(client, { input: `${bulletin} ${engine}`, speaker_id: 'ngoclamace' }, engine);
    expect(res.status).toBe(200);
    const played = await fetchBytes(server, res.body.data.url);
    expect(played.headers.get('content-type')).toBe('audio/mpeg');
    expect(readMp3(played.bytes)?.durationSeconds).toBeGreaterThan(1);
    // The provider heard the text read out, not its digits and abbreviations.
    const sent = (engine === 'fpt' ? fpt : viettel).requests.at(-1)!.body;
    expect(sent).toContain('bão số ba');
    expect(sent).toContain('Ủy ban nhân dân');
  });

  it('answers the overload message when a provider fails, and logs it', async () => {
    const { admin, client } = await signedInAdmin(server);
    fptOptions.mode = 'refuse';
    viettelOptions.mode = 'broken';
    try {
      for (const engine of ['fpt', 'viettel']) {
        const res = await convert(client, { input: `${bulletin} lỗi ${engine}`, speaker_id: 'leminh' }, engine);
        expect(res).toMatchObject({ status: 500, body: { message: MSG.ttsOverloaded } });
      }
    } finally {
      fptOptions.mode = 'ok';
      viettelOptions.mode = 'ok';
    }
    const entries = await listSystemLogForUser(server.db, admin.id);
    expect(entries.filter((e) => e.action === 'tong-hop-giong-noi' && e.outcome === 'failed')).toHaveLength(2);
    // Nothing was cached: the next try reaches the provider again and succeeds.
    const retry = await convert(client, { input: `${bulletin} lỗi fpt`, speaker_id: 'leminh' }, 'fpt');
    expect(retry.status).toBe(200);
  });
});
