import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, EVENTS, MSG, SOURCE_KINDS, type LiveBroadcast } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const info = (areas: string[], extra: Record<string, unknown> = {}) => ({
  tieude: 'Thông báo khẩn về lũ', loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1, ...extra,
});
const fileSource = (name: string) => ({ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 5, files: [{ fileName: name, url: `x-${name}`, duration: 5 }] });
const relaySource = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });

async function world(speakersInA = 2, speakersInB = 1) {
  const admin = await signedInAdmin(server);
  const a = await startSpeakers(server, admin.client, admin.areas.communeA, speakersInA);
  const b = await startSpeakers(server, admin.client, admin.areas.communeB, speakersInB);
  agents.push(...a, ...b);
  return { ...admin, a, b };
}

const mediaFiles = () => fs.readdirSync(`${server.app.storage.root}/audio`, { withFileTypes: true }).filter((f) => f.isFile()).length;

describe('POST /v1/client/phatngay/phatngay', () => {
  it('plays an uploaded MP3 and a relay on every speaker of the chosen commune within 3 s, and nowhere else', async () => {
    const w = await world();
    const socket = await w.client.socket();
    const events: { trangthai: boolean; idlichphat: string; file: string | null }[] = [];
    socket.on(EVENTS.playState, (e) => events.push(e));
    const sent = Date.now();
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [fileSource('ban-tin-lu.mp3'), relaySource(20)], [{ name: 'ban-tin-lu.mp3', data: makeMp3(4) }]));
    expect(res.status).toBe(200);
    const live: LiveBroadcast = res.body.data;
    expect(live).toMatchObject({ type: 'phatngay', sothietbi: 2, nguondangphat: 'ban-tin-lu.mp3', nguoncho: ['VOV1'], nguoitao: w.admin.id });
    // The server measured the file itself (4 s), whatever the console claimed (5 s).
    expect(live.thoiluong).toBeGreaterThan(23.5);
    expect(live.thoiluong).toBeLessThan(24.5);
    await eventually(() => w.a.every((agent) => agent.playing?.sessionId === live.idlichphat), 3000);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(w.b[0].playing).toBeNull();
    await eventually(() => events.find((e) => e.trangthai && e.idlichphat === live.idlichphat), 2000);
    // The stored file is served to the devices, with range requests.
    const [{ items }] = await server.db.query<{ items: { url: string }[] }>('SELECT items FROM broadcasts WHERE id = $1', [live.idlichphat]);
    const media = await fetch(`${server.url}${items[0].url}`, { headers: { range: 'bytes=0-99' } });
    expect(media.status).toBe(206);
    expect(media.headers.get('content-type')).toBe('audio/mpeg');
    expect((await media.arrayBuffer()).byteLength).toBe(100);

    const list = (await w.client.get('/v1/client/lichphat/lichphatdangphat')).body.data as LiveBroadcast[];
    expect(list.map((b) => b.idlichphat)).toContain(live.idlichphat);
    expect((await w.client.get('/v1/client/phatngay/userdangphat')).body.data).toHaveLength(1);

    const stopped = await w.client.get('/v1/client/phatngay/dungphatngay');
    expect(stopped.status).toBe(200);
    await eventually(() => w.a.every((agent) => agent.playing === null), 3000);
    await eventually(() => events.find((e) => !e.trangthai && e.idlichphat === live.idlichphat), 2000);
    expect((await w.client.get('/v1/client/phatngay/userdangphat')).body.data).toEqual([]);
    const plays = await eventually(async () => {
      const h = (await w.client.get(`/v1/client/thietbi/lichsubantin?id=${w.a[0].deviceId}`)).body.data;
      return h.total > 0 ? h : null;
    }, 3000);
    expect(plays.items.some((p: { idphien: string; sukien: string }) => p.idphien === live.idlichphat && p.sukien === 'started')).toBe(true);
    socket.close();
  });

  it('checks the request in the order of spec §5', async () => {
    const w = await world(1, 0);
    const src = [relaySource(10)];
    const steps: [Record<string, unknown>, unknown[], string][] = [
      [info([w.areas.communeA], { loaibantin: null }), src, MSG.noMessageType],
      [info([w.areas.communeA], { uutien: null }), src, MSG.noPriority],
      [info([]), src, MSG.noArea],
      [info([w.areas.communeA], { thietbichon: [] }), src, MSG.noDevice],
      [info([w.areas.communeA], { tieude: '  ' }), src, MSG.noProgramName],
      [info([w.areas.communeA]), [], MSG.noSources],
      [info([w.areas.communeA], { kieulaplai: 2, thoigianlaplai: 59 }), src, MSG.repeatIntervalMin],
      [info([w.areas.communeA], { kieulaplai: 1, solanlaplai: 0 }), src, MSG.repeatCountMin],
      [info([w.areas.communeA]), [{ ...relaySource(10), tenkenh: '' }], MSG.relayNameEmpty],
      [info([w.areas.communeA]), [{ ...relaySource(10), thoiluong: -60 }], MSG.relayDurationInvalid],
    ];
    for (const [thongtin, nguonphat, message] of steps) {
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(thongtin, nguonphat));
      expect(res.body.message).toBe(message);
      expect(res.status).toBe(400);
    }
  });

  it('refuses a file that is not MP3 whatever its name, a 320 kbps file and a mismatched source list, leaving no file behind', async () => {
    const w = await world(1, 0);
    const before = fs.existsSync(`${server.app.storage.root}/audio`) ? mediaFiles() : 0;
    const text = Buffer.from('Đây không phải là âm thanh, chỉ là văn bản đổi tên thành .mp3');
    const cases: [unknown[], { name: string; data: Buffer }[], string][] = [
      [[fileSource('gia.mp3')], [{ name: 'gia.mp3', data: text }], MSG.fileNotMp3],
      [[fileSource('320.mp3')], [{ name: '320.mp3', data: makeMp3(2, 320) }], MSG.fileBitrate320],
      [[fileSource('a.mp3')], [{ name: 'a.mp3', data: makeMp3(2) }, { name: 'thua.mp3', data: makeMp3(2) }], BROADCAST_MESSAGES.filesMismatch],
      [[fileSource('khong-co.mp3')], [], BROADCAST_MESSAGES.fileMissing],
    ];
    for (const [sources, files, message] of cases) {
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), sources, files));
      expect(res.body.message).toBe(message);
    }
    expect(fs.existsSync(`${server.app.storage.root}/audio`) ? mediaFiles() : 0).toBe(before);
    expect((await w.client.get('/v1/client/phatngay/userdangphat')).body.data).toEqual([]);
  });

  it('refuses areas and devices outside the caller’s scope, and single devices mixed with "all devices"', async () => {
    const w = await world(1, 1);
    const other = await signedInAdmin(server);
    const otherDevice = (await other.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Khác', diaban: other.areas.communeA, serial: `O-${Date.now()}` })).body.data.thietbi._id;
    const src = [relaySource(10)];
    expect((await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([other.areas.communeA]), src))).body.message).toBe(BROADCAST_MESSAGES.unknownArea);
    expect((await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA], { thietbichon: [otherDevice] }), src))).body.message).toBe(BROADCAST_MESSAGES.unknownDevice);
    expect((await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA], { thietbichon: [w.b[0].deviceId] }), src))).body.message).toBe(BROADCAST_MESSAGES.unknownDevice);
    expect((await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA], { thietbichon: ['tatca', w.a[0].deviceId] }), src))).body.message).toBe(BROADCAST_MESSAGES.allDevicesExclusive);
    const operator = await createTestUser(server.db, { adminId: w.admin.id, rights: ['dungphatchuongtrinh'] });
    const op = new TestClient(server.url);
    await op.login(operator);
    expect((await op.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), src))).status).toBe(403);
  });
});

