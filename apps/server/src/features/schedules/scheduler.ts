import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { insertBroadcast, type NewBroadcast } from '../broadcasts/broadcasts.queries';
import { PlayoutEngine as Engine } from '../../playout/engine';
import { logCuts } from '../broadcasts/broadcasts.service';
import { occurrencesBetween } from './recurrence';
import { occurrenceSessionId } from '../../playout/devicePlans';
import * as q from './schedules.queries';
import { recurrenceOf, spanOf } from './schedules.service';
import { allCalendars, DEFAULT_CALENDAR, type HolidayCalendar } from '../holidays/holidays.service';

const LEADER_LOCK = 7_042_010;
/** How often the scheduler looks ahead, and how far: each occurrence gets its own timer at its planned second. */
const TICK_MS = 250;
const LOOKAHEAD_MS = 2_000;
/** Occurrences planned this far back are still fired by the tick (late, joining at the right position). */
const GRACE_MS = 30_000;
/** A run left 'claimed' this long after its planned second belongs to a scheduler that stopped: it is taken over. */
const STALE_CLAIM_MS = 10_000;
const RELOAD_MS = 5_000;
/** The PostgreSQL channel on which an instance that changed schedules tells the others to read them at once. */
const CHANGED_CHANNEL = 'loa_schedules_changed';
/** How far back a restarted scheduler looks for occurrences it did not handle (marks them missed). */
const MISSED_LOOKBACK_MS = 24 * 3600 * 1000;
/** How often schedules not approved are looked at: missed at their start, or 30 minutes away. */
const WATCH_MS = 2_000;
const REMIND_BEFORE_MS = 30 * 60 * 1000;

export interface SchedulerOptions {
  /** PostgreSQL URL: only the instance holding the advisory lock fires; null for the embedded database. */
  databaseUrl?: string;
  now?: () => number;
  /** How long after its planned second a run left 'claimed' is taken over (default 10 s). */
  staleClaimMs?: number;
  /** How long opening the leader connection, or its heartbeat, may take (default 5 s). */
  leaderTimeoutMs?: number;
  /** Where alerts about schedules not approved go ('schedule.alert'); none without it. */
  bus?: DomainBus;
  /** Called after each reading of the approved schedules (after a change, and every 5 s): the speakers' plans follow. */
  onReloaded?: () => void;
}

/**
 * Fires approved schedules on time (Asia/Ho_Chi_Minh) through the playout engine. A moment before
 * its planned second each occurrence is claimed in schedule_runs (primary key; one statement for all
 * due together), so it fires once even with several instances, and a timer set to the planned second
 * sends the play command before any database write. After a restart or a gap the scheduler joins
 * what is still running by wall clock and records as missed what ended meanwhile. With PostgreSQL
 * one instance leads through an advisory lock.
 */
