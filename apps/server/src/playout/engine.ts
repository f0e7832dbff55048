import { EMERGENCY_PRIORITY, EVENTS, speakersBusyMessage, type BusyBroadcast, type LiveBroadcast, type PlayItem } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../infra/db';
import type { DomainBus } from '../infra/events';
import { DeviceGateway } from '../gateway/gateway';
import * as q from '../features/broadcasts/broadcasts.queries';
import { AppError } from '../infra/errors';
import { randomUUID } from 'node:crypto';
import { holderAmong, outranks, type Claim } from './holders';
import * as leases from './leases';
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
  /** Its first run takes the speakers from a session of the same priority (an officer's takeover). */
  takeover: boolean;
  /** Run by another instance: known from the database, shown and weighed, never advanced here. */
  remote?: boolean;
}

/** Leases (docs/architecture.md "Several servers and fail-over"). */
export const DEFAULT_LEASE_MS = 3000;
export const DEFAULT_LEASE_TICK_MS = 500;

/**
 * What a new session does about sessions of its own priority on shared speakers: an officer's
 * broadcast is refused (409 naming them) unless it lists them in `takeover`, which ends them; a
 * schedule's run waits there behind them and joins when they end (docs/architecture.md).
 */
export interface StartOptions {
  samePriority?: 'refuse' | 'wait';
  takeover?: ReadonlySet<string>;
  /** Who takes over (stored as who stopped the sessions taken over). */
  by?: string;
}

/** How a session is stopped: why (its end_reason), what took it over, and what commits with the stop. */
export interface StopOptions {
  reason?: string;
  cutBy?: string;
  /** Writes inside the stop's transaction (its system-log entry): both happen or neither. */
  record?: (tx: Db) => Promise<void>;
}

/** What a new session met on its speakers, for its system-log entries and notifications. */
export interface StartOutcome {
  /** Same priority, ended by an explicit takeover. */
  takenOver: BusyBroadcast[];
  /** Lower priority, silenced on the shared speakers until this one ends. */
  preempted: BusyBroadcast[];
  /** There first at the same or a higher priority: this one waits on the shared speakers. */
  waitsBehind: BusyBroadcast[];
}

/** 409: the chosen speakers play a broadcast of the same priority (named in `dangphat`). */
export class SpeakersBusyError extends AppError {
  constructor(readonly busy: BusyBroadcast[]) {
    super(409, speakersBusyMessage(busy[0]), { dangphat: busy });
  }
}

/** PLAY_LEAD_MS by default (docs/performance.md "Speakers in step" says why). */
export const DEFAULT_PLAY_LEAD_MS = 600;

const claimOf = (t: Tracked): Claim => ({ id: t.row.id, priority: t.row.priority, since: t.row.started_at.getTime() });