describe('stopping a broadcast', () => {
  it('lets the creator and a holder of dungphatchuongtrinh under the same administrator stop it, and nobody else', async () => {
    const w = await world(1, 0);
    const started = (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA], { thietbichon: [w.a[0].deviceId] }), [relaySource(60)]))).body.data as LiveBroadcast;
    const plain = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    const stopper = await createTestUser(server.db, { adminId: w.admin.id, rights: ['dungphatchuongtrinh'] });
    const stranger = await signedInAdmin(server);
    const [plainClient, stopperClient] = [new TestClient(server.url), new TestClient(server.url)];
    await plainClient.login(plain);
    await stopperClient.login(stopper);
    expect((await plainClient.post('/v1/client/lichphat/dungkhancap', { id: started.idlichphat })).body.message).toBe(BROADCAST_MESSAGES.notYours);
    expect((await stranger.client.post('/v1/client/lichphat/dungkhancap', { id: started.idlichphat })).status).toBe(404);
    expect((await plainClient.get('/v1/client/phatngay/dungphatngay')).body.message).toBe(BROADCAST_MESSAGES.nothingToStop);
    expect((await stopperClient.post('/v1/client/lichphat/dungkhancap', { id: started.idlichphat })).status).toBe(200);
    await eventually(() => w.a[0].playing === null, 3000);
  });

  it('lets a holder of dungphatchuongtrinh stop only broadcasts whose every area lies in its scope', async () => {
    const w = await world(1, 1);
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['dungphatchuongtrinh'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [officer.id, w.areas.communeA]);
    const o = new TestClient(server.url);
    await o.login(officer);
    const start = async (areas: string[]) => (await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info(areas), [relaySource(60)]))).body.data as LiveBroadcast;

    // A district-wide emergency also reaches commune A, but a commune officer cannot silence it.
    const district = await start([w.areas.district]);
    expect(await o.post('/v1/client/lichphat/dungkhancap', { id: district.idlichphat })).toMatchObject({ status: 403, body: { message: MSG.stopOutsideScope } });
    expect(server.app.engine.liveOf(district.idlichphat)).not.toBeNull();
    // The speakers start together a moment after the answer (the playout lead).
    await eventually(() => w.a[0].playing?.sessionId === district.idlichphat, 3000);
    await w.client.get('/v1/client/phatngay/dungphatngay');

    const other = await start([w.areas.communeB]);
    expect((await o.post('/v1/client/lichphat/dungkhancap', { id: other.idlichphat })).status).toBe(404);
    await w.client.get('/v1/client/phatngay/dungphatngay');

    const own = await start([w.areas.communeA]);
    expect((await o.post('/v1/client/lichphat/dungkhancap', { id: own.idlichphat })).status).toBe(200);
    await eventually(() => w.a[0].playing === null, 3000);
  });
});