export class Scheduler {
  private schedules = new Map<string, q.ScheduleRow>();
  /** Each administrator's holiday calendar, re-read with the schedules. */
  private calendars = new Map<string, HolidayCalendar>();
  private handled = new Set<string>();
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; plannedAt: number; scheduleId: string }>();
  private timers: NodeJS.Timeout[] = [];
  private leaderClient: pg.Client | null = null;
  private leaderConnected = false;
  private leading = false;
  private leadAttempt = false;
  private stopped = false;
  private reloading: Promise<void> = Promise.resolve();
  /** Occurrences of schedules not approved already recorded as missed or reminded of (runKey + kind → planned). */
  private readonly watched = new Map<string, number>();
  private watching = false;
  /** Start lag of each fired occurrence (ms), for the benchmark and the logs. */
  readonly lags: number[] = [];
  private readonly now: () => number;

  constructor(private readonly db: Db, private readonly engine: Engine, private readonly log: FastifyBaseLogger, private readonly opts: SchedulerOptions = {}) {
    this.now = opts.now ?? Date.now;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.reload();
    this.timers.push(setInterval(() => void this.reload().catch((e: unknown) => this.log.error({ err: e }, 'scheduler reload failed')), RELOAD_MS));
    if (this.opts.databaseUrl) {
      this.timers.push(setInterval(() => void this.tryLead(), 2000));
      await this.tryLead();
    } else {
      this.leading = true;
      await this.catchUp();
    }
    this.timers.push(setInterval(() => void this.tick().catch((e: unknown) => this.log.error({ err: e }, 'scheduler tick failed')), TICK_MS));
    this.timers.push(setInterval(() => void this.watchUnapproved().catch((e: unknown) => this.log.error({ err: e }, 'scheduler watch failed')), WATCH_MS));
    for (const t of this.timers) t.unref();
    await this.tick();
    await this.watchUnapproved();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    const client = this.leaderClient;
    this.leaderClient = null;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  /**
   * Re-reads the approved schedules that are new or changed (after any change, and periodically
   * for other instances' changes); a schedule no longer approved is dropped.
   */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      const versions = await q.approvedVersions(this.db);
      const ids = new Set(versions.map((v) => v.id));
      for (const id of this.schedules.keys()) if (!ids.has(id)) this.schedules.delete(id);
      const stale = versions.filter((v) => this.schedules.get(v.id)?.version !== v.version).map((v) => v.id);
      for (const row of await q.findSchedules(this.db, stale)) if (row.status === 'daduyet') this.schedules.set(row.id, row);
      this.calendars = await allCalendars(this.db);
      this.opts.onReloaded?.();
    });
    return this.reloading;
  }

  /**
   * After a change made here (schedules, approvals, holidays): reads them again, and has the other
   * instances do so at once rather than at their next 5-second reading (the leader fires and plans
   * from what it read: a speaker's plan follows a deletion made through another instance in
   * milliseconds, not seconds).
   */
  async changed(): Promise<void> {
    await this.reload();
    if (this.opts.databaseUrl) await this.db.query(`NOTIFY ${CHANGED_CHANNEL}`).catch((error: unknown) => this.log.warn({ err: error }, 'scheduler: could not tell the other instances of a change'));
  }

  /** The approved schedules as last read, each with when it fires (its administrator's holidays applied). */
  approved(): { row: q.ScheduleRow; recurrence: ReturnType<typeof recurrenceOf> }[] {
    return [...this.schedules.values()].map((row) => ({ row, recurrence: this.recurrence(row) }));
  }

  /** When a schedule fires, by the same function as every answer, with its administrator's holidays. */
  private recurrence(s: q.ScheduleRow) {
    return recurrenceOf(s, this.calendars.get(s.admin_id) ?? DEFAULT_CALENDAR);
  }

  /**
   * Every 2 s: a follower tries to take the advisory lock; the leader checks that its connection,
   * and so the lock, is still there. The lock lives only as long as that connection.
   */
  private async tryLead(): Promise<void> {
    if (!this.opts.databaseUrl || this.leadAttempt || this.stopped) return;
    this.leadAttempt = true;
    const timeoutMs = this.opts.leaderTimeoutMs ?? 5_000;
    let client: pg.Client | null = null;
    try {
      if (!this.leaderClient) {
        const fresh = new pg.Client({ connectionString: this.opts.databaseUrl, connectionTimeoutMillis: timeoutMs, keepAlive: true, application_name: 'loa-scheduler' });
        // A lost connection is an 'error' event: without a listener it would end the process.
        fresh.on('error', (error) => this.loseLead(fresh, error));
        fresh.on('notification', () => void this.reload().catch((e: unknown) => this.log.error({ err: e }, 'scheduler reload failed')));
        this.leaderClient = fresh;
        this.leaderConnected = false;
      }
      client = this.leaderClient;
      if (!this.leaderConnected) {
        await client.connect();
        // Every instance, leader or not, hears the others' changes on this connection.
        await client.query(`LISTEN ${CHANGED_CHANNEL}`);
        this.leaderConnected = true;
      }
      if (this.leading) {
        await client.query({ text: 'SELECT 1', query_timeout: timeoutMs } as pg.QueryConfig);
        return;
      }
      const [row] = (await client.query<{ ok: boolean }>({ text: 'SELECT pg_try_advisory_lock($1) AS ok', values: [LEADER_LOCK], query_timeout: timeoutMs } as pg.QueryConfig)).rows;
      if (row.ok && !this.stopped && client === this.leaderClient) {
        this.leading = true;
        this.log.info('scheduler: this instance leads');
        await this.catchUp();
      }
    } catch (error) {
      if (client) this.loseLead(client, error);
    } finally {
      this.leadAttempt = false;
    }
  }

  /**
   * The leader connection is gone, and with it the lock another instance may take now: stop leading
   * at once (occurrences waiting for their second are dropped; their claims in schedule_runs keep
   * anyone from firing them twice) and try to lead again from the next round.
   */
  private loseLead(client: pg.Client, error: unknown): void {
    if (client !== this.leaderClient) return;
    this.leaderClient = null;
    this.leaderConnected = false;
    void client.end().catch(() => undefined);
    if (!this.leading) {
      this.log.warn({ err: error }, 'scheduler: could not take the lead');
      return;
    }
    this.leading = false;
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.log.warn({ err: error }, 'scheduler: the leader connection was lost; this instance stops leading and tries again');
  }

  /** After a start or a gap: join occurrences still running, record as missed those that ended. */
  private async catchUp(): Promise<void> {
    const now = this.now();
    this.handled = await q.handledRuns(this.db, now - MISSED_LOOKBACK_MS);
    const join: [q.ScheduleRow, number][] = [];
    const missed: [q.ScheduleRow, number][] = [];
    for (const s of this.schedules.values()) {
      const span = spanOf(s);
      for (const planned of occurrencesBetween(this.recurrence(s), now - MISSED_LOOKBACK_MS, now + 1)) {
        if (!this.handled.has(q.runKey(s.id, planned))) (planned + span > now ? join : missed).push([s, planned]);
      }
    }
    const claimed = await q.claimRuns(this.db, join.map(([s, plannedAt]) => ({ scheduleId: s.id, plannedAt })), 'fired', now - (this.opts.staleClaimMs ?? STALE_CLAIM_MS));
    for (const [s, planned] of join) {
      // Held by a leader that stopped (possibly this instance before it lost the lock): the tick
      // retries the claim until it is fired elsewhere or old enough to take over.
      if (!claimed.has(q.runKey(s.id, planned))) continue;
      this.handled.add(q.runKey(s.id, planned));
      await this.launch(s.id, planned, s);
    }
    const marked = await q.claimRuns(this.db, missed.map(([s, plannedAt]) => ({ scheduleId: s.id, plannedAt })), 'missed', now - (this.opts.staleClaimMs ?? STALE_CLAIM_MS));
    for (const [s, planned] of missed) {
      this.handled.add(q.runKey(s.id, planned));
      if (marked.has(q.runKey(s.id, planned))) this.log.warn({ schedule: s.id, planned: new Date(planned).toISOString() }, 'scheduled broadcast missed while the server was down');
    }
  }

  /**
   * Claims the occurrences planned from a little while ago to a moment ahead, in one statement, and
   * sets a timer to the planned second of each (a late one fires at once and joins in step).
   */
  async tick(): Promise<void> {
    if (!this.leading) return;
    const now = this.now();
    const due: { scheduleId: string; plannedAt: number }[] = [];
    for (const s of this.schedules.values()) {
      for (const plannedAt of occurrencesBetween(this.recurrence(s), now - GRACE_MS, now + LOOKAHEAD_MS + this.engine.leadMs)) {
        const key = q.runKey(s.id, plannedAt);
        if (this.handled.has(key) || plannedAt + spanOf(s) <= now) continue;
        this.handled.add(key);
        due.push({ scheduleId: s.id, plannedAt });
      }
    }
    // Timers whose moment has come (the clock may have jumped) fire now.
    for (const [key, p] of this.pending) {
      if (p.plannedAt - this.engine.leadMs <= now) {
        clearTimeout(p.timer);
        this.pending.delete(key);
        void this.launch(p.scheduleId, p.plannedAt);
      }
    }
    if (due.length === 0) return;
    let claimed: Set<string>;
    try {
      claimed = await q.claimRuns(this.db, due, 'claimed', now - (this.opts.staleClaimMs ?? STALE_CLAIM_MS));
    } catch (error) {
      for (const d of due) this.handled.delete(q.runKey(d.scheduleId, d.plannedAt)); // the next tick tries again
      throw error;
    }
    for (const { scheduleId, plannedAt } of due) {
      const key = q.runKey(scheduleId, plannedAt);
      // Claimed by an earlier leader: tried again next tick, taken over once the claim is stale
      // (it may have been fired already: then the claim never succeeds and the occurrence ages out).
      if (!claimed.has(key)) {
        this.handled.delete(key);
        continue;
      }
      // Fired the playout lead ahead: the speakers have the command before the planned second and start on it.
      const timer = setTimeout(() => {
        this.pending.delete(key);
        void this.launch(scheduleId, plannedAt);
      }, Math.max(0, plannedAt - this.engine.leadMs - this.now()));
      timer.unref();
      this.pending.set(key, { timer, plannedAt, scheduleId });
    }
  }

  /**
   * Schedules waiting for approval (or sent back) never fire: an occurrence whose start came is
   * recorded as missed ('chuaduyet'), and the approvers are told; one waiting for approval 30 minutes
   * before its start is reminded of (unless it was sent for approval within those 30 minutes). Each once, whatever the number of instances (the records' keys).
   */
  async watchUnapproved(): Promise<void> {
    if (!this.leading || this.watching) return;
    this.watching = true;
    try {
      const now = this.now();
      for (const [key, planned] of this.watched) if (planned < now - MISSED_LOOKBACK_MS) this.watched.delete(key);
      const missed: [q.ScheduleRow, number][] = [];
      const soon: [q.ScheduleRow, number][] = [];
      for (const s of await q.listUnapprovedSchedules(this.db)) {
        // Only occurrences planned since its last change: an edit re-plans it.
        for (const planned of occurrencesBetween(this.recurrence(s), Math.max(s.updated_at.getTime(), now - MISSED_LOOKBACK_MS), now + 1)) {
          if (!this.watched.has(`${q.runKey(s.id, planned)}:bolo`)) missed.push([s, planned]);
        }
        if (s.status !== 'choduyet') continue;
        for (const planned of occurrencesBetween(this.recurrence(s), now + 1, now + REMIND_BEFORE_MS + 1)) {
          // Sent for approval already inside the reminder window (a CAP draft a quarter of an hour
          // ahead): "chờ duyệt" has just told the approvers, a reminder at once would say it twice.
          if (s.updated_at.getTime() >= planned - REMIND_BEFORE_MS) continue;
          if (!this.watched.has(`${q.runKey(s.id, planned)}:sapden`)) soon.push([s, planned]);
        }
      }
      const recorded = await q.recordMissed(this.db, missed.map(([s, plannedAt]) => ({ scheduleId: s.id, plannedAt })), 'chuaduyet');
      const reminded = await q.raiseAlerts(this.db, soon.map(([s, plannedAt]) => ({ scheduleId: s.id, plannedAt })), 'sapden');
      for (const [kind, list, raised] of [['bolo', missed, recorded], ['sapden', soon, reminded]] as const) {
        for (const [s, planned] of list) {
          this.watched.set(`${q.runKey(s.id, planned)}:${kind}`, planned);
          if (!raised.has(q.runKey(s.id, planned))) continue;
          if (kind === 'bolo') this.log.warn({ schedule: s.id, planned: new Date(planned).toISOString() }, 'scheduled broadcast missed: not approved in time');
          this.opts.bus?.emit('schedule.alert', {
            kind, scheduleId: s.id, adminId: s.admin_id, areaIds: s.chosen_areas, title: s.title, createdByName: s.creator_name, plannedAt: planned,
          });
        }
      }
    } finally {
      this.watching = false;
    }
  }

  /** Starts one claimed occurrence: the play command first, then the records. */
  private async launch(scheduleId: string, planned: number, row?: q.ScheduleRow): Promise<void> {
    const s = row ?? this.schedules.get(scheduleId);
    // Unapproved, changed or deleted since it was claimed: it does not play.
    if (!s || !this.leading) return;
    const lag = Math.max(0, this.now() - planned);
    // The run starts at the planned second: a late fire (or a restart) joins at the right position.
    const broadcast: NewBroadcast = {
      id: occurrenceSessionId(s.id, planned), admin_id: s.admin_id, created_by: s.created_by, type: 'phatlich', title: s.title, message_type: s.message_type, priority: s.priority,
      chosen_areas: s.chosen_areas, chosen_devices: s.chosen_devices, target_areas: s.target_areas, target_devices: s.target_devices,
      device_count: s.device_count, sources: s.sources, items: s.items, total_seconds: s.total_seconds, repeat_mode: s.repeat_mode,
      repeat_interval: s.repeat_interval, repeat_count: s.repeat_count, run_started_at: new Date(planned), schedule_id: s.id,
    };
    try {
      await this.engine.start(Engine.newRow(broadcast, s.creator_name), (outcome) => this.db.transaction(async (tx) => {
        await insertBroadcast(tx, broadcast);
        await q.markRunFired(tx, s.id, planned, lag, broadcast.id);
        // What its run pre-empted is logged with it, by the system (nobody pressed anything).
        await logCuts(tx, { userId: null, tentaikhoan: null, adminId: s.admin_id, ip: '' }, broadcast, outcome);
      }));
      this.lags.push(lag);
      this.log.info({ schedule: s.id, lagMs: lag }, 'scheduled broadcast fired');
    } catch (error) {
      this.log.error({ err: error, schedule: s.id }, 'scheduled broadcast failed to start');
    }
  }
}
