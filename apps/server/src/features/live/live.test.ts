import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MAX_SECONDS, LIVE_MESSAGES, MSG, liveEndedByOther, mp3FramesDuration, vnClock, type DeviceCommand } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { LiveSocket, listen, mp3Chunks } from '../../../test/live';
import { makeMp3 } from '../../../test/audio';
import { findBroadcast, insertBroadcast } from '../broadcasts/broadcasts.queries';

/**
 * Issue #12, live voice: an officer's microphone reaches the speakers through the console's
 * authenticated connection, the server's live stream and the playout engine, and ends cleanly.
 */
let server: TestServer;
const agents: SpeakerAgent[] = [];
const sockets: LiveSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const start = (areas: string[], extra: Record<string, unknown> = {}) => ({
  tieude: 'Thông báo trực tiếp', loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], ...extra,
});
/** When a session ended, as its officer is told (Vietnam time). */
const endedClock = async (id: string) => vnClock((await server.db.query<{ ended_at: Date }>('SELECT ended_at FROM broadcasts WHERE id = $1', [id]))[0]!.ended_at.getTime());
const logOf = (targetId: string) => server.db.query<{ action: string; outcome: string; detail: Record<string, unknown> }>('SELECT action, outcome, detail FROM system_log WHERE target_id = $1 ORDER BY id', [targetId]);
const refusalsOf = (userId: string) => server.db.query<{ action: string; detail: Record<string, unknown> }>(`SELECT action, detail FROM system_log WHERE user_id = $1 AND outcome = 'denied' ORDER BY id`, [userId]);

/** An administrator with speakers in commune A that open every audio address they are given. */
async function world(count = 2) {
  const w = await signedInAdmin(server);
  const speakers = await startSpeakers(server, w.client, w.areas.communeA, count, { fetchAudio: true, audioBaseUrl: server.url });
  agents.push(...speakers);
  const commands: DeviceCommand[] = [];
  speakers[0].on('command', (c) => commands.push(c));
  // A speaker that cannot open the live stream reports an error: none may.
  const errors: string[] = [];
  for (const s of speakers) s.on('event', (e) => { if (e.type === 'error') errors.push(e.message ?? ''); });
  const live = await LiveSocket.open(w.client);
  sockets.push(live);
  return { ...w, speakers, commands, live, errors };
}

/** The live item's address as the speakers were told it (absolute). */
function liveUrl(commands: DeviceCommand[], id: string): string {
  const play = commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play' && c.sessionId === id)!;
  const item = play.items.find((i) => i.kind === 'live')!;
  return server.url + item.url;
}

