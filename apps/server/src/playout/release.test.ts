import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, SOURCE_KINDS, vnClock, type DeviceCommand, type LiveBroadcast, type Schedule } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';
import { findBroadcast, insertBroadcast, type BroadcastRow, type NewBroadcast } from '../features/broadcasts/broadcasts.queries';
import { localDate } from '../features/schedules/recurrence';
import { whatWaitsOn } from './release';
import { stateNow, type Tracked } from './tracked';

/**
 * Issue #32, items 1 and 2: whatever ends the session holding some speakers, what waits on them
 * (a programme it pre-empted, a schedule's run waiting behind it at its priority) is sent again,
 * at the moment of its timeline where it stands now.
 */

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

type Play = Extract<DeviceCommand, { type: 'play' }>;

/** A session stored directly (seconds, where the console counts minutes). */
async function session(adminId: string, areaId: string, title: string, priority: number, seconds: number, extra: Partial<NewBroadcast> = {}) {
  const id = crypto.randomUUID();
  await insertBroadcast(server.db, {
    id, admin_id: adminId, created_by: adminId, type: priority > 0 ? 'phatngay' : 'phatlich', title, message_type: 1, priority,
    chosen_areas: [areaId], chosen_devices: ['tatca'], target_areas: [areaId], target_devices: [], device_count: 1, sources: [],
    items: [{ url: `http://127.0.0.1:9/${id}`, duration: seconds, title, kind: 'relay' }], total_seconds: seconds,
    repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(), ...extra,
  });
  return (await findBroadcast(server.db, id))!;
}

/**
 * A speaker of a fresh commune playing `waiting` (a 60 s programme), then `holder` taking it (a
 * higher priority that pre-empts it, or the same priority there first, which it waits behind).
 * Answers the play commands the speaker receives from then on.
 */
async function speakerHeldBy(
  kind: 'preempted' | 'waiting', holderSeconds: number, holderOf: (w: Awaited<ReturnType<typeof signedInAdmin>>) => Promise<Partial<NewBroadcast>> = async () => ({}),
) {
  const w = await signedInAdmin(server);
  const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
  agents.push(speaker);
  const holderExtra = await holderOf(w);
  const engine = server.app.engine;
  let holder;
  let waiting;
  if (kind === 'preempted') {
    waiting = await session(w.admin.id, w.areas.communeA, 'Chương trình 40 giây', 0, 60);
    await engine.start(waiting);
    await eventually(() => speaker.playing?.sessionId === waiting!.id, 5000);
    holder = await session(w.admin.id, w.areas.communeA, 'Cảnh báo bão số 9', 1, holderSeconds, holderExtra);
    expect((await engine.start(holder)).preempted.map((b) => b.idlichphat)).toEqual([waiting.id]);
  } else {
    holder = await session(w.admin.id, w.areas.communeA, 'Bản tin xã', 1, holderSeconds, holderExtra);
    await engine.start(holder);
    await eventually(() => speaker.playing?.sessionId === holder!.id, 5000);
    // A schedule's run: it waits behind what is there first at its priority (the scheduler starts it so).
    waiting = await session(w.admin.id, w.areas.communeA, 'Lịch phát đến sau', 1, 60, { type: 'phatlich' });
    expect((await engine.start(waiting)).waitsBehind.map((b) => b.idlichphat)).toEqual([holder.id]);
  }
  await eventually(() => speaker.playing?.sessionId === holder!.id, 5000);
  expect(engine.liveOf(waiting.id)!.bingat).toMatchObject({ idlichphat: holder.id });
  const plays: Play[] = [];
  speaker.on('command', (c: DeviceCommand) => c.type === 'play' && plays.push(c));
  return { w, speaker, holder, waiting, plays };
}

/** The waiting session is sent again and plays, from where its timeline stands now, and its card is clear. */
async function resumes(s: Awaited<ReturnType<typeof speakerHeldBy>>, withinMs: number) {
  const { speaker, waiting, plays } = s;
  const resent = await eventually(() => plays.find((p) => p.sessionId === waiting.id), withinMs);
  expect(resent.startAt).toBe(waiting.run_started_at.getTime());
  await eventually(() => speaker.playing?.sessionId === waiting.id, 5000);
  const expected = (Date.now() - waiting.run_started_at.getTime()) / 1000;
  expect(Math.abs(speaker.playing!.position - expected)).toBeLessThan(1);
  expect(server.app.engine.liveOf(waiting.id)!.bingat).toBeNull();
  await server.app.engine.stop(waiting.id, s.w.admin.id);
}

