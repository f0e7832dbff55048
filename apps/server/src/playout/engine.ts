import { EVENTS, type BusyBroadcast, type LiveBroadcast, type PlayItem } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../infra/db';
import type { DomainBus } from '../infra/events';
import type { DeviceGateway } from '../gateway/gateway';
import * as q from '../features/broadcasts/broadcasts.queries';
import * as asrun from '../features/asrun/asrun.queries';
import { randomUUID } from 'node:crypto';
import { holderAmong } from './holders';
import * as leases from './leases';
import { decide, meets, type StartOptions, type StartOutcome } from './arbitration';
import { toLive } from './liveView';
import { whatWaitsOn } from './release';
import { itemAt, itemStarts } from './plan';
import { devicesOf, reaches, sendPlay, sendStop, targetOf, targetsNow, type SpeakerTarget } from './speakers';
import { busyOf, claimOf, remoteTracked, stateNow, type Tracked } from './tracked';

export { SpeakersBusyError, type StartOptions, type StartOutcome } from './arbitration';

/** Leases (docs/architecture.md "Several servers and fail-over"). */
export const DEFAULT_LEASE_MS = 3000;
export const DEFAULT_LEASE_TICK_MS = 500;

/** How a session is stopped: why (its end_reason), what took it over, and what commits with the stop. */
export interface StopOptions {
  reason?: string;
  cutBy?: string;
  /** Writes inside the stop's transaction (its system-log entry): both happen or neither. */
  record?: (tx: Db) => Promise<void>;
}

/** A run's items as its play command carries them (their addresses signed for the session until `runEndMs`). */
export type SignItems = (items: PlayItem[], sessionId: string, runEndMs: number) => PlayItem[];