describe('live voice over the console connection', () => {
  it('plays the officer\'s voice on the speakers and to an HTTP listener, and Stop ends it everywhere', async () => {
    const w = await world();
    const answer = await w.live.start(start([w.areas.communeA]));
    expect(answer).toMatchObject({ ok: true });
    if (!answer.ok) return;
    const id = answer.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === id), 3000);
    expect(w.commands.find((c) => c.type === 'play')).toMatchObject({ items: [{ kind: 'live', title: 'Phát trực tiếp' }] });
    // Each speaker opened the stream (a refused or failed fetch is reported as an error).
    await eventually(() => w.speakers.every((s) => s.playing?.itemIndex === 0), 2000);
    // The overview counts them as playing (#32: its tile said 0 during a live talk).
    await eventually(async () => (await w.client.get('/v1/client/tongquan')).body.data.thietbi.dangphat === w.speakers.length, 3000, 100);

    const listener = listen(liveUrl(w.commands, id));
    const link = listen(`${server.url}/v1/client/phatngay/nghe/${id}`, { cookie: w.client.cookieHeader });
    let speaking = true;
    const voice = w.live.speak(id, mp3Chunks(4), 100, () => speaking);
    await eventually(() => listener.bytes.length > 4000 && link.bytes.length > 4000, 5000);
    speaking = false;
    await voice;
    expect(listener.status).toBe(200);
    // What the listeners got is whole MP3 frames, as sent.
    expect(mp3FramesDuration(listener.bytes)).toBeGreaterThan(500);
    expect(mp3FramesDuration(link.bytes)).toBeGreaterThan(500);
    const card = server.app.engine.liveOf(id)!;
    expect(card.tructiep?.batdau).toBeLessThanOrEqual(Date.now());
    expect(card.nguonphat.tenchuongtrinh).toBe('Thông báo trực tiếp');

    const stopped = Date.now();
    expect(await w.live.stop(id)).toEqual({ ok: true, message: LIVE_MESSAGES.stopped });
    await eventually(() => w.speakers.every((s) => s.playing === null) && listener.ended && link.ended, 2000);
    expect(Date.now() - stopped).toBeLessThan(2000);
    expect(w.errors).toEqual([]);
    await eventually(() => w.live.ended.length > 0, 1000);
    expect(w.live.ended).toEqual([{ idlichphat: id, message: LIVE_MESSAGES.stopped }]);
    expect((await findBroadcast(server.db, id))!.status).toBe('stopped');
    expect((await logOf(id)).map((e) => e.action)).toEqual(['phat-truc-tiep', 'dung-phat']);
    // The address is dead now: a late speaker is told so.
    expect((await fetch(liveUrl(w.commands, id))).status).toBe(404);
  });

  it('ends when stopped from its card like any bulletin: the stream ends and the officer is told', async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await eventually(() => w.speakers[0].playing?.sessionId === id, 3000);
    const listener = listen(liveUrl(w.commands, id));
    void w.live.speak(id, mp3Chunks(2));
    await eventually(() => listener.bytes.length > 0, 3000);
    expect((await w.client.post('/v1/client/lichphat/dungkhancap', { id })).status).toBe(200);
    await eventually(() => w.speakers[0].playing === null && listener.ended && w.live.ended.length > 0, 2000);
    // Told as a warning, who stopped it and when (issue #32 item 3), not as her own stop.
    expect(w.live.ended).toEqual([{ idlichphat: id, message: liveEndedByOther({ hoten: 'Người Thử Nghiệm', at: await endedClock(id) }), canhbao: true }]);
  });

  it('tells the officer whose live talk the administrator took over, as a warning, who cut her off, when and for what', async () => {
    const w = await world(1);
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat', 'dungphatchuongtrinh'], hoten: 'Cán bộ xã Hải Tân' });
    const client = new TestClient(server.url);
    await client.login(officer);
    const talk = await LiveSocket.open(client);
    sockets.push(talk);
    const answer = await talk.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await eventually(() => w.speakers[0].playing?.sessionId === id, 3000);
    let speaking = true;
    const voice = talk.speak(id, mp3Chunks(40), 100, () => speaking);
    // The administrator's 'Ngắt và phát' from the broadcast dialog.
    const taken = await w.client.post('/v1/client/phatngay/phatngay', {
      thongtin: { ...start([w.areas.communeA]), tieude: 'Cảnh báo bão số 9', kieulaplai: 0, ngatphat: [id] },
      nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 }],
    });
    expect(taken.status).toBe(200);
    await eventually(() => talk.ended.length > 0, 3000);
    speaking = false;
    await voice;
    const at = await endedClock(id);
    expect(talk.ended).toEqual([{ idlichphat: id, message: `Phát trực tiếp của bạn đã bị Người Thử Nghiệm ngắt lúc ${at} để phát "Cảnh báo bão số 9"!`, canhbao: true }]);
    const stop = await server.db.query<{ id: string }>(`SELECT id FROM broadcasts WHERE title = 'Cảnh báo bão số 9' AND status = 'playing'`);
    await server.app.engine.stop(stop[0]!.id, w.admin.id);
  });

  it('opens with a chime when asked, then the voice', async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA], { chuong: true }));
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.data.chuong).toBeGreaterThan(2000);
    const play = await eventually(() => w.commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play'), 3000);
    expect(play.items.map((i) => i.kind)).toEqual(['file', 'live']);
    const chime = await fetch(server.url + play.items[0].url);
    expect(chime.status).toBe(200);
    expect(mp3FramesDuration(new Uint8Array(await chime.arrayBuffer()))).toBeGreaterThan(2000);
    await w.live.stop(answer.data.idlichphat);
  });

  it('refuses the address of a live stream without its signature', async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    const res = await fetch(`${server.url}/media/live/${answer.data.idlichphat}.mp3?t=forged.token`);
    expect(res.status).toBe(403);
    await w.live.stop(answer.data.idlichphat);
  });
});