describe('what waits on the speakers of a session that ends', () => {
  it('resumes a pre-empted programme where it stands when the emergency ends by itself, and its card says so', async () => {
    const s = await speakerHeldBy('preempted', 2);
    const socket = await s.w.client.socket();
    const cards: LiveBroadcast[] = [];
    socket.on(EVENTS.playState, (e: { idlichphat: string; lichphat: LiveBroadcast | null }) => e.idlichphat === s.waiting.id && e.lichphat && cards.push(e.lichphat));
    await resumes(s, 4000);
    expect((await findBroadcast(server.db, s.holder.id))!.status).toBe('finished');
    // The consoles were told the programme plays everywhere again, not only asked to refresh.
    await eventually(() => cards.length > 0 && cards.at(-1)!.bingat === null, 3000);
    socket.close();
  });

  it('gives the speakers to a schedule waiting behind a bulletin of its priority when the bulletin ends by itself', async () => {
    const s = await speakerHeldBy('waiting', 2);
    const resent = await eventually(() => s.plays.find((p) => p.sessionId === s.waiting.id), 4000);
    // Marked takeover: at the same priority the agent would otherwise ignore it.
    expect(resent.takeover).toBe(true);
    await resumes(s, 0);
  });

  it('resumes a pre-empted programme when the emergency is stopped', async () => {
    const s = await speakerHeldBy('preempted', 30);
    await server.app.engine.stop(s.holder.id, s.w.admin.id);
    await resumes(s, 2000);
  });

  it('gives the speakers to a schedule waiting behind a bulletin that is stopped', async () => {
    const s = await speakerHeldBy('waiting', 30);
    await server.app.engine.stop(s.holder.id, s.w.admin.id);
    await resumes(s, 2000);
  });

  it('resumes a pre-empted programme when the schedule whose run pre-empted it is deleted', async () => {
    let scheduleId = '';
    const s = await speakerHeldBy('preempted', 30, async (w) => {
      const tomorrow = Date.now() + 86_400_000;
      const created = await w.client.post('/v1/client/lichphat/taolichphat', {
        tieude: 'Cảnh báo theo lịch', uutien: 1, loaibantin: 1, chedophat: 'hangtuan', thutrongtuan: [0, 1, 2, 3, 4, 5, 6], diabanchon: [w.areas.communeA], thietbichon: ['tatca'],
        nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 }],
        ngaybatdau: localDate(tomorrow), ngayketthuc: localDate(tomorrow + 86_400_000), giophat: [vnClock(tomorrow)],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      scheduleId = (created.body.data as Schedule)._id;
      // Today's run of it, on air now.
      return { schedule_id: scheduleId, type: 'phatlich' };
    });
    expect((await s.w.client.post('/v1/client/lichphat/xoalichphat', { id: scheduleId })).status).toBe(200);
    await resumes(s, 2000);
  });

  it('resumes a pre-empted programme when the emergency ended while no instance held its lease (its server died)', async () => {
    const s = await speakerHeldBy('preempted', 2);
    // Its server dies now: the lease is another instance's, until after the emergency has ended.
    await server.db.query(`UPDATE broadcasts SET owner = 'killed-instance', lease_until = now() + interval '3 seconds' WHERE id = $1`, [s.holder.id]);
    await eventually(() => !server.app.engine.runsHere(s.holder.id), 5000);
    // Nobody resends while nobody holds it; once the lease runs out, this instance claims it, ends it, and hands the speakers on.
    await resumes(s, 6000);
    const [ended] = await server.db.query<{ status: string; end_reason: string }>('SELECT status, end_reason FROM broadcasts WHERE id = $1', [s.holder.id]);
    expect(ended).toEqual({ status: 'finished', end_reason: 'ket-thuc-khi-may-chu-dung' });
  });
});

describe('whatWaitsOn', () => {
  const now = Date.now();
  /** A session on speakers `devices`, started `ago` ms ago, its current run sent unless said otherwise. */
  const tracked = (id: string, priority: number, ago: number, devices: string[], sent = true): Tracked => {
    const row = {
      id, admin_id: 'a', created_by: 'u', creator_name: 'U', type: 'phatngay', title: id, message_type: 1, priority, chosen_areas: [], chosen_devices: devices,
      target_areas: [], target_devices: devices, device_count: devices.length, sources: [], items: [{ url: 'http://127.0.0.1:9/x', duration: 600, title: id, kind: 'relay' }],
      total_seconds: 600, repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(now - ago), status: 'playing', run_index: 0, next_run_at: null,
      started_at: new Date(now - ago), schedule_id: null,
    } satisfies BroadcastRow;
    return { row, timer: null, sentRun: sent ? 0 : -1, announcedWait: -1, state: stateNow(row, now), currentItem: 0, record: null, recording: null, takeover: false };
  };
  const devices = (row: BroadcastRow) => new Set(row.target_devices);
  const waits = (gone: Tracked, others: Tracked[]) => whatWaitsOn(gone, others, devices, now).map((r) => [r.t.row.id, r.runStart, r.deviceIds]);

  it('gives each speaker the emergency held to what holds it now, from its own run start', () => {
    const programme = tracked('programme', 0, 20_000, ['d1', 'd2', 'd3']);
    const other = tracked('other', 0, 10_000, ['d2']);
    const emergency = tracked('emergency', 1, 5_000, ['d1', 'd2']);
    // d2: the programme was there first at priority 0, so it holds it; d3 it never lost.
    expect(waits(emergency, [programme, other])).toEqual([['programme', now - 20_000, ['d1', 'd2']]]);
  });

  it('gives a speaker to the strongest of those left, not to everything that reaches it', () => {
    const programme = tracked('programme', -1, 20_000, ['d1']);
    const bulletin = tracked('bulletin', 0, 10_000, ['d1']);
    expect(waits(tracked('emergency', 1, 5_000, ['d1']), [programme, bulletin])).toEqual([['bulletin', now - 10_000, ['d1']]]);
  });

  it('leaves speakers the ended session did not hold, and a run not sent yet (it goes out by itself)', () => {
    const emergency = tracked('emergency', 1, 5_000, ['d1']);
    expect(waits(tracked('programme', 0, 20_000, ['d1']), [emergency])).toEqual([]);
    expect(waits(emergency, [tracked('later', 0, 1_000, ['d1'], false)])).toEqual([]);
  });
});
