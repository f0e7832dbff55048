import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { eventually, sharedDb, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';
import { findBroadcast, insertBroadcast, type NewBroadcast } from '../features/broadcasts/broadcasts.queries';
import { PlayoutEngine } from './engine';

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

/** A session stored directly, so tests can use seconds where the console enforces minutes. */
async function session(s: TestServer, adminId: string, areaId: string, extra: Partial<NewBroadcast> = {}) {
  const id = crypto.randomUUID();
  await insertBroadcast(s.db, {
    id, admin_id: adminId, created_by: adminId, type: 'phatlich', title: 'Bản tin sáng', message_type: 1, priority: 0,
    chosen_areas: [areaId], chosen_devices: ['tatca'], target_areas: [areaId], target_devices: [], device_count: 1, sources: [],
    items: [{ url: 'http://127.0.0.1:9/relay', duration: 2, title: 'Tiếp sóng', kind: 'relay' }], total_seconds: 2,
    repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(), ...extra,
  });
  return (await findBroadcast(s.db, id))!;
}

describe('playout engine', () => {
  it('waits between runs in repeat mode 2 and tells the consoles when the repeat starts', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 1)));
    const socket = await w.client.socket();
    const waits: { chophatlai: boolean; thoigianchophatlai: number | null }[] = [];
    socket.on(EVENTS.waitingRepeat, (e) => waits.push(e));
    const row = await session(server, w.admin.id, w.areas.communeA, { repeat_mode: 2, repeat_interval: 2, repeat_count: 1 });
    await server.app.engine.start(row);
    await eventually(() => agents.at(-1)!.playing?.sessionId === row.id, 2000);
    const wait = await eventually(() => waits.find((e) => e.chophatlai), 4000);
    expect(wait.thoigianchophatlai).toBeGreaterThan(Date.now());
    expect(server.app.engine.liveOf(row.id)).toMatchObject({ chophatlai: true });
    await eventually(() => waits.find((e) => !e.chophatlai), 4000);
    await eventually(() => agents.at(-1)!.playing?.sessionId === row.id, 2000);
    await eventually(() => server.app.engine.liveOf(row.id) === null, 5000);
    // The panel lets go of it as it ends; the row says finished once the end is stored.
    await eventually(async () => (await findBroadcast(server.db, row.id))!.status === 'finished', 2000);
    socket.close();
  });

  it('lets an emergency pre-empt a scheduled programme on shared speakers, which then resumes', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const routine = await session(server, w.admin.id, w.areas.communeA, { items: [{ url: 'http://127.0.0.1:9/r', duration: 60, title: 'Nhạc', kind: 'relay' }], total_seconds: 60 });
    await server.app.engine.start(routine);
    await eventually(() => speaker.playing?.sessionId === routine.id, 2000);
    await new Promise((r) => setTimeout(r, 1000));
    const emergency = await session(server, w.admin.id, w.areas.communeA, { type: 'phatngay', priority: 1, items: [{ url: 'http://127.0.0.1:9/e', duration: 30, title: 'Khẩn', kind: 'relay' }], total_seconds: 30 });
    await server.app.engine.start(emergency);
    await eventually(() => speaker.playing?.sessionId === emergency.id, 2000);
    await server.app.engine.stop(emergency.id, w.admin.id);
    await eventually(() => speaker.playing?.sessionId === routine.id, 2000);
    // It joined at the right moment of its timeline, not from the start.
    expect(speaker.playing!.position).toBeGreaterThan(0.9);
    await server.app.engine.stop(routine.id, w.admin.id);
  });

  it('marks a pre-empted programme on its card and tells its creator, then clears it when it resumes', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const routine = await session(server, w.admin.id, w.areas.communeA, { title: 'Nhạc buổi sáng', items: [{ url: 'http://127.0.0.1:9/r', duration: 60, title: 'Nhạc', kind: 'relay' }], total_seconds: 60 });
    await server.app.engine.start(routine);
    await eventually(() => speaker.playing?.sessionId === routine.id, 2000);
    expect(server.app.engine.liveOf(routine.id)!.bingat).toBeNull();
    const emergency = await session(server, w.admin.id, w.areas.communeA, { type: 'phatngay', title: 'Lũ', priority: 1, items: [{ url: 'http://127.0.0.1:9/e', duration: 30, title: 'Khẩn', kind: 'relay' }], total_seconds: 30 });
    const outcome = await server.app.engine.start(emergency);
    expect(outcome.preempted.map((b) => b.idlichphat)).toEqual([routine.id]);
    await eventually(() => speaker.playing?.sessionId === emergency.id, 2000);
    expect(server.app.engine.liveOf(routine.id)!.bingat).toMatchObject({ kieu: 'ngat', idlichphat: emergency.id, tieude: 'Lũ', soloa: 1, uutien: 1 });
    const note = await eventually(async () => (await server.db.query<{ body: string }>("SELECT body FROM notifications WHERE user_id = $1 AND kind = 'phat-bingat' AND target_id = $2", [w.admin.id, routine.id]))[0], 3000);
    expect(note.body).toMatch(/^Chương trình "Nhạc buổi sáng" của .+ bị ngắt trên 1 loa bởi "Lũ" của .+ lúc \d\d:\d\d; sẽ tiếp tục sau khi "Lũ" kết thúc\.$/);
    await server.app.engine.stop(emergency.id, w.admin.id);
    await eventually(() => speaker.playing?.sessionId === routine.id, 2000);
    expect(server.app.engine.liveOf(routine.id)!.bingat).toBeNull();
    await server.app.engine.stop(routine.id, w.admin.id);
  });

  it('keeps a programme of the same priority that came later waiting behind the first, then gives it the speakers', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const plays: string[] = [];
    speaker.on('command', (c) => c.type === 'play' && plays.push(c.sessionId));
    const earlier = await session(server, w.admin.id, w.areas.communeA, { items: [{ url: 'http://127.0.0.1:9/a', duration: 60, title: 'Trước', kind: 'relay' }], total_seconds: 60 });
    await server.app.engine.start(earlier);
    await eventually(() => speaker.playing?.sessionId === earlier.id, 2000);
    const later = await session(server, w.admin.id, w.areas.communeA, { title: 'Sau', items: [{ url: 'http://127.0.0.1:9/b', duration: 60, title: 'Sau', kind: 'relay' }], total_seconds: 60 });
    const outcome = await server.app.engine.start(later);
    expect(outcome.waitsBehind.map((b) => b.idlichphat)).toEqual([earlier.id]);
    await new Promise((r) => setTimeout(r, 500));
    expect(speaker.playing?.sessionId).toBe(earlier.id);
    expect(server.app.engine.liveOf(later.id)!.bingat).toMatchObject({ kieu: 'cho', idlichphat: earlier.id, soloa: 1 });
    // A speaker that comes back meanwhile is sent only what holds it.
    plays.length = 0;
    server.app.broker.disconnect(speaker.deviceId);
    await eventually(() => !speaker.connected, 2000);
    await eventually(() => speaker.connected && plays.length > 0, 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(plays).toEqual([earlier.id]);
    await server.app.engine.stop(earlier.id, w.admin.id);
    await eventually(() => speaker.playing?.sessionId === later.id, 2000);
    expect(server.app.engine.liveOf(later.id)!.bingat).toBeNull();
    await server.app.engine.stop(later.id, w.admin.id);
  });

  it('sends a running broadcast to a speaker that comes back, at the right position', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    // The broadcast began 5 s ago, while the speaker's link was down.
    const row = await session(server, w.admin.id, w.areas.communeA, {
      items: [{ url: 'http://127.0.0.1:9/r', duration: 60, title: 'Tiếp sóng', kind: 'relay' }], total_seconds: 60, run_started_at: new Date(Date.now() - 5000),
    });
    server.app.broker.disconnect(speaker.deviceId);
    await eventually(() => !speaker.connected, 2000);
    await server.app.engine.start(row);
    await eventually(() => speaker.playing?.sessionId === row.id, 5000);
    expect(speaker.playing!.position).toBeGreaterThan(4.5);
    await server.app.engine.stop(row.id, w.admin.id);
  });

  it('stops a session and writes what goes with the stop together, or neither', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    const row = await session(server, w.admin.id, w.areas.communeA, { items: [{ url: 'http://127.0.0.1:9/r', duration: 60, title: 'Tiếp sóng', kind: 'relay' }], total_seconds: 60 });
    await server.app.engine.start(row);
    await eventually(() => speaker.playing?.sessionId === row.id, 5000);
    // A record that cannot be written: the stop is undone with it, and the session plays on.
    const failing = server.app.engine.stop(row.id, w.admin.id, { record: (tx) => tx.query('SELECT 1/0').then(() => undefined) });
    await expect(failing).rejects.toThrow();
    expect((await findBroadcast(server.db, row.id))!.status).toBe('playing');
    expect(server.app.engine.liveOf(row.id)).not.toBeNull();
    expect(speaker.playing?.sessionId).toBe(row.id);
    // Written with the stop: the row is stopped and the record is there, in one go.
    const mark = `stop-${row.id}`;
    const stopped = await server.app.engine.stop(row.id, w.admin.id, { record: (tx) => tx.query('INSERT INTO system_log (action, target_type, target_id, detail) VALUES ($1, $2, $3, $4::jsonb)', ['dung-phat', 'phatngay', mark, '{}']).then(() => undefined) });
    expect(stopped).toBe(true);
    expect((await findBroadcast(server.db, row.id))!.status).toBe('stopped');
    expect(await server.db.query('SELECT 1 FROM system_log WHERE target_id = $1', [mark])).toHaveLength(1);
    await eventually(() => speaker.playing === null, 3000);
  });

  it('after a restart carries on what is still running and ends, saying so, what ran out meanwhile', async () => {
    const w = await signedInAdmin(server);
    const running = await session(server, w.admin.id, w.areas.communeA, { items: [{ url: 'http://127.0.0.1:9/r', duration: 600, title: 'Dài', kind: 'relay' }], total_seconds: 600 });
    const expired = await session(server, w.admin.id, w.areas.communeA, { run_started_at: new Date(Date.now() - 60_000) });
    const db = await sharedDb();
    // Their server stopped: nobody renews their leases.
    await db.query(`UPDATE broadcasts SET owner = 'stopped-instance', lease_until = now() - interval '1 second' WHERE id = ANY($1::text[])`, [[running.id, expired.id]]);
    const config = loadConfig({}, { PORT: 0, MQTT_PORT: 0, HOST: '127.0.0.1', inMemory: true, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'x-admin-password', MEDIA_DIR: server.app.storage.root });
    const restarted = await buildApp({ config, db, logger: false });
    try {
      // Claimed by the restarted server at its start, or by the other one still running on this
      // database at its next lease tick: either way it carries on, shown by both.
      await eventually(() => restarted.engine.liveOf(running.id), 3000);
      expect(restarted.engine.liveOf(running.id)).toMatchObject({ idlichphat: running.id, chophatlai: false });
      const ended = await eventually(async () => (await db.query<{ status: string; end_reason: string }>('SELECT status, end_reason FROM broadcasts WHERE id = $1 AND status = $2', [expired.id, 'finished']))[0], 3000);
      expect(ended).toEqual({ status: 'finished', end_reason: 'ket-thuc-khi-may-chu-dung' });
    } finally {
      await restarted.engine.stop(running.id, w.admin.id);
      await restarted.close();
    }
  });
});