describe('how a live session ends', () => {
  it('ends on every speaker when the console disconnects, and the bulletin it pre-empted resumes', async () => {
    const w = await world();
    const routineId = crypto.randomUUID();
    // A scheduled programme (priority 0) of a stored MP3 the speakers can open.
    const key = `audio/${routineId}-nhac.mp3`;
    await server.app.storage.put(key, makeMp3(120, 32));
    await insertBroadcast(server.db, {
      id: routineId, admin_id: w.admin.id, created_by: w.admin.id, type: 'phatlich', title: 'Nhạc buổi sáng', message_type: 1, priority: 0,
      chosen_areas: [w.areas.communeA], chosen_devices: ['tatca'], target_areas: [w.areas.communeA], target_devices: [], device_count: 2, sources: [],
      items: [{ url: server.app.storage.publicPath(key), duration: 120, title: 'Nhạc', kind: 'file' }], total_seconds: 120,
      repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(),
    });
    await server.app.engine.start((await findBroadcast(server.db, routineId))!);
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === routineId), 3000);

    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === id), 3000);
    expect(server.app.engine.liveOf(routineId)!.bingat).toMatchObject({ kieu: 'ngat', idlichphat: id });
    const listener = listen(liveUrl(w.commands, id));
    void w.live.speak(id, mp3Chunks(1));
    await eventually(() => listener.bytes.length > 0, 3000);

    const closed = Date.now();
    w.live.close();
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === routineId) && listener.ended, 2000);
    expect(Date.now() - closed).toBeLessThan(2000);
    const row = (await findBroadcast(server.db, id))!;
    expect(row.status).toBe('stopped');
    expect((await server.db.query<{ end_reason: string }>('SELECT end_reason FROM broadcasts WHERE id = $1', [id]))[0].end_reason).toBe('truc-tiep-mat-ket-noi');
    expect((await logOf(id)).at(-1)).toMatchObject({ action: 'dung-phat', detail: { lydo: 'truc-tiep-mat-ket-noi', thongbao: LIVE_MESSAGES.disconnected } });
    await server.app.engine.stop(routineId, w.admin.id);
    expect(w.errors).toEqual([]);
  });

  it('ends a live session nobody speaks into any more (picked up after a restart), and gives the speakers back', async () => {
    const w = await world(1);
    const id = crypto.randomUUID();
    await insertBroadcast(server.db, {
      id, admin_id: w.admin.id, created_by: w.admin.id, type: 'phatngay', title: 'Trực tiếp trước khi khởi động lại', message_type: 1, priority: 1,
      chosen_areas: [w.areas.communeA], chosen_devices: ['tatca'], target_areas: [w.areas.communeA], target_devices: [], device_count: 1, sources: [],
      items: [{ url: `/media/live/${id}.mp3?t=x`, duration: LIVE_MAX_SECONDS, title: 'Phát trực tiếp', kind: 'live' }], total_seconds: LIVE_MAX_SECONDS,
      repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(),
    });
    // As recover() does after a restart: the engine runs it, but no officer's connection holds it.
    await server.app.engine.start((await findBroadcast(server.db, id))!);
    await eventually(async () => (await findBroadcast(server.db, id))!.status === 'stopped', 3000, 100);
    await eventually(() => w.speakers[0].playing === null, 2000);
    expect((await server.db.query<{ end_reason: string }>('SELECT end_reason FROM broadcasts WHERE id = $1', [id]))[0].end_reason).toBe('truc-tiep-mat-ket-noi');
  });

  it(`ends after ${10} s without audio, saying so`, async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    const id = answer.data.idlichphat;
    await w.live.speak(id, mp3Chunks(1));
    const lastAudio = Date.now();
    await eventually(() => w.live.ended.length > 0, 14_000, 100);
    const ended = Date.now() - lastAudio;
    expect(ended).toBeGreaterThanOrEqual(9_500);
    expect(ended).toBeLessThan(12_000);
    expect(w.live.ended).toEqual([{ idlichphat: id, message: LIVE_MESSAGES.silence }]);
    await eventually(() => w.speakers[0].playing === null, 2000);
    expect((await logOf(id)).at(-1)).toMatchObject({ action: 'dung-phat', detail: { lydo: 'truc-tiep-im-lang' } });
  }, 30_000);

  it('ends when the login is signed out from elsewhere', async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    void w.live.speak(answer.data.idlichphat, mp3Chunks(3));
    await eventually(() => w.speakers[0].playing?.sessionId === answer.data.idlichphat, 3000);
    await w.client.get('/v1/client/logout');
    await eventually(() => w.speakers[0].playing === null && !w.live.socket.connected, 2000);
    expect((await findBroadcast(server.db, answer.data.idlichphat))!.status).toBe('stopped');
  });
});

