import { EMERGENCY_PRIORITY, EVENTS, type LiveBroadcast, type PlayItem } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../infra/db';
import type { DomainBus } from '../infra/events';
import { DeviceGateway } from '../gateway/gateway';
import * as q from '../features/broadcasts/broadcasts.queries';
import { itemAt, itemStarts, stateAt, type RunPlan, type SessionState } from './plan';

interface Tracked {
  row: q.BroadcastRow;
  timer: NodeJS.Timeout | null;
  /** The run whose play command went out, and the run whose wait was announced. */
  sentRun: number;
  announcedWait: number;
  state: SessionState;
  currentItem: number;
  /** For a session not yet in the database: stores it, once its first play command is out. */
  record: (() => Promise<void>) | null;
  /** That write while it runs (a stop waits for it, so it never ends a session not yet stored). */
  recording: Promise<void> | null;
}

const planOf = (row: q.BroadcastRow): RunPlan => ({
  items: row.items, total: row.total_seconds, repeatMode: row.repeat_mode, repeatInterval: row.repeat_interval, repeatCount: row.repeat_count,
});

/**
 * The playout engine (DESIGN.md §6): runs each broadcast's timeline by wall clock, sends it to its
 * devices through the gateway, repeats it, ends or stops it, re-sends it to devices that come back
 * or that a higher priority released, and tells the consoles at every step.
 */
