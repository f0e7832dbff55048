import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS } from '@loa/contract';
import { broadcastForm, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import { looksLikeMp3 } from '../media/audioProbe';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /v1/client/phatngay/nghe/:id', () => {
  it('streams what the session plays now, as MP3, to signed-in users in scope only', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    const mp3 = makeMp3(8);
    const live = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Nghe thử', loaibantin: 1, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 8, files: [{ fileName: 'ban-tin.mp3', url: 'x', duration: 8 }] }],
      [{ name: 'ban-tin.mp3', data: mp3 }],
    ))).body.data;
    await new Promise((r) => setTimeout(r, 2000));
    const res = await fetch(`${server.url}/v1/client/phatngay/nghe/${live.idlichphat}`, { headers: { cookie: w.client.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    // About three quarters of the file remain two seconds in, and they start on MP3 data.
    expect(bytes.length).toBeGreaterThan(mp3.length * 0.55);
    expect(bytes.length).toBeLessThan(mp3.length * 0.9);
    expect(bytes.includes(Buffer.from([0xff, 0xfb]))).toBe(true);
    expect(looksLikeMp3(bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xfb]))))).toBe(true);

    const stranger = await signedInAdmin(server);
    expect((await stranger.client.get(`/v1/client/phatngay/nghe/${live.idlichphat}`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/v1/client/phatngay/nghe/${live.idlichphat}`)).status).toBe(401);
    await w.client.get('/v1/client/phatngay/dungphatngay');
    await speaker.stop();
  });
});