describe('a login that changes while connected', () => {
  it('refuses a start on a connection whose login was signed out, and ends a session whose right was taken away', async () => {
    const w = await world(1);
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    const client = new TestClient(server.url);
    await client.login(officer);
    const socket = await LiveSocket.open(client);
    sockets.push(socket);
    const answer = await socket.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    let speaking = true;
    const voice = socket.speak(answer.data.idlichphat, mp3Chunks(12), 100, () => speaking);
    await eventually(() => w.speakers[0].playing?.sessionId === answer.data.idlichphat, 3000);
    // The right is taken away while on air: within seconds the session ends on the speakers.
    await server.db.query(`UPDATE users SET quyenhan = '[]'::jsonb WHERE id = $1`, [officer.id]);
    await eventually(() => socket.ended.length > 0 && w.speakers[0].playing === null, 7000, 100);
    expect(socket.ended[0].message).toBe(LIVE_MESSAGES.signedOut);
    speaking = false;
    await voice;

    // A connection whose login has since been signed out (no event reached it) cannot start.
    await server.db.query(`UPDATE users SET quyenhan = '["themsuaxoalichphat"]'::jsonb WHERE id = $1`, [officer.id]);
    await server.db.query(`UPDATE login_devices SET status = 'logout' WHERE user_id = $1`, [officer.id]);
    expect(await socket.start(start([w.areas.communeA]))).toEqual({ ok: false, message: LIVE_MESSAGES.signedOut });
  });
});

describe('who may go live', () => {
  it('refuses a second officer on speakers carrying a live session, naming who is live', async () => {
    const w = await world(1);
    const first = await w.live.start(start([w.areas.communeA]));
    if (!first.ok) throw new Error(first.message);
    await eventually(() => w.speakers[0].playing?.sessionId === first.data.idlichphat, 3000);
    const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat', 'dungphatchuongtrinh'], hoten: 'Cán bộ xã A' });
    const client = new TestClient(server.url);
    await client.login(officer);
    const second = await LiveSocket.open(client);
    sockets.push(second);
    // Not even with the stop right and a takeover request: live voice is never talked over.
    const refused = await second.start(start([w.areas.communeA], { ngatphat: [first.data.idlichphat] }));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.message).toContain('đang phát trực tiếp');
    expect(refused.message).toContain('Người Thử Nghiệm');
    expect(refused.dangphat).toEqual([expect.objectContaining({ idlichphat: first.data.idlichphat, tructiep: true, soloa: 1 })]);
    // A bulletin from the broadcast dialog is refused the same way.
    const bulletin = await client.post('/v1/client/phatngay/phatngay', {
      thongtin: { ...start([w.areas.communeA]), kieulaplai: 0 },
      nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 }],
    });
    expect(bulletin.status).toBe(409);
    expect(w.speakers[0].playing?.sessionId).toBe(first.data.idlichphat);
    await w.live.stop(first.data.idlichphat);
  });

  it('refuses an account without the right, an area outside the scope, a second stream on the same login and another site', async () => {
    const w = await world(1);
    const noRight = await createTestUser(server.db, { adminId: w.admin.id, rights: [] });
    const noRightClient = new TestClient(server.url);
    await noRightClient.login(noRight);
    const noRightSocket = await LiveSocket.open(noRightClient);
    sockets.push(noRightSocket);
    expect(await noRightSocket.start(start([w.areas.communeA]))).toEqual({ ok: false, message: MSG.forbidden });
    expect((await refusalsOf(noRight.id)).map((e) => e.action)).toEqual(['tu-choi-quyen']);

    const communeB = await createTestUser(server.db, { adminId: w.admin.id, rights: ['themsuaxoalichphat'] });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [communeB.id, w.areas.communeB]);
    const communeBClient = new TestClient(server.url);
    await communeBClient.login(communeB);
    const communeBSocket = await LiveSocket.open(communeBClient);
    sockets.push(communeBSocket);
    const outside = await communeBSocket.start(start([w.areas.communeA]));
    expect(outside).toMatchObject({ ok: false });
    expect((await refusalsOf(communeB.id)).map((e) => e.action)).toEqual(['tu-choi-pham-vi']);
    // The §5 checks, in order, with the same messages as any broadcast.
    expect(await w.live.start(start([w.areas.communeA], { loaibantin: null }))).toEqual({ ok: false, message: MSG.noMessageType });
    expect(await w.live.start(start([], {}))).toEqual({ ok: false, message: MSG.noArea });
    expect(await w.live.start(start([w.areas.communeA], { tieude: ' ' }))).toEqual({ ok: false, message: MSG.noProgramName });

    const first = await w.live.start(start([w.areas.communeA]));
    if (!first.ok) throw new Error(first.message);
    const again = await w.live.start(start([w.areas.communeB]));
    expect(again).toEqual({ ok: false, message: LIVE_MESSAGES.alreadyLive });
    // Another tab of the same login.
    const tab = await LiveSocket.open(w.client);
    sockets.push(tab);
    expect(await tab.start(start([w.areas.communeB]))).toEqual({ ok: false, message: LIVE_MESSAGES.alreadyLive });
    await w.live.stop(first.data.idlichphat);

    const foreign = await LiveSocket.open(w.client, 'https://evil.example');
    sockets.push(foreign);
    expect(await foreign.start(start([w.areas.communeA]))).toEqual({ ok: false, message: LIVE_MESSAGES.badOrigin });
    // Without the CSRF cookie echoed (what a page of another site cannot read), even without an Origin.
    const noOrigin = await LiveSocket.open(w.client, null);
    sockets.push(noOrigin);
    expect(await noOrigin.start(start([w.areas.communeA], { csrf: 'guessed' }))).toEqual({ ok: false, message: LIVE_MESSAGES.badOrigin });
    expect(await noOrigin.start(start([w.areas.communeA], { csrf: undefined }))).toEqual({ ok: false, message: LIVE_MESSAGES.badOrigin });
    const refusals = await refusalsOf(w.admin.id);
    expect(refusals.map((e) => e.detail.lydo)).toEqual(expect.arrayContaining(['phien-thu-hai', 'sai-nguon-goc']));
  });
});