describe('a new session: speakers first, then the database', () => {
  const fresh = (adminId: string, areaId: string, title: string): NewBroadcast => ({
    id: crypto.randomUUID(), admin_id: adminId, created_by: adminId, type: 'phatngay', title, message_type: 2, priority: 1,
    chosen_areas: [areaId], chosen_devices: ['tatca'], target_areas: [areaId], target_devices: [], device_count: 1, sources: [],
    items: [{ url: 'http://127.0.0.1:9/k', duration: 60, title: 'Khẩn', kind: 'relay' }], total_seconds: 60, repeat_mode: 0, repeat_interval: 0,
    repeat_count: 0, run_started_at: new Date(),
  });

  it('sends the play command before the session is stored, and stores it before answering', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    const b = fresh(w.admin.id, w.areas.communeB, 'Lưu sau khi gửi');
    let playingWhenStored: string | null | undefined;
    await server.app.engine.start(PlayoutEngine.newRow(b, 'Quản trị'), async () => {
      // The speaker has its command by now (the engine waits for the broker's delivery first).
      await eventually(() => speaker.playing?.sessionId === b.id, 2000);
      playingWhenStored = speaker.playing?.sessionId;
      await insertBroadcast(server.db, b);
    });
    expect(playingWhenStored).toBe(b.id);
    expect((await findBroadcast(server.db, b.id))?.status).toBe('playing');
    expect(server.app.engine.liveOf(b.id)).toMatchObject({ idlichphat: b.id });
    await server.app.engine.stop(b.id, w.admin.id);
    expect((await findBroadcast(server.db, b.id))?.status).toBe('stopped');
  });

  it('stops a session on its speakers and reports the error when it cannot be stored: nothing plays unrecorded', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(speaker);
    const b = fresh(w.admin.id, w.areas.communeB, 'Không lưu được');
    await expect(server.app.engine.start(PlayoutEngine.newRow(b, 'Quản trị'), async () => {
      await eventually(() => speaker.playing?.sessionId === b.id, 2000);
      throw new Error('database unavailable');
    })).rejects.toThrow('database unavailable');
    await eventually(() => speaker.playing === null, 2000);
    expect(server.app.engine.liveOf(b.id)).toBeNull();
    expect(await findBroadcast(server.db, b.id)).toBeNull();
  });
});