/** PLAY_LEAD_MS by default (docs/performance.md "Speakers in step" says why). */
export const DEFAULT_PLAY_LEAD_MS = 600;

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
  /** Sessions ended here since the current tick listed the others' (a stale copy is not kept). */
  private readonly endedThisTick = new Set<string>();
  /** The speakers each new session started on, until flushTargets() writes them. */
  private readonly pendingTargets = new Map<string, ReturnType<typeof targetsNow>>();
  private closed = false;

  /**
   * How far ahead of "now" a new session's first run starts (PLAY_LEAD_MS): its play command reaches
   * every speaker before that instant, and they all start on it together, on their synchronised
   * clocks, instead of each seeking in by however late its command came.
   */
  readonly leadMs: number;
  /** The items as a run's play command carries them (stored files with signed addresses, features/media/mediaAccess.ts). */
  private readonly signItems: SignItems;

  constructor(
    private readonly db: Db, private readonly gateway: DeviceGateway, private readonly bus: DomainBus, private readonly log: FastifyBaseLogger,
    opts: { leadMs?: number; instanceId?: string; leaseMs?: number; leaseTickMs?: number; signItems?: SignItems } = {},
  ) {
    this.leadMs = opts.leadMs ?? DEFAULT_PLAY_LEAD_MS;
    this.signItems = opts.signItems ?? ((items) => items);
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
      const state = stateNow(row);
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
        await this.flushTargets();
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
        this.endedThisTick.clear();
        const others = await q.listActiveBroadcasts(this.db, this.instanceId);
        const remote = new Map<string, Tracked>();
        for (const row of others) {
          if (this.tracked.has(row.id)) continue;
          remote.set(row.id, remoteTracked(row));
        }
        // Read before a session this instance ended meanwhile was stored as ended: not shown again.
        for (const id of this.endedThisTick) remote.delete(id);
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
    const met = meets(row, this.all(), this.gateway);
    const { takenOver, outcome } = decide(row, met, opts);
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
      this.bus.emit('broadcast.cut', { by: busyOf(t, 0), takenOver: outcome.takenOver, preempted: outcome.preempted });
    }
    return outcome;
  }

  /**
   * Gives a running session its real items once what they waited for is known (issue #29: the
   * speech of an emergency made while its chime played). Its speakers already play it and go on as
   * they are (the new durations agree with what they hear); a speaker joining late and any later
   * run get the new items, the session ends by them, and the stored session (as-run record) has them.
   * `record` writes what goes with the change (its system-log entry) in the same transaction.
   * Answers false (and stores nothing) when the session does not run here any more.
   */
  async revise(id: string, change: { items: PlayItem[]; sources: q.BroadcastRow['sources'] }, record?: (tx: Db) => Promise<void>): Promise<boolean> {
    const t = this.tracked.get(id);
    if (!t) return false;
    if (t.recording) await t.recording.catch(() => undefined);
    const total = change.items.reduce((sum, i) => sum + i.duration, 0);
    await this.db.transaction(async (tx) => {
      await q.reviseItems(tx, id, { ...change, total });
      await record?.(tx);
    });
    // Stored either way; a session that ended meanwhile is not carried on.
    t.row = { ...t.row, items: change.items, sources: change.sources, total_seconds: total };
    if (this.tracked.get(id) === t) await this.advance(t);
    return true;
  }

  /** Running sessions sharing speakers with a planned one, as the broadcast dialog's check names them. */
  busyFor(row: q.BroadcastRow): BusyBroadcast[] {
    return meets(row, this.all(), this.gateway).filter((m) => m.t.row.priority >= row.priority).map((m) => busyOf(m.t, m.shared));
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
    const all = this.all();
    return all.map((t) => toLive(t, all, this.gateway));
  }

  liveOf(id: string): LiveBroadcast | null {
    const t = this.tracked.get(id) ?? this.remote.get(id);
    return t ? toLive(t, this.all(), this.gateway) : null;
  }

  /** This instance's sessions and, as of the last tick, the other instances'. */
  private all(): Tracked[] {
    const now = Date.now();
    const remote = [...this.remote.values()].filter((r) => !this.tracked.has(r.row.id));
    for (const r of remote) {
      r.state = stateNow(r.row, now);
      r.sentRun = r.state.status === 'playing' ? r.state.runIndex : -1;
    }
    return [...this.tracked.values(), ...remote];
  }

  /** Whether a running session (here or on another instance) addresses a device; null when no such session is known. */
  sessionReaches(id: string, deviceId: string): boolean | null {
    const t = this.tracked.get(id) ?? this.remote.get(id);
    return t ? reaches(this.gateway, t.row, deviceId) : null;
  }

  /** Whom a running session (here or on another instance) addresses; null when no such session is known. */
  sessionTarget(id: string): SpeakerTarget | null {
    const t = this.tracked.get(id) ?? this.remote.get(id);
    return t ? targetOf(t.row) : null;
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
    const state = stateNow(t.row);
    if (state.status !== 'playing') return null;
    const at = itemAt(t.row.items, (Date.now() - state.runStart) / 1000);
    return at && { items: t.row.items, ...at, runEnd: state.runEnd };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.leaseTimer);
    await this.ticking;
    await this.flushTargets();
    for (const t of this.tracked.values()) if (t.timer) clearTimeout(t.timer);
    this.tracked.clear();
    for (const u of this.unsubscribe) u();
  }

  private track(row: q.BroadcastRow): Tracked {
    const t: Tracked = { row, timer: null, sentRun: -1, announcedWait: -1, state: stateNow(row), currentItem: -1, record: null, recording: null, takeover: false };
    this.tracked.set(row.id, t);
    return t;
  }

  /** Brings a session up to now and sets the next wake-up (an item boundary, a run's end or start). */
  private async advance(t: Tracked): Promise<void> {
    if (t.timer) clearTimeout(t.timer);
    t.timer = null;
    if (!this.tracked.has(t.row.id)) return;
    const now = Date.now();
    const state = stateNow(t.row, now);
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
        await this.sendPlay(t.row, state.runStart, targetOf(t.row), t.takeover || state.runIndex > 0);
        // How long the broker took to hand the command to every subscriber (the fan-out benchmark reads it).
        this.log.info({ broadcast: t.row.id, deliveredMs: Math.round(performance.now() - sending) }, 'play command delivered');
        // A new session is stored as playing its first run: only a later run needs its state written.
        const stored = await this.recordNew(t);
        if (!stored || state.runIndex > 0) await q.updateRunState(this.db, t.row.id, { status: 'playing', runIndex: state.runIndex, nextRunAt: null });
        if (state.runIndex === 0) this.pendingTargets.set(t.row.id, targetsNow(this.gateway, t.row));
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
        if (t.sentRun >= 0) await this.releaseSpeakers(t);
      }
      wakeAt = state.nextRunAt;
    }
    t.timer = setTimeout(() => {
      this.advance(t).catch((error: unknown) => this.log.error({ err: error, broadcast: t.row.id }, 'playout step failed'));
    }, Math.max(0, wakeAt - Date.now()));
    t.timer.unref();
  }

  /**
   * Writes what the as-run record keeps of sessions' starts (their speakers, their areas, who was
   * online then), never recomputed from the registry later. Taken as the first play goes out, but
   * written on the lease tick (or as the session ends), not in the way of a start: a live session's
   * officer is told how long its chime lasts once start() returns. `only`: that session's.
   */
  private async flushTargets(only?: string): Promise<void> {
    for (const [id, targets] of [...this.pendingTargets]) {
      if (only !== undefined && id !== only) continue;
      this.pendingTargets.delete(id);
      await asrun.recordTargets(this.db, id, targets)
        .catch((error: unknown) => this.log.error({ err: error, broadcast: id }, 'recording the speakers a broadcast started on failed'));
    }
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
      await sendStop(this.gateway, t.row)
        .catch((e: unknown) => this.log.error({ err: e }, 'stop command failed'));
      throw error;
    }
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
    await this.flushTargets(t.row.id);
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
    this.remote.delete(t.row.id);
    this.endedThisTick.add(t.row.id);
    await sendStop(this.gateway, t.row)
      .catch((error: unknown) => this.log.error({ err: error }, 'stop command failed'));
    this.notify(t, EVENTS.playState, { trangthai: false, idlichphat: t.row.id, nguonphat: null, nguoncho: [], file: null, nguoitao: t.row.created_by, type: t.row.type, lichphat: null });
    const creatorStillPlays = this.all().some((o) => o.row.created_by === t.row.created_by && o.row.type === 'phatngay');
    if (t.row.type === 'phatngay' && !creatorStillPlays) this.notify(t, EVENTS.stopImmediate, { trangthai: false }, true);
    // Whatever ended it (and whatever its last stored state): what waited on its speakers goes on.
    await this.releaseSpeakers(t, cutBy);
    return true;
  }

  /**
   * The one place where a session lets go of its speakers, whatever made it (docs/architecture.md
   * "Overlapping broadcasts"): its natural end, a stop, its schedule deleted, its end found by the
   * instance that claimed it after its server died, or a wait between runs. What waits on them (a
   * session it pre-empted, a run waiting behind it at its priority) is sent again from where its
   * timeline stands, marked takeover since the server decided; every card that shared a speaker with
   * it is told what holds it now. `skip`: a session already playing there (it took over).
   */
  private async releaseSpeakers(gone: Tracked, skip?: string): Promise<void> {
    const others = this.all().filter((o) => o.row.id !== gone.row.id);
    for (const { t, runStart, deviceIds } of whatWaitsOn(gone, others, (row) => devicesOf(this.gateway, row))) {
      if (t.row.id === skip) continue;
      await this.sendPlay(t.row, runStart, { deviceIds }, true)
        .catch((error: unknown) => this.log.error({ err: error, broadcast: t.row.id }, 'resuming a broadcast failed'));
    }
    for (const { t } of meets(gone.row, others, this.gateway)) {
      if (t.state.status === 'playing') this.notifyPlaying(t);
    }
  }

  /** A device that comes back while a broadcast for it runs is told at once and joins in step. */
  private async rejoin(deviceId: string): Promise<void> {
    const reaching = [...this.tracked.values()].filter((t) => t.state.status === 'playing' && t.sentRun >= 0 && reaches(this.gateway, t.row, deviceId));
    const holder = holderAmong(reaching.map(claimOf));
    const t = holder && reaching.find((r) => r.row.id === holder.id);
    if (!t) return;
    const state = stateNow(t.row);
    if (state.status !== 'playing') return;
    // Only what holds the speaker: sending every session would leave it on whichever came last.
    await this.sendPlay(t.row, state.runStart, { deviceIds: [deviceId] }, true).catch((error: unknown) => this.log.error({ err: error }, 'rejoin failed'));
  }

  /** A run's play command, its items' addresses signed for it. */
  private sendPlay(row: q.BroadcastRow, runStart: number, target: Parameters<typeof sendPlay>[3], takeover = false): Promise<void> {
    return sendPlay(this.gateway, { ...row, items: this.signItems(row.items, row.id, runStart + row.total_seconds * 1000) }, runStart, target, takeover);
  }

  private notifyPlaying(t: Tracked): void {
    const live = toLive(t, this.all(), this.gateway);
    this.notify(t, EVENTS.playState, {
      trangthai: true, idlichphat: t.row.id, nguonphat: live.nguonphat, nguoncho: live.nguoncho, file: live.nguondangphat,
      nguoitao: t.row.created_by, type: t.row.type, lichphat: live,
    });
  }

  private notify(t: Tracked, event: keyof import('@loa/contract').ServerToClientEvents, payload: unknown, creatorOnly = false): void {
    const areaIds = creatorOnly ? [] : [...this.gateway.subtree(t.row.chosen_areas)];
    this.bus.emit('broadcast.changed', { areaIds, userId: t.row.created_by, event, payload });
  }
}
