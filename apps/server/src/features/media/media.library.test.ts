import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, type MediaItem } from '@loa/contract';
import { broadcastForm, createTestUser, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TTS_WORKERS: 1 });
});
afterAll(() => server.close());

/** An officer (every right) of the administrator placed in an area (null: the whole administrator). */
async function officer(adminId: string, areaId: string | null): Promise<TestClient> {
  const user = await createTestUser(server.db, { adminId });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  const client = new TestClient(server.url);
  await client.login(user);
  return client;
}

const library = async (client: TestClient, q = ''): Promise<MediaItem[]> => {
  const res = await client.get(`/v1/client/thuvien${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/media\//, ''));
const speak = async (client: TestClient, input: string) => {
  const res = await client.post('/v1/client/tts/espeak', { input, speaker_id: 'banmaiace', fimename: 1763769600000 });
  expect(res.status).toBe(200);
  return res.body.data as { url: string; thoiluong: number; noidunggiongnoi: string };
};
const uploadFiles = async (client: TestClient, files: { name: string; data: Buffer }[]) => {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'audio/mpeg' }), f.name);
  const res = await client.request('POST', '/v1/client/lichphat/uploadfile', form);
  expect(res.status).toBe(200);
  return res.body.data as { fileName: string; url: string }[];
};

describe('speech in the media library', () => {
  it('lists a conversion as a speech item of the caller’s library (once), named by its text, playable as a library file', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const text = 'Thông báo lịch tiêm phòng dại cho chó mèo tại nhà văn hoá thôn Đông vào sáng thứ Bảy.';
    const made = await speak(client, text);
    const [item, ...others] = await library(client);
    expect(others).toEqual([]);
    expect(item).toMatchObject({ key: keyOf(made.url), url: made.url, loai: 'tts', ten: made.noidunggiongnoi, sudung: 0 });
    expect(item.thoiluong).toBeCloseTo(made.thoiluong, 1);
    expect(item.dungluong).toBeGreaterThan(1000);
    expect((await library(client, 'tiêm phòng')).map((m) => m.key)).toEqual([item.key]);
    // The same text again: the same item, not a second one.
    expect((await speak(client, text)).url).toBe(made.url);
    expect(await library(client)).toHaveLength(1);

    // A commune officer converting the same text gets it in the commune's library (its own file);
    // the other commune sees neither.
    const communeA = await officer(admin.id, areas.communeA);
    const theirs = await speak(communeA, text);
    expect(theirs.url).not.toBe(made.url);
    expect((await library(communeA)).map((m) => [m.key, m.loai])).toEqual([[keyOf(theirs.url), 'tts']]);
    expect(await library(await officer(admin.id, areas.communeB))).toEqual([]);
    // Another administrator: its own item too, and the first library is unchanged.
    const other = await signedInAdmin(server);
    const otherSpeech = await speak(other.client, text);
    expect((await library(other.client)).map((m) => m.key)).toEqual([keyOf(otherSpeech.url)]);
    expect(keyOf(otherSpeech.url)).not.toBe(item.key);

    // Chosen from the library as a file source, it plays as speech with its measured duration.
    const speakers = await startSpeakers(server, client, areas.communeA, 1);
    const started = await communeA.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Từ thư viện', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: theirs.noidunggiongnoi, url: keyOf(theirs.url), duration: 1 }] }],
    ));
    expect(started.status).toBe(200);
    expect(started.body.data.thoiluong).toBeCloseTo(theirs.thoiluong, 0);
    const [{ items }] = await server.db.query<{ items: { url: string; kind: string }[] }>('SELECT items FROM broadcasts WHERE id = $1', [started.body.data.idlichphat]);
    expect(items.map((i) => [i.url, i.kind])).toEqual([[theirs.url, 'tts']]);
    await communeA.get('/v1/client/phatngay/dungphatngay');
    await speakers[0].stop();

    // Deleted from the library, it goes from the cache too: the next conversion is listed afresh.
    expect((await client.post('/v1/client/thuvien/xoa', { key: item.key })).status).toBe(200);
    expect(await server.app.storage.exists(item.key)).toBe(false);
    const again = await speak(client, text);
    expect(await server.app.storage.exists(keyOf(again.url))).toBe(true);
    expect((await library(client)).map((m) => m.key)).toContain(keyOf(again.url));
  });
});

describe('one copy of each content in the library', () => {
  it('reuses the stored file when the same content is uploaded again by the same administrator and area', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    const mp3 = makeMp3(2, 128, 523);
    const [first] = await uploadFiles(client, [{ name: 'ban-tin.mp3', data: mp3 }]);
    const [second, different] = await uploadFiles(client, [{ name: 'ban-tin (1).mp3', data: mp3 }, { name: 'khac.mp3', data: makeMp3(2, 128, 660) }]);
    expect(second.url).toBe(first.url);
    expect(second.fileName).toBe('ban-tin (1).mp3');
    expect(different.url).not.toBe(first.url);
    expect((await library(client)).map((m) => m.key).sort()).toEqual([first.url, different.url].sort());
    expect(await server.app.storage.exists(first.url)).toBe(true);
    // Another area keeps its own copy in its own library.
    const communeA = await officer(admin.id, areas.communeA);
    const [theirs] = await uploadFiles(communeA, [{ name: 'ban-tin.mp3', data: mp3 }]);
    expect(theirs.url).not.toBe(first.url);
    expect((await library(communeA)).map((m) => m.key)).toEqual([theirs.url]);
  });

  it('keeps a reused file when the request that reused it is refused, and discards the new ones', async () => {
    const { areas, client } = await signedInAdmin(server);
    const mp3 = makeMp3(2, 128, 587);
    const [kept] = await uploadFiles(client, [{ name: 'da-co.mp3', data: mp3 }]);
    const before = (await server.db.query<{ key: string }>('SELECT key FROM media WHERE admin_id = (SELECT admin_id FROM media WHERE key = $1)', [kept.url])).map((r) => r.key);
    const refused = await client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bị từ chối', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'da-co.mp3', url: 'x', duration: 2 }, { fileName: 'moi.mp3', url: 'y', duration: 2 }] }],
      [{ name: 'da-co.mp3', data: mp3 }, { name: 'moi.mp3', data: makeMp3(2, 128, 700) }],
    ));
    // No speaker in the area: refused after both files were stored.
    expect(refused.status).toBe(400);
    expect(await server.app.storage.exists(kept.url)).toBe(true);
    expect((await library(client)).map((m) => m.key)).toEqual([kept.url]);
    const after = (await server.db.query<{ key: string }>('SELECT key FROM media WHERE admin_id = (SELECT admin_id FROM media WHERE key = $1)', [kept.url])).map((r) => r.key);
    expect(after).toEqual(before);
  });
});