describe('quiet hours', () => {
  it('keeps a scheduled programme off speakers in quiet hours, but not an emergency', async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    agents.push(speaker);
    // Quiet around the clock in this commune.
    const now = new Date(Date.now() + 7 * 3600_000);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    await w.client.post('/v1/client/thietbi/update', { diaban: w.areas.communeA, giotinh: { tu: hhmm(new Date(now.getTime() - 3600_000)), den: hhmm(new Date(now.getTime() + 3600_000)) } });
    const routine = await session(server, w.admin.id, w.areas.communeA, { items: [{ url: 'http://127.0.0.1:9/r', duration: 30, title: 'Nhạc', kind: 'relay' }], total_seconds: 30 });
    await server.app.engine.start(routine);
    await new Promise((r) => setTimeout(r, 800));
    expect(speaker.playing).toBeNull();
    const emergency = await session(server, w.admin.id, w.areas.communeA, { type: 'phatngay', priority: 1, items: [{ url: 'http://127.0.0.1:9/e', duration: 30, title: 'Khẩn', kind: 'relay' }], total_seconds: 30 });
    await server.app.engine.start(emergency);
    await eventually(() => speaker.playing?.sessionId === emergency.id, 2000);
    await server.app.engine.stop(emergency.id, w.admin.id);
    await server.app.engine.stop(routine.id, w.admin.id);
  });
});
