import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../infra/db';
import type { PlayoutEngine } from '../../playout/engine';
import { findBroadcast, insertBroadcast } from '../broadcasts/broadcasts.queries';
import { occurrencesBetween } from './recurrence';
import * as q from './schedules.queries';
import { recurrenceOf, spanOf } from './schedules.service';

const LEADER_LOCK = 7_042_010;
const TICK_MS = 100;
const RELOAD_MS = 5_000;
/** How far back a restarted scheduler looks for occurrences it did not handle (marks them missed). */
const MISSED_LOOKBACK_MS = 24 * 3600 * 1000;

export interface SchedulerOptions {
  /** PostgreSQL URL: only the instance holding the advisory lock fires; null for the embedded database. */
  databaseUrl?: string;
  now?: () => number;
}

/**
 * Fires approved schedules on time (Asia/Ho_Chi_Minh) through the playout engine. Each planned
 * occurrence is claimed in schedule_runs (primary key), so it fires once even with several
 * instances; after a restart or a gap it joins what is still running by wall clock and records
 * as missed what ended meanwhile. With PostgreSQL one instance leads through an advisory lock.
 */
export class Scheduler {
  private schedules: q.ScheduleRow[] = [];
  private handled = new Set<string>();
  private lastTick = 0;
  private timers: NodeJS.Timeout[] = [];
  private leaderClient: pg.Client | null = null;
  private leading = false;
  /** Start lag of each fired occurrence (ms), for the benchmark and the logs. */
  readonly lags: number[] = [];
  private readonly now: () => number;

  constructor(private readonly db: Db, private readonly engine: PlayoutEngine, private readonly log: FastifyBaseLogger, private readonly opts: SchedulerOptions = {}) {
    this.now = opts.now ?? Date.now;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
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
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.leaderClient?.end().catch(() => undefined);
    this.leaderClient = null;
    this.leading = false;
  }

  /** Re-reads approved schedules (after any change, and periodically for other instances' changes). */
  async reload(): Promise<void> {
    this.schedules = await q.listApprovedSchedules(this.db);
  }

  private async tryLead(): Promise<void> {
    if (this.leading || !this.opts.databaseUrl) return;
    try {
      this.leaderClient ??= new pg.Client({ connectionString: this.opts.databaseUrl });
      if (!(this.leaderClient as unknown as { _connected?: boolean })._connected) await this.leaderClient.connect();
      const [row] = (await this.leaderClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK])).rows;
      if (row.ok) {
        this.leading = true;
        this.log.info('scheduler: this instance leads');
        await this.catchUp();
      }
    } catch (error) {
      this.log.warn({ err: error }, 'scheduler: could not take the lead');
      await this.leaderClient?.end().catch(() => undefined);
      this.leaderClient = null;
    }
  }

  /** After a start or a gap: join occurrences still running, record as missed those that ended. */
  private async catchUp(): Promise<void> {
    const now = this.now();
    this.handled = await q.handledRuns(this.db, now - MISSED_LOOKBACK_MS);
    for (const s of this.schedules) {
      const span = spanOf(s);
      for (const planned of occurrencesBetween(recurrenceOf(s), now - MISSED_LOOKBACK_MS, now)) {
        if (this.handled.has(`${s.id}@${planned}`)) continue;
        if (planned + span > now) await this.fire(s, planned);
        else if (await q.claimRun(this.db, s.id, planned, 'missed', null)) {
          this.handled.add(`${s.id}@${planned}`);
          this.log.warn({ schedule: s.id, planned: new Date(planned).toISOString() }, 'scheduled broadcast missed while the server was down');
        }
      }
    }
    this.lastTick = now;
  }

  /** Fires every occurrence planned since the last tick. */
  async tick(): Promise<void> {
    if (!this.leading) return;
    const now = this.now();
    const from = this.lastTick || now - TICK_MS;
    this.lastTick = now;
    const due: [q.ScheduleRow, number][] = [];
    for (const s of this.schedules) {
      for (const planned of occurrencesBetween(recurrenceOf(s), from, now + 1)) {
        if (!this.handled.has(`${s.id}@${planned}`)) due.push([s, planned]);
      }
    }
    // Occurrences due together start together rather than one after another.
    await Promise.all(due.map(([s, planned]) => this.fire(s, planned).catch((e: unknown) => this.log.error({ err: e, schedule: s.id }, 'scheduled broadcast failed to start'))));
  }

  private async fire(s: q.ScheduleRow, planned: number): Promise<void> {
    const key = `${s.id}@${planned}`;
    this.handled.add(key);
    const lag = Math.max(0, this.now() - planned);
    if (!(await q.claimRun(this.db, s.id, planned, 'fired', lag))) return;
    const id = crypto.randomUUID();
    // The run starts at the planned second: a late fire (or a restart) joins at the right position.
    await insertBroadcast(this.db, {
      id, admin_id: s.admin_id, created_by: s.created_by, type: 'phatlich', title: s.title, message_type: s.message_type, priority: s.priority,
      chosen_areas: s.chosen_areas, chosen_devices: s.chosen_devices, target_areas: s.target_areas, target_devices: s.target_devices,
      device_count: s.device_count, sources: s.sources, items: s.items, total_seconds: s.total_seconds, repeat_mode: s.repeat_mode,
      repeat_interval: s.repeat_interval, repeat_count: s.repeat_count, run_started_at: new Date(planned), schedule_id: s.id,
    });
    await q.setRunBroadcast(this.db, s.id, planned, id);
    this.lags.push(lag);
    await this.engine.start((await findBroadcast(this.db, id))!);
    this.log.info({ schedule: s.id, lagMs: lag }, 'scheduled broadcast fired');
  }
}