export class PlayoutEngine {
  private readonly tracked = new Map<string, Tracked>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly db: Db, private readonly gateway: DeviceGateway, private readonly bus: DomainBus, private readonly log: FastifyBaseLogger) {
    this.unsubscribe.push(bus.on('device.online', ({ deviceId }) => void this.rejoin(deviceId)));
  }

  /** Picks up the sessions that were running when the server stopped, by wall clock. */
  async recover(): Promise<void> {
    for (const row of await q.listActiveBroadcasts(this.db)) {
      const state = stateAt(planOf(row), row.run_started_at.getTime(), Date.now());
      if (state.status === 'finished') {
        await this.end(this.track(row), 'finished', null, 'ket-thuc-khi-may-chu-dung');
        this.log.warn({ broadcast: row.id }, 'broadcast ended while the server was down');
      } else {
        await this.advance(this.track(row));
      }
    }
  }

  /**
   * Starts a session now. A new one is given with `record`, which stores it: the play command goes
   * out first and the database write follows, so no query delays the speakers. Should the write
   * fail, the session is stopped on its devices and the error thrown: nothing plays unrecorded.
   */
  async start(row: q.BroadcastRow, record?: () => Promise<void>): Promise<void> {
    const t = this.track(row);
    t.record = record ?? null;
    try {
      await this.advance(t);
    } catch (error) {
      if (t.record) this.tracked.delete(row.id); // never stored: nothing to carry on
      throw error;
    }
  }

  /** A new session's row as the database would answer it, before it is stored. */
  static newRow(b: q.NewBroadcast, creatorName: string): q.BroadcastRow {
    return { ...b, creator_name: creatorName, status: 'playing', run_index: 0, next_run_at: null, started_at: new Date(), schedule_id: b.schedule_id ?? null };
  }

  /** Stops a running session; answers false when it was not running. */
  async stop(id: string, stoppedBy: string): Promise<boolean> {
    const t = this.tracked.get(id) ?? (await this.trackFromDb(id));
    if (!t) return false;
    return this.end(t, 'stopped', stoppedBy, 'nguoi-dung-dung');
  }

  /** Running sessions, as the live panel shows them. */
  live(): LiveBroadcast[] {
    return [...this.tracked.values()].map((t) => this.toLive(t));
  }

  liveOf(id: string): LiveBroadcast | null {
    const t = this.tracked.get(id);
    return t ? this.toLive(t) : null;
  }

  /** The item a session plays now and how far into it (listen link), or null between runs. */
  nowPlaying(id: string): { items: PlayItem[]; index: number; position: number; runEnd: number } | null {
    const t = this.tracked.get(id);
    if (!t) return null;
    const state = stateAt(planOf(t.row), t.row.run_started_at.getTime(), Date.now());
    if (state.status !== 'playing') return null;
    const at = itemAt(t.row.items, (Date.now() - state.runStart) / 1000);
    return at && { items: t.row.items, ...at, runEnd: state.runEnd };
  }

  async close(): Promise<void> {
    for (const t of this.tracked.values()) if (t.timer) clearTimeout(t.timer);
    this.tracked.clear();
    for (const u of this.unsubscribe) u();
  }

  private track(row: q.BroadcastRow): Tracked {
    const t: Tracked = { row, timer: null, sentRun: -1, announcedWait: -1, state: stateAt(planOf(row), row.run_started_at.getTime(), Date.now()), currentItem: -1, record: null, recording: null };
    this.tracked.set(row.id, t);
    return t;
  }

  private async trackFromDb(id: string): Promise<Tracked | null> {
    const row = await q.findBroadcast(this.db, id);
    return row && (row.status === 'playing' || row.status === 'waiting') ? this.track(row) : null;
  }

  /** Brings a session up to now and sets the next wake-up (an item boundary, a run's end or start). */
  private async advance(t: Tracked): Promise<void> {
    if (t.timer) clearTimeout(t.timer);
    t.timer = null;
    if (!this.tracked.has(t.row.id)) return;
    const now = Date.now();
    const state = stateAt(planOf(t.row), t.row.run_started_at.getTime(), now);
    t.state = state;
    if (state.status === 'finished') {
      await this.recordNew(t);
      await this.end(t, 'finished', null, 'het-thoi-luong');
      return;
    }
    let wakeAt: number;
    if (state.status === 'playing') {
      if (t.sentRun !== state.runIndex) {
        const resumedFromWait = t.announcedWait >= 0;
        t.sentRun = state.runIndex;
        const sending = performance.now();
        await this.sendPlay(t, state.runStart, { areaIds: t.row.target_areas, deviceIds: t.row.target_devices });
        // How long the broker took to hand the command to every subscriber (the fan-out benchmark reads it).
        this.log.info({ broadcast: t.row.id, deliveredMs: Math.round(performance.now() - sending) }, 'play command delivered');
        // A new session is stored as playing its first run: only a later run needs its state written.
        const stored = await this.recordNew(t);
        if (!stored || state.runIndex > 0) await q.updateRunState(this.db, t.row.id, { status: 'playing', runIndex: state.runIndex, nextRunAt: null });
        if (!this.tracked.has(t.row.id)) return; // stopped meanwhile
        if (resumedFromWait) this.notify(t, EVENTS.waitingRepeat, { idlichphat: t.row.id, chophatlai: false, thoigianchophatlai: null });
      }
      const offset = (now - state.runStart) / 1000;
      const at = itemAt(t.row.items, offset) ?? { index: t.row.items.length - 1, position: 0 };
      t.currentItem = at.index;
      this.notifyPlaying(t);
      const starts = itemStarts(t.row.items);
      wakeAt = at.index + 1 < starts.length ? state.runStart + starts[at.index + 1] * 1000 : state.runEnd;
    } else {
      await this.recordNew(t);
      if (t.announcedWait !== state.runIndex) {
        t.announcedWait = state.runIndex;
        t.currentItem = -1;
        await q.updateRunState(this.db, t.row.id, { status: 'waiting', runIndex: state.runIndex, nextRunAt: new Date(state.nextRunAt) });
        this.notify(t, EVENTS.waitingRepeat, { idlichphat: t.row.id, chophatlai: true, thoigianchophatlai: state.nextRunAt });
      }
      wakeAt = state.nextRunAt;
    }
    t.timer = setTimeout(() => {
      this.advance(t).catch((error: unknown) => this.log.error({ err: error, broadcast: t.row.id }, 'playout step failed'));
    }, Math.max(0, wakeAt - Date.now()));
    t.timer.unref();
  }

  /** Stores a new session (once); answers whether it did so now. */
  private async recordNew(t: Tracked): Promise<boolean> {
    const record = t.record;
    if (!record) return false;
    t.record = null;
    t.recording = record();
    try {
      await t.recording;
      return true;
    } catch (error) {
      this.tracked.delete(t.row.id);
      await this.gateway.command({ areaIds: t.row.target_areas, deviceIds: t.row.target_devices }, { ...DeviceGateway.envelope(), type: 'stop', sessionId: t.row.id })
        .catch((e: unknown) => this.log.error({ err: e }, 'stop command failed'));
      throw error;
    }
  }

  private async sendPlay(t: Tracked, runStart: number, target: { areaIds?: string[]; deviceIds?: string[] }): Promise<void> {
    const envelope = DeviceGateway.envelope();
    // Only an emergency plays in quiet hours: otherwise devices inside them are left out.
    if (t.row.priority < EMERGENCY_PRIORITY) {
      const all = [...(target.deviceIds ?? []), ...this.gateway.devicesIn(this.gateway.subtree(target.areaIds ?? []))];
      const quiet = all.filter((id) => this.gateway.inQuietHours(id));
      if (quiet.length > 0) target = { deviceIds: all.filter((id) => !quiet.includes(id)) };
    }
    await this.gateway.command(target, {
      ...envelope, expiresAt: runStart + t.row.total_seconds * 1000, type: 'play', sessionId: t.row.id, priority: t.row.priority,
      title: t.row.title, items: t.row.items, startAt: runStart,
    });
  }

  /** Every device a session addresses: its single devices and those of its whole areas. */
  private devicesOf(row: q.BroadcastRow): Set<string> {
    return new Set([...row.target_devices, ...this.gateway.devicesIn(this.gateway.subtree(row.target_areas))]);
  }

  /** Whether a session addresses a device (without listing all its devices). */
  private reaches(row: q.BroadcastRow, deviceId: string): boolean {
    if (row.target_devices.includes(deviceId)) return true;
    const area = this.gateway.areaOf(deviceId);
    return area !== undefined && this.gateway.subtree(row.target_areas).has(area);
  }

  private async end(t: Tracked, status: 'finished' | 'stopped', stoppedBy: string | null, reason: string): Promise<boolean> {
    if (t.timer) clearTimeout(t.timer);
    this.tracked.delete(t.row.id);
    // A session stopped while its first play command is still going out is stored first, then ended.
    if (t.record) await this.recordNew(t).catch(() => undefined);
    else if (t.recording) await t.recording.catch(() => undefined);
    const ended = await q.endBroadcast(this.db, t.row.id, { status, endedAt: new Date(), stoppedBy, reason });
    if (!ended) return false;
    await this.gateway.command({ areaIds: t.row.target_areas, deviceIds: t.row.target_devices }, { ...DeviceGateway.envelope(), type: 'stop', sessionId: t.row.id })
      .catch((error: unknown) => this.log.error({ err: error }, 'stop command failed'));
    this.notify(t, EVENTS.playState, { trangthai: false, idlichphat: t.row.id, nguonphat: null, nguoncho: [], file: null, nguoitao: t.row.created_by, type: t.row.type, lichphat: null });
    const creatorStillPlays = [...this.tracked.values()].some((o) => o.row.created_by === t.row.created_by && o.row.type === 'phatngay');
    if (t.row.type === 'phatngay' && !creatorStillPlays) this.notify(t, EVENTS.stopImmediate, { trangthai: false }, true);
    await this.resumeOverlapping(t.row);
    return true;
  }

  /** Sessions that this one pre-empted on shared devices play there again, at the right position. */
  private async resumeOverlapping(ended: q.BroadcastRow): Promise<void> {
    // Only a session that started earlier, with the same or a lower priority, was pre-empted by the
    // one that ended; a later one took the devices from it and still has them.
    const others = [...this.tracked.values()].filter((o) => o.state.status === 'playing' && o.row.priority <= ended.priority
      && o.row.started_at.getTime() <= ended.started_at.getTime());
    if (others.length === 0) return;
    const freed = this.devicesOf(ended);
    for (const other of others) {
      const shared = [...this.devicesOf(other.row)].filter((d) => freed.has(d));
      if (shared.length > 0 && other.state.status === 'playing') await this.sendPlay(other, other.state.runStart, { deviceIds: shared });
    }
  }

  /** A device that comes back while a broadcast for it runs is told at once and joins in step. */
  private async rejoin(deviceId: string): Promise<void> {
    for (const t of this.tracked.values()) {
      if (t.state.status !== 'playing') continue;
      const state = stateAt(planOf(t.row), t.row.run_started_at.getTime(), Date.now());
      if (state.status !== 'playing' || !this.reaches(t.row, deviceId)) continue;
      await this.sendPlay(t, state.runStart, { deviceIds: [deviceId] }).catch((error: unknown) => this.log.error({ err: error }, 'rejoin failed'));
    }
  }

  private notifyPlaying(t: Tracked): void {
    const live = this.toLive(t);
    this.notify(t, EVENTS.playState, {
      trangthai: true, idlichphat: t.row.id, nguonphat: live.nguonphat, nguoncho: live.nguoncho, file: live.nguondangphat,
      nguoitao: t.row.created_by, type: t.row.type, lichphat: live,
    });
  }

  private notify(t: Tracked, event: keyof import('@loa/contract').ServerToClientEvents, payload: unknown, creatorOnly = false): void {
    const areaIds = creatorOnly ? [] : [...this.gateway.subtree(t.row.chosen_areas)];
    this.bus.emit('broadcast.changed', { areaIds, userId: t.row.created_by, event, payload });
  }

  private toLive(t: Tracked): LiveBroadcast {
    const { row, state } = t;
    const playing = state.status === 'playing';
    const current = playing && t.currentItem >= 0 ? row.items[t.currentItem] : null;
    return {
      idlichphat: row.id,
      idlichgoc: row.schedule_id,
      type: row.type,
      nguonphat: {
        tenchuongtrinh: row.title || null,
        nguoitao: { _id: row.created_by, hoten: row.creator_name },
        diabanphat: row.chosen_areas.map((id) => ({ _id: id, tendiaban: this.gateway.areaName(id) })),
        kieulaplai: row.repeat_mode,
        solanlaplai: row.repeat_count,
      },
      nguondangphat: current?.title ?? null,
      nguoncho: playing ? row.items.slice(t.currentItem + 1).map((i) => i.title) : row.items.map((i) => i.title),
      nguoitao: row.created_by,
      idAdmin: row.admin_id,
      iddiaban: { tendiaban: row.chosen_areas.map((id) => this.gateway.areaName(id)).join(', ') },
      chophatlai: state.status === 'waiting',
      thoigianchophatlai: state.status === 'waiting' ? state.nextRunAt : null,
      kieulaplai: row.repeat_mode,
      solanlaplai: row.repeat_count,
      thoigianketthuc: state.status === 'playing' ? state.runEnd : state.status === 'waiting' ? state.nextRunAt : state.endedAt,
      thoiluong: row.total_seconds,
      loaibantin: row.message_type,
      uutien: row.priority,
      sothietbi: row.device_count,
    };
  }
}
