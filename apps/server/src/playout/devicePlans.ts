import crypto from 'node:crypto';
import { EMERGENCY_PRIORITY, planBody, type DevicePlan, type PlanItem, type PlanOccurrence } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../infra/db';
import { keyOfMediaPath, type MediaStorage } from '../infra/storage';
import { findMedia } from '../features/media/media.queries';
import type { Scheduler } from '../features/schedules/scheduler';
import { spanOf } from '../features/schedules/schedules.service';
import { occurrencesBetween } from '../features/schedules/recurrence';
import type { DeviceGateway } from '../gateway/gateway';
import { period, runCount } from './plan';

const HOUR_MS = 3_600_000;
/** Item kinds whose audio is a stored file a speaker can hold in its cache. */
const CACHED_KINDS = new Set(['file', 'tts', 'recording']);

/**
 * The session id of a schedule's occurrence: derived from the schedule and its planned start, so the
 * broadcast the scheduler starts and the occurrence in a speaker's plan are the same session (a
 * speaker playing it from its plan recognises the play command, and its reports are believed).
 */
export function occurrenceSessionId(scheduleId: string, plannedAt: number): string {
  const h = crypto.createHash('sha256').update(`loa-occurrence:${scheduleId}:${plannedAt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sha256hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export interface DevicePlansOptions {
  /** Hours ahead a plan covers (PLAN_HORIZON_HOURS, default 24). */
  horizonHours: number;
  now?: () => number;
}

/** What was last published to a device. */
interface Held {
  /** The occurrences' identity (session, schedule version, runs) and window: a new plan is made only when it changes. */
  key: string;
  plan: DevicePlan;
}

/**
 * Makes and publishes each speaker's plan (issue #30, docs/device-protocol.md "The plan"): the approved
 * occurrences reaching it from the start of the current hour to `horizonHours` after it, with its
 * quiet hours applied as the play command applies them, and the size and sha256 of every stored file.
 * It is recomputed after each reading of the schedules (any schedule, holiday or approval change, and
 * every 5 s) and after a device's configuration is republished (an area move, quiet hours); a device
 * gets a new retained plan only when its content changed. Only the instance whose scheduler leads
 * publishes; the others make the same plans without publishing them, so that every instance knows
 * what each speaker holds (the files a speaker may fetch from any instance, the speakers still
 * holding a deleted schedule).
 */
export class DevicePlans {
  private readonly held = new Map<string, Held>();
  /** Size and sha256 of stored files, by key (a stored key's bytes never change). */
  private readonly files = new Map<string, { size: number; sha256: string }>();
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private stopped = false;
  /** Whether the last plans were made as the leader (published): one that becomes leader publishes them all once. */
  private published = false;
  private readonly now: () => number;

  constructor(
    private readonly db: Db, private readonly storage: MediaStorage, private readonly gateway: DeviceGateway,
    private readonly scheduler: Scheduler, private readonly log: FastifyBaseLogger, private readonly opts: DevicePlansOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** The plan last published to a device (its version and checksum show in the device list). */
  planOf(deviceId: string): DevicePlan | null {
    return this.held.get(deviceId)?.plan ?? null;
  }

  /** Devices whose plan last published holds an occurrence of the schedule (before it is deleted or stopped). */
  holders(scheduleId: string): string[] {
    return [...this.held].filter(([, h]) => h.plan.occurrences.some((o) => o.scheduleId === scheduleId)).map(([id]) => id);
  }

  /**
   * How many of `deviceIds` have not heard of a change made at `since` (issue #30: deleting a schedule
   * says how many speakers may still play it): the plans are made again and published, then those
   * the server believes online get up to `waitMs` to report the new version (they report it within
   * a few seconds, with jitter); a speaker offline, or one whose link is down unseen, has not.
   */
  async notHeard(deviceIds: string[], since: number, waitMs = 4000): Promise<number> {
    if (deviceIds.length === 0) return 0;
    await this.refresh();
    const until = Date.now() + waitMs;
    for (;;) {
      const behind = deviceIds.filter((id) => !this.acknowledged(id, since));
      if (behind.length === 0 || Date.now() >= until || behind.every((id) => !this.gateway.liveOf(id)?.online)) return behind.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Whether a device reports holding a plan made after a change at `since` (a device no longer
   * registered has nothing to hear). The leader knows the version it published; another instance
   * knows that the leader's next plan is versioned by the leader's clock, after the change.
   */
  private acknowledged(deviceId: string, since: number): boolean {
    if (!this.gateway.areaOf(deviceId)) return true;
    const reported = this.gateway.liveOf(deviceId)?.lichphat?.phienban;
    if (reported === null || reported === undefined) return false;
    if (!this.published) return reported >= since;
    const plan = this.held.get(deviceId)?.plan;
    return !!plan && reported >= plan.version;
  }

  /** Recomputes every plan; calls made while one runs are folded into one more run after it. */
  refresh(): Promise<void> {
    if (this.again) return this.running;
    this.again = true;
    this.running = this.running.then(async () => {
      this.again = false;
      if (this.stopped) return;
      await this.publishAll();
    }).catch((error: unknown) => this.log.error({ err: error }, 'device plans: refresh failed'));
    return this.running;
  }

  /** Stops refreshing; resolves once a refresh under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async publishAll(): Promise<void> {
    const leading = this.scheduler.isLeader;
    // Plans made as a follower were never published: the new leader publishes each once.
    if (leading && !this.published) this.held.clear();
    this.published = leading;
    const now = this.now();
    const validFrom = Math.floor(now / HOUR_MS) * HOUR_MS;
    const validUntil = validFrom + (this.opts.horizonHours + 1) * HOUR_MS;
    const byDevice = new Map<string, { key: string; occurrence: PlanOccurrence }[]>();
    const keys = new Set<string>();
    const pending: { occurrence: PlanOccurrence; version: number; devices: string[] }[] = [];
    for (const { row, recurrence } of this.scheduler.approved()) {
      const span = spanOf(row);
      const starts = occurrencesBetween(recurrence, validFrom - span, validUntil).filter((planned) => planned + span > validFrom);
      if (starts.length === 0) continue;
      const devices = [...new Set([...row.target_devices, ...this.gateway.devicesIn(this.gateway.subtree(row.target_areas))])];
      const plan = { items: row.items, total: row.total_seconds, repeatMode: row.repeat_mode, repeatInterval: row.repeat_interval, repeatCount: row.repeat_count };
      for (const item of row.items) {
        const key = CACHED_KINDS.has(item.kind) ? keyOfMediaPath(item.url) : null;
        if (key) keys.add(key);
      }
      for (const startAt of starts) {
        const runs = Array.from({ length: runCount(plan) }, (_, i) => startAt + i * period(plan));
        pending.push({
          occurrence: { sessionId: occurrenceSessionId(row.id, startAt), scheduleId: row.id, title: row.title, priority: row.priority, startAt, runs, items: row.items },
          version: row.version, devices,
        });
      }
    }
    await this.learnFiles([...keys]);
    for (const p of pending) {
      const items = p.occurrence.items.map((item): PlanItem => {
        const key = CACHED_KINDS.has(item.kind) ? keyOfMediaPath(item.url) : null;
        const file = key ? this.files.get(key) : undefined;
        return file ? { ...item, file } : { ...item };
      });
      for (const deviceId of p.devices) {
        // Only an emergency plays in quiet hours: runs inside the device's are left out, as sendPlay leaves the device out.
        const runs = p.occurrence.priority < EMERGENCY_PRIORITY ? p.occurrence.runs.filter((at) => !this.gateway.inQuietHours(deviceId, at)) : p.occurrence.runs;
        if (runs.length === 0) continue;
        const list = byDevice.get(deviceId) ?? [];
        list.push({ key: `${p.occurrence.sessionId}/${p.version}/${runs.join(',')}/${items.filter((i) => i.file).length}`, occurrence: { ...p.occurrence, runs, items } });
        byDevice.set(deviceId, list);
      }
    }
    const publishes: Promise<void>[] = [];
    for (const deviceId of this.gateway.deviceIds()) {
      const list = (byDevice.get(deviceId) ?? []).sort((a, b) => a.occurrence.startAt - b.occurrence.startAt || a.occurrence.sessionId.localeCompare(b.occurrence.sessionId));
      const key = `${validFrom}|${list.map((x) => x.key).join('|')}`;
      const held = this.held.get(deviceId);
      if (held?.key === key) continue;
      const content = { validFrom, validUntil, occurrences: list.map((x) => x.occurrence) };
      const plan: DevicePlan = { version: Math.max(now, (held?.plan.version ?? 0) + 1), issuedAt: now, ...content, checksum: sha256hex(planBody(content)) };
      this.held.set(deviceId, { key, plan });
      if (!leading) continue;
      publishes.push(this.gateway.publishPlan(deviceId, plan).catch((error: unknown) => {
        this.held.delete(deviceId);
        this.log.warn({ err: error, deviceId }, 'device plans: plan not published');
      }));
      if (publishes.length >= 500) await Promise.all(publishes.splice(0));
    }
    await Promise.all(publishes);
    for (const id of this.held.keys()) if (!this.gateway.areaOf(id)) this.held.delete(id);
  }

  /** Size and sha256 of the stored files not yet known: from the library, or read once from the store. */
  private async learnFiles(keys: string[]): Promise<void> {
    const unknown = keys.filter((k) => !this.files.has(k));
    if (unknown.length === 0) return;
    for (const m of await findMedia(this.db, unknown)) if (m.content_hash) this.files.set(m.key, { size: Number(m.bytes), sha256: m.content_hash });
    for (const key of unknown.filter((k) => !this.files.has(k))) {
      try {
        const stat = await this.storage.stat(key);
        if (!stat) continue;
        const hash = crypto.createHash('sha256');
        for await (const chunk of await this.storage.read(key)) hash.update(chunk as Buffer);
        this.files.set(key, { size: stat.size, sha256: hash.digest('hex') });
      } catch (error) {
        this.log.warn({ err: error, key }, 'device plans: stored file could not be read');
      }
    }
  }
}