describe('bad chunks', () => {
  it('ends the session on a chunk that is not MP3, or too big, saying so; others carry on', async () => {
    const w = await world(1);
    const other = await world(1);
    const otherAnswer = await other.live.start(start([other.areas.communeA]));
    if (!otherAnswer.ok) throw new Error(otherAnswer.message);
    let otherSpeaking = true;
    const otherVoice = other.live.speak(otherAnswer.data.idlichphat, mp3Chunks(6), 100, () => otherSpeaking);

    for (const [bad, message, lydo] of [
      [Buffer.from('<html>not audio</html>'), LIVE_MESSAGES.notAudio, 'khong-phai-am-thanh'],
      ['a string, not bytes', LIVE_MESSAGES.notAudio, 'khong-phai-am-thanh'],
      [Buffer.concat(mp3Chunks(2, 2000)), LIVE_MESSAGES.tooBig, 'goi-qua-lon'],
      [Buffer.concat(mp3Chunks(1, 1000)), LIVE_MESSAGES.tooBig, 'goi-qua-lon'],
    ] as const) {
      w.live.ended.length = 0;
      const answer = await w.live.start(start([w.areas.communeA]));
      if (!answer.ok) throw new Error(answer.message);
      await eventually(() => w.speakers[0].playing?.sessionId === answer.data.idlichphat, 3000);
      w.live.send(answer.data.idlichphat, mp3Chunks(1)[0]);
      w.live.send(answer.data.idlichphat, bad);
      await eventually(() => w.live.ended.length > 0 && w.speakers[0].playing === null, 2000);
      expect(w.live.ended).toEqual([{ idlichphat: answer.data.idlichphat, message }]);
      expect((await logOf(answer.data.idlichphat)).map((e) => [e.action, e.detail.lydo])).toEqual([
        ['phat-truc-tiep', undefined], ['tu-choi-phat-truc-tiep', lydo], ['dung-phat', 'truc-tiep-mat-ket-noi'],
      ]);
    }

    // A chunk for a stream that is not this connection's (another administrator's) is refused and logged.
    w.live.ended.length = 0;
    w.live.send(otherAnswer.data.idlichphat, mp3Chunks(1)[0]);
    await eventually(() => w.live.ended.length > 0, 2000);
    expect(w.live.ended[0].message).toBe(LIVE_MESSAGES.notYourStream);
    expect((await refusalsOf(w.admin.id)).at(-1)!.detail.lydo).toBe('khong-phai-phien-cua-ban');

    // The other officer was never disturbed.
    expect(other.live.ended).toEqual([]);
    expect(other.speakers[0].playing?.sessionId).toBe(otherAnswer.data.idlichphat);
    otherSpeaking = false;
    await otherVoice;
    await other.live.stop(otherAnswer.data.idlichphat);
  });

  it('refuses audio sent faster than real time', async () => {
    const w = await world(1);
    const answer = await w.live.start(start([w.areas.communeA]));
    if (!answer.ok) throw new Error(answer.message);
    for (const chunk of mp3Chunks(6, 200)) w.live.send(answer.data.idlichphat, chunk);
    await eventually(() => w.live.ended.length > 0, 3000);
    expect(w.live.ended[0].message).toBe(LIVE_MESSAGES.tooFast);
    expect((await logOf(answer.data.idlichphat)).map((e) => e.detail.lydo)).toEqual([undefined, 'qua-nhanh', 'truc-tiep-mat-ket-noi']);
  });
});