/** Where a live voice session's voice starts in its timeline (after its chime), or null for any other session. */
const liveOffset = (row: q.BroadcastRow): number | null => {
  const i = row.items.findIndex((item) => item.kind === 'live');
  return i < 0 ? null : itemStarts(row.items)[i];
};

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
  /** Sessions other instances run, as of the last tick. */
  private remote = new Map<string, Tracked>();
  private readonly unsubscribe: (() => void)[] = [];
  /** This instance, as the owner of its sessions' leases. */
  readonly instanceId: string;
  private readonly leaseMs: number;
  private readonly leaseTimer: NodeJS.Timeout;
  private ticking: Promise<void> | null = null;
  private closed = false;

  /**
   * How far ahead of "now" a new session's first run starts (PLAY_LEAD_MS): its play command reaches
   * every speaker before that instant, and they all start on it together, on their synchronised
   * clocks, instead of each seeking in by however late its command came.
   */
  readonly leadMs: number;

  constructor(
    private readonly db: Db, private readonly gateway: DeviceGateway, private readonly bus: DomainBus, private readonly log: FastifyBaseLogger,
    opts: { leadMs?: number; instanceId?: string; leaseMs?: number; leaseTickMs?: number } = {},
  ) {
    this.leadMs = opts.leadMs ?? DEFAULT_PLAY_LEAD_MS;
    this.instanceId = opts.instanceId ?? randomUUID();
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.unsubscribe.push(bus.on('device.online', ({ deviceId }) => void this.rejoin(deviceId)));
    this.leaseTimer = setInterval(() => void this.tick(), opts.leaseTickMs ?? DEFAULT_LEASE_TICK_MS);
    this.leaseTimer.unref();
  }

  /**
   * Picks up the sessions nobody runs (those of a server that stopped: their lease ran out, or they
   * predate leases), by wall clock. Called at start; the lease tick does it again every tick, which
   * is how another instance takes over the sessions of one that died. It is a whole tick, so the
   * sessions still under another lease (a server restarted within its lease) are listed from the
   * first request, not from the first tick.
   */
  async recover(): Promise<void> {
    await this.tick();
  }

  /** Claims the sessions whose lease ran out (or `only` that one) and carries them on. */
  private async claim(only?: string): Promise<Tracked[]> {
    const ids = await leases.claimExpired(this.db, this.instanceId, this.leaseMs, only);
    const taken: Tracked[] = [];
    for (const id of ids) {
      if (this.tracked.has(id)) continue;
      const row = await q.findBroadcast(this.db, id);
      if (!row || (row.status !== 'playing' && row.status !== 'waiting')) continue;
      this.remote.delete(id);
      const t = this.track(row);
      // Already sent by the instance that ran it: a later run is sent again (and first checked), the current one only to who asks (rejoin).
      const state = stateAt(planOf(row), row.run_started_at.getTime(), Date.now());
      const stop = (row as q.BroadcastRow & { stop_request?: leases.StopRequest | null }).stop_request;
      taken.push(t);
      if (stop) {
        await this.end(t, 'stopped', stop.by, stop.reason, stop.cutBy ?? undefined);
      } else if (state.status === 'finished') {
        await this.end(t, 'finished', null, 'ket-thuc-khi-may-chu-dung');
        this.log.warn({ broadcast: row.id }, 'broadcast ended while no server ran it');
      } else {
        this.log.warn({ broadcast: row.id, instance: this.instanceId }, 'took over a running broadcast whose server stopped');
        await this.advance(t);
      }
    }
    return taken;
  }

  /**
   * Every lease tick: renews the leases of this instance's sessions (dropping those ended or taken
   * elsewhere, ending those whose stop was asked through another instance), claims the sessions
   * whose lease ran out, and reads which sessions the other instances run.
   */
  async tick(): Promise<void> {
    if (this.closed) return;
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      try {
        const mine = [...this.tracked.values()].filter((t) => !t.record && !t.recording).map((t) => t.row.id);
        const kept = await leases.renewLeases(this.db, this.instanceId, mine, this.leaseMs);
        const keptIds = new Set(kept.map((k) => k.id));
        for (const id of mine) {
          const t = this.tracked.get(id);
          if (!t || keptIds.has(id)) continue;
          // Ended through another path, or claimed by another instance while this one could not renew.
          if (t.timer) clearTimeout(t.timer);
          this.tracked.delete(id);
          this.log.warn({ broadcast: id }, 'a broadcast this instance ran is no longer its own: left to its new owner');
        }
        for (const k of kept) {
          const t = this.tracked.get(k.id);
          if (t && k.stop_request) await this.end(t, 'stopped', k.stop_request.by, k.stop_request.reason, k.stop_request.cutBy ?? undefined);
        }
        if (this.closed) return;
        await this.claim();
        const others = await q.listActiveBroadcasts(this.db, this.instanceId);
        const remote = new Map<string, Tracked>();
        for (const row of others) {
          if (this.tracked.has(row.id)) continue;
          const state = stateAt(planOf(row), row.run_started_at.getTime(), Date.now());
          const at = state.status === 'playing' ? itemAt(row.items, (Date.now() - state.runStart) / 1000) : null;
          remote.set(row.id, {
            row, timer: null, sentRun: state.status === 'playing' ? state.runIndex : -1, announcedWait: -1, state, currentItem: at?.index ?? -1,
            record: null, recording: null, takeover: false, remote: true,
          });
        }
        this.remote = remote;
      } catch (error) {
        this.log.warn({ err: error }, 'playout lease tick failed; the sessions carry on and it is tried again');
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /**
   * Starts a session now. A new one is given with `record`, which stores it: the play command goes
   * out first and the database write follows, so no query delays the speakers. Should the write
   * fail, the session is stopped on its devices and the error thrown: nothing plays unrecorded.
   *
   * What it meets on its speakers is decided before anything is awaited, so of two officers
   * pressing Phát on the same speakers at once exactly one wins (the other gets the 409).
   */
  async start(row: q.BroadcastRow, record?: (outcome: StartOutcome) => Promise<void>, opts: StartOptions = {}): Promise<StartOutcome> {
    const met = this.meets(row);
    const same = met.filter((m) => m.t.row.priority === row.priority);
    const refuse = opts.samePriority === 'refuse';
    if (refuse) {
      const refused = same.filter((m) => !opts.takeover?.has(m.t.row.id));
      if (refused.length > 0) throw new SpeakersBusyError(refused.map((m) => this.busyOf(m.t, m.shared)));
    }
    const takenOver = refuse ? same : [];
    const outcome: StartOutcome = {
      takenOver: takenOver.map((m) => this.busyOf(m.t, m.shared)),
      preempted: met.filter((m) => m.t.row.priority < row.priority && m.t.state.status === 'playing').map((m) => this.busyOf(m.t, m.shared)),
      waitsBehind: met.filter((m) => m.t.row.priority > row.priority || (!refuse && m.t.row.priority === row.priority)).map((m) => this.busyOf(m.t, m.shared)),
    };
    const t = this.track(row);
    t.record = record ? () => record(outcome) : null;
    t.takeover = takenOver.length > 0;
    // Those taken over leave the engine now (synchronously), so nothing else sees them, and are
    // ended once the new session's play (marked takeover) is out and it is stored: the speakers
    // switch without a gap and the ended row can name the one that took over.
    for (const m of takenOver) {
      if (m.t.remote) continue; // its own instance ends it, asked below
      if (m.t.timer) clearTimeout(m.t.timer);
      this.tracked.delete(m.t.row.id);
    }
    try {
      await this.advance(t);
    } catch (error) {
      if (t.record) this.tracked.delete(row.id); // never stored: nothing to carry on
      throw error;
    } finally {
      const stored = this.tracked.has(row.id) || !t.record;
      for (const m of takenOver) {
        const ending = m.t.remote
          ? this.stop(m.t.row.id, opts.by ?? row.created_by, { reason: 'bi-ngat', cutBy: stored ? row.id : undefined })
          : this.end(m.t, 'stopped', opts.by ?? null, 'bi-ngat', stored ? row.id : undefined);
        await ending.catch((error: unknown) => this.log.error({ err: error, broadcast: m.t.row.id }, 'ending a taken-over broadcast failed'));
      }
    }
    for (const m of met) {
      if (m.t.row.priority < row.priority && this.tracked.has(m.t.row.id)) this.notifyPlaying(m.t);
    }
    if (outcome.preempted.length > 0 || outcome.takenOver.length > 0) {
      this.bus.emit('broadcast.cut', { by: this.busyOf(t, 0), takenOver: outcome.takenOver, preempted: outcome.preempted });
    }
    return outcome;
  }

  /**
   * Running sessions that share speakers with this one at its priority or above (which a new
   * session of it would take over or wait behind), or below it (which it would pre-empt), with how
   * many speakers each shares. A session waiting between runs still holds its speakers.
   */
  private meets(row: q.BroadcastRow): { t: Tracked; shared: number }[] {
    const others = this.all();
    if (others.length === 0) return [];
    const mine = this.devicesOf(row);
    const met: { t: Tracked; shared: number }[] = [];
    for (const o of others) {
      if (o.row.id === row.id) continue;
      let shared = 0;
      for (const d of this.devicesOf(o.row)) if (mine.has(d)) shared += 1;
      if (shared > 0) met.push({ t: o, shared });
    }
    return met;
  }

  /** A running session as a clash names it: title, creator, priority, its last end, speakers shared. */
  private busyOf(t: Tracked, shared: number): BusyBroadcast {
    const last = stateAt(planOf(t.row), t.row.run_started_at.getTime(), Number.MAX_SAFE_INTEGER);
    return {
      idlichphat: t.row.id, tieude: t.row.title, nguoitao: { _id: t.row.created_by, hoten: t.row.creator_name }, uutien: t.row.priority,
      ketthuc: last.status === 'finished' ? last.endedAt : Date.now(), soloa: shared,
      ...(liveOffset(t.row) !== null ? { tructiep: true } : {}),
    };
  }

  /** Running sessions sharing speakers with a planned one, as the broadcast dialog's check names them. */
  busyFor(row: q.BroadcastRow): BusyBroadcast[] {
    return this.meets(row).filter((m) => m.t.row.priority >= row.priority).map((m) => this.busyOf(m.t, m.shared));
  }

  /** A new session's row as the database would answer it, before it is stored. */
  static newRow(b: q.NewBroadcast, creatorName: string): q.BroadcastRow {
    return { ...b, creator_name: creatorName, status: 'playing', run_index: 0, next_run_at: null, started_at: new Date(), schedule_id: b.schedule_id ?? null };
  }

  /**
   * Stops a running session; answers false when it was not running. `reason` is its end_reason
   * (a live voice session also ends when its officer's connection or audio is lost); `record`
   * writes what goes with the stop (its system-log entry) in the same transaction as the stop.
   */
  async stop(id: string, stoppedBy: string, opts: StopOptions = {}): Promise<boolean> {
    const { reason = 'nguoi-dung-dung', cutBy, record } = opts;
    const local = this.tracked.get(id);
    if (local) return this.end(local, 'stopped', stoppedBy, reason, cutBy, record);
    // Run by another instance: its owner ends it (it knows what it pre-empted), within a tick;
    // should its lease run out meanwhile (the instance died), this one claims it and ends it.
    // The request is the change here: its record commits with it.
    const asked = await this.db.transaction(async (tx) => {
      const request = await leases.requestStop(tx, id, { by: stoppedBy, reason, cutBy: cutBy ?? null });
      if (request) await record?.(tx);
      return request;
    });
    if (!asked) return false;
    const deadline = Date.now() + this.leaseMs + 3000;
    while (Date.now() < deadline) {
      if (!(await leases.isActive(this.db, id))) return true;
      const [mine] = await this.claim(id);
      if (mine) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.log.error({ broadcast: id }, 'a stop asked of another instance was not carried out in time');
    return !(await leases.isActive(this.db, id));
  }

  /** Running sessions, as the live panel shows them. */
  live(): LiveBroadcast[] {
    return this.all().map((t) => this.toLive(t));
  }

  liveOf(id: string): LiveBroadcast | null {
    const t = this.tracked.get(id) ?? this.remote.get(id);
    return t ? this.toLive(t) : null;
  }

  /** This instance's sessions and, as of the last tick, the other instances'. */
  private all(): Tracked[] {
    const now = Date.now();
    const remote = [...this.remote.values()].filter((r) => !this.tracked.has(r.row.id));
    for (const r of remote) {
      r.state = stateAt(planOf(r.row), r.row.run_started_at.getTime(), now);
      r.sentRun = r.state.status === 'playing' ? r.state.runIndex : -1;
    }
    return [...this.tracked.values(), ...remote];
  }

  /** How many sessions this instance runs. */
  get runningHere(): number {
    return this.tracked.size;
  }

  /** Whether this instance runs the session (holds its lease), rather than another instance. */
  runsHere(id: string): boolean {
    return this.tracked.has(id);
  }

  /** The item a session plays now and how far into it (listen link), or null between runs. */
  nowPlaying(id: string): { items: PlayItem[]; index: number; position: number; runEnd: number } | null {
    const t = this.tracked.get(id) ?? this.remote.get(id);
    if (!t) return null;
    const state = stateAt(planOf(t.row), t.row.run_started_at.getTime(), Date.now());
    if (state.status !== 'playing') return null;
    const at = itemAt(t.row.items, (Date.now() - state.runStart) / 1000);
    return at && { items: t.row.items, ...at, runEnd: state.runEnd };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.leaseTimer);
    await this.ticking;
    for (const t of this.tracked.values()) if (t.timer) clearTimeout(t.timer);
    this.tracked.clear();
    for (const u of this.unsubscribe) u();
  }

  private track(row: q.BroadcastRow): Tracked {
    const t: Tracked = { row, timer: null, sentRun: -1, announcedWait: -1, state: stateAt(planOf(row), row.run_started_at.getTime(), Date.now()), currentItem: -1, record: null, recording: null, takeover: false };
    this.tracked.set(row.id, t);
    return t;
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
        // A later run goes out only while the session is still running and this instance's: a stop
        // or a new owner elsewhere may not have reached this instance's tick yet.
        if (state.runIndex > 0 && !(await leases.stillOwned(this.db, t.row.id, this.instanceId))) {
          this.tracked.delete(t.row.id);
          return;
        }
        const resumedFromWait = t.announcedWait >= 0;
        t.sentRun = state.runIndex;
        const sending = performance.now();
        // A later run takes back, at its own priority, speakers that a schedule of the same
        // priority filled while it waited between runs (it held them all along).
        await this.sendPlay(t, state.runStart, { areaIds: t.row.target_areas, deviceIds: t.row.target_devices }, t.takeover || state.runIndex > 0);
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
        // Its speakers are silent until the next run: what waited behind it plays there meanwhile.
        if (t.sentRun >= 0) await this.release(t);
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
      t.recording = null; // stored: its lease is renewed from the next tick
      return true;
    } catch (error) {
      this.tracked.delete(t.row.id);
      await this.gateway.command({ areaIds: t.row.target_areas, deviceIds: t.row.target_devices }, { ...DeviceGateway.envelope(), type: 'stop', sessionId: t.row.id })
        .catch((e: unknown) => this.log.error({ err: e }, 'stop command failed'));
      throw error;
    }
  }

  private async sendPlay(t: Tracked, runStart: number, target: { areaIds?: string[]; deviceIds?: string[] }, takeover = false): Promise<void> {
    const envelope = DeviceGateway.envelope();
    // Only an emergency plays in quiet hours: otherwise devices inside them are left out.
    if (t.row.priority < EMERGENCY_PRIORITY) {
      const all = [...(target.deviceIds ?? []), ...this.gateway.devicesIn(this.gateway.subtree(target.areaIds ?? []))];
      const quiet = all.filter((id) => this.gateway.inQuietHours(id));
      if (quiet.length > 0) target = { deviceIds: all.filter((id) => !quiet.includes(id)) };
    }
    await this.gateway.command(target, {
      ...envelope, expiresAt: runStart + t.row.total_seconds * 1000, type: 'play', sessionId: t.row.id, priority: t.row.priority,
      title: t.row.title, items: t.row.items, startAt: runStart, ...(takeover ? { takeover: true } : {}),
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

  /**
   * Ends a session: stored, stopped on its speakers, announced; its speakers go to what waited
   * behind it. `cutBy` names the session that took it over (it already plays on the shared speakers).
   */
  private async end(t: Tracked, status: 'finished' | 'stopped', stoppedBy: string | null, reason: string, cutBy?: string, record?: StopOptions['record']): Promise<boolean> {
    if (t.timer) clearTimeout(t.timer);
    this.tracked.delete(t.row.id);
    // A session stopped while its first play command is still going out is stored first, then ended.
    if (t.record) await this.recordNew(t).catch(() => undefined);
    else if (t.recording) await t.recording.catch(() => undefined);
    const ending = { status, endedAt: new Date(), stoppedBy, reason, cutBy: cutBy ?? null };
    let ended: boolean;
    try {
      ended = record
        ? await this.db.transaction(async (tx) => {
          const done = await q.endBroadcast(tx, t.row.id, ending);
          if (done) await record(tx);
          return done;
        })
        : await q.endBroadcast(this.db, t.row.id, ending);
    } catch (error) {
      // Nothing was stored: the session carries on as it was (its next step re-armed).
      this.tracked.set(t.row.id, t);
      await this.advance(t);
      throw error;
    }
    if (!ended) return false;
    await this.gateway.command({ areaIds: t.row.target_areas, deviceIds: t.row.target_devices }, { ...DeviceGateway.envelope(), type: 'stop', sessionId: t.row.id })
      .catch((error: unknown) => this.log.error({ err: error }, 'stop command failed'));
    this.notify(t, EVENTS.playState, { trangthai: false, idlichphat: t.row.id, nguonphat: null, nguoncho: [], file: null, nguoitao: t.row.created_by, type: t.row.type, lichphat: null });
    const creatorStillPlays = this.all().some((o) => o.row.created_by === t.row.created_by && o.row.type === 'phatngay');
    if (t.row.type === 'phatngay' && !creatorStillPlays) this.notify(t, EVENTS.stopImmediate, { trangthai: false }, true);
    if (t.state.status === 'playing' && t.sentRun >= 0) await this.release(t, cutBy);
    return true;
  }

  /**
   * The speakers a session held go to what now holds them (docs/architecture.md "Overlapping
   * broadcasts"): each session pre-empted or waiting there is sent again, at the right position,
   * marked takeover since the server decided. `skip`: a session already playing there.
   */
  private async release(gone: Tracked, skip?: string): Promise<void> {
    const playing = this.all().filter((o) => o !== gone && o.row.id !== gone.row.id && o.state.status === 'playing');
    // Only a session whose current run already went out is sent again; one taking over (skip) plays there already.
    const resendable = (o: Tracked) => o.row.id !== skip && o.state.status === 'playing' && o.sentRun === o.state.runIndex;
    if (!playing.some(resendable)) return;
    const everyone = playing.map((o) => ({ o, claim: claimOf(o), devices: this.devicesOf(o.row) }));
    const goneClaim = claimOf(gone);
    const heldBy = new Map<Tracked, string[]>();
    for (const d of this.devicesOf(gone.row)) {
      const reaching = everyone.filter((x) => x.devices.has(d));
      const holder = holderAmong(reaching.map((x) => x.claim));
      // Unchanged where it was not the holder, or where nothing else reaches.
      if (!holder || !outranks(goneClaim, holder)) continue;
      const next = reaching.find((x) => x.claim === holder);
      if (!next || !resendable(next.o)) continue;
      const list = heldBy.get(next.o) ?? [];
      list.push(d);
      heldBy.set(next.o, list);
    }
    for (const [o, deviceIds] of heldBy) {
      await this.sendPlay(o, o.state.status === 'playing' ? o.state.runStart : Date.now(), { deviceIds }, true);
      this.notifyPlaying(o);
    }
  }

  /** A device that comes back while a broadcast for it runs is told at once and joins in step. */
  private async rejoin(deviceId: string): Promise<void> {
    const reaching = [...this.tracked.values()].filter((t) => t.state.status === 'playing' && t.sentRun >= 0 && this.reaches(t.row, deviceId));
    const holder = holderAmong(reaching.map(claimOf));
    const t = holder && reaching.find((r) => r.row.id === holder.id);
    if (!t) return;
    const state = stateAt(planOf(t.row), t.row.run_started_at.getTime(), Date.now());
    if (state.status !== 'playing') return;
    // Only what holds the speaker: sending every session would leave it on whichever came last.
    await this.sendPlay(t, state.runStart, { deviceIds: [deviceId] }, true).catch((error: unknown) => this.log.error({ err: error }, 'rejoin failed'));
  }

  /**
   * Who holds some of a session's speakers now (a higher priority, or one there first at the same
   * priority), for its card: the strongest such, and on how many speakers. Null when it plays everywhere.
   */
  private cutOf(t: Tracked): LiveBroadcast['bingat'] {
    if (t.state.status !== 'playing') return null;
    const mine = claimOf(t);
    const stronger = this.all().filter((o) => o !== t && o.row.id !== t.row.id && o.state.status === 'playing' && outranks(claimOf(o), mine));
    if (stronger.length === 0) return null;
    const sets = stronger.map((o) => ({ o, devices: this.devicesOf(o.row) }));
    let held = 0;
    const counts = new Map<Tracked, number>();
    for (const d of this.devicesOf(t.row)) {
      const over = sets.filter((x) => x.devices.has(d));
      if (over.length === 0) continue;
      held += 1;
      const top = holderAmong(over.map((x) => claimOf(x.o)));
      const o = over.find((x) => x.o.row.id === top?.id)!.o;
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    if (held === 0) return null;
    const [holder] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const since = holder.row.started_at.getTime();
    const cameLater = since > t.row.started_at.getTime() || (holder.state.status === 'playing' && holder.state.runIndex > 0);
    const busy = this.busyOf(holder, held);
    return {
      kieu: cameLater ? 'ngat' : 'cho', idlichphat: busy.idlichphat, tieude: busy.tieude, nguoitao: busy.nguoitao, uutien: busy.uutien,
      luc: cameLater && holder.state.status === 'playing' ? Math.max(holder.state.runStart, t.row.started_at.getTime()) : t.row.started_at.getTime(),
      ketthuc: holder.state.status === 'playing' ? holder.state.runEnd : busy.ketthuc, soloa: held,
    };
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
      bingat: this.cutOf(t),
      tructiep: liveOffset(row) === null ? null : { batdau: row.run_started_at.getTime() + liveOffset(row)! * 1000 },
    };
  }
}
