import crypto from 'node:crypto';
import { withoutQuery } from './mediaProof';
import { checkDevicePlan, type DevicePlan, type PlanOccurrence } from '@loa/contract';
import { shouldReplace } from './arbitration';
import type { ClockSync } from './clockSync';
import type { Logger } from './logger';
import { CacheError, type MediaCache } from './mediaCache';
import type { Playout } from './playout';
import type { PlayCommand } from './session';

/** How often the plan is looked at for a run that is due. */
const TICK_MS = 200;
/** A failed download is tried again after this. */
const RETRY_MS = 5_000;

const sha256hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export interface PlanKeeperDeps {
  deviceId: string;
  clock: ClockSync;
  log: Logger;
  playout: Playout;
  cache: MediaCache | null;
  /** Absolute address of an URL (relative ones against the server). */
  resolveUrl: (url: string) => string;
  /** The device's own credentials: its plan's files are fetched with them (`/v1/device/plan-file/<sha256>`). */
  secret: string;
  /** A refused plan or a file that could not be cached, reported to the server (an `error` event). */
  report: (message: string) => void;
  /** The plan held changed (a new one taken), or its files' readiness did. */
  onChange: () => void;
}

/** What the speaker holds of its plan, as it reports it in its state. */
export interface PlanStatus {
  version: number;
  /** Files of the plan not (yet) in the cache. */
  missing: number;
  validUntil: number;
}

/**
 * The speaker's plan (issue #30, docs/device-protocol.md "The plan"): the retained plan message is
 * checked (a wrong checksum is refused and reported, an older version ignored), its files are put in
 * the cache, and each run is started on the synchronised clock at its planned second, whether or not
 * the server is reachable. The runs go through the same Playout as the server's play commands, so the
 * overlap rule holds: an emergency or live voice pre-empts a planned run, a planned run never pre-empts
 * a higher priority, and the very run the server also sends carries on (same session, same start).
 */
export class PlanKeeper {
  private plan: DevicePlan | null = null;
  /** Runs that played to their end, or that the server stopped: never started again. */
  private readonly done = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private downloading = false;
  /** A plan came (or a fill was asked) while files were downloading: fill again once they are done. */
  private fillAgain = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly deps: PlanKeeperDeps) {}

  get current(): DevicePlan | null {
    return this.plan;
  }

  get status(): PlanStatus | null {
    if (!this.plan) return null;
    return { version: this.plan.version, missing: this.missingFiles().length, validUntil: this.plan.validUntil };
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = null;
    this.retry = null;
  }

  /** The retained plan message as received. */
  receive(json: unknown): void {
    const checked = checkDevicePlan(json, sha256hex);
    if (!checked.ok) {
      this.deps.log.warn(`[${this.deps.deviceId}] lịch bị từ chối / plan refused (${checked.refusal}): ${checked.detail}`);
      this.deps.report(`plan refused (${checked.refusal}): ${checked.detail}`);
      return;
    }
    if (this.plan && checked.plan.version < this.plan.version) return;
    const same = this.plan?.checksum === checked.plan.checksum;
    this.plan = checked.plan;
    if (same) return;
    this.deps.log.info(`[${this.deps.deviceId}] nhận lịch / plan ${checked.plan.version}: ${checked.plan.occurrences.length} lần phát`);
    this.deps.onChange();
    void this.fill();
  }

  /** A session the server stopped, or that played to its end: the plan does not start its runs begun so far again. */
  finished(sessionId: string): void {
    const now = this.deps.clock.now();
    for (const o of this.plan?.occurrences ?? []) {
      if (o.sessionId === sessionId) for (const startAt of o.runs) if (startAt <= now) this.done.add(runKey(sessionId, startAt));
    }
  }

  /** The cached file for an item URL of the plan, or null (then it streams from the server). */
  localFile(url: string): string | null {
    if (!this.plan || !this.deps.cache) return null;
    for (const o of this.plan.occurrences) {
      // A play command's address of the same file carries a signed token: the path decides.
      for (const item of o.items) if (withoutQuery(item.url) === withoutQuery(url) && item.file) return this.deps.cache.pathOf(item.file.sha256);
    }
    return null;
  }

  private files(): Map<string, { file: { size: number; sha256: string } }> {
    const out = new Map<string, { file: { size: number; sha256: string } }>();
    for (const o of this.plan?.occurrences ?? []) for (const item of o.items) if (item.file) out.set(item.file.sha256, { file: item.file });
    return out;
  }

  private missingFiles(): string[] {
    const cache = this.deps.cache;
    return [...this.files().keys()].filter((sha) => !cache?.has(sha));
  }

  /**
   * Downloads the plan's missing files, one after the other; what fails is tried again later. A plan
   * that comes during the downloads is filled once they are done (its files were not in the list
   * being fetched: a day's schedules made a second apart left all but the first file out).
   */
  private async fill(): Promise<void> {
    const cache = this.deps.cache;
    if (!cache) return;
    if (this.downloading) {
      this.fillAgain = true;
      return;
    }
    this.downloading = true;
    this.fillAgain = false;
    let failed = false;
    try {
      const files = this.files();
      const keep = new Set(files.keys());
      const auth = { authorization: `Basic ${Buffer.from(`${this.deps.deviceId}:${this.deps.secret}`).toString('base64')}` };
      for (const [sha, { file }] of files) {
        if (cache.has(sha)) continue;
        try {
          const evicted = await cache.fetch(this.deps.resolveUrl(`/v1/device/plan-file/${sha}`), file, keep, auth);
          if (evicted.length > 0) this.deps.log.info(`[${this.deps.deviceId}] bộ nhớ đầy, đã xoá ${evicted.length} tệp cũ / evicted ${evicted.length} old files`);
          this.deps.onChange();
        } catch (error) {
          failed = true;
          const reason = error instanceof CacheError ? error.reason : 'error';
          this.deps.log.warn(`[${this.deps.deviceId}] không tải được tệp / file not cached (${reason}): ${(error as Error).message}`);
          if (reason === 'checksum' || reason === 'full') this.deps.report(`file not cached (${reason}): ${(error as Error).message}`);
        }
      }
    } finally {
      this.downloading = false;
    }
    if (this.fillAgain) {
      void this.fill();
      return;
    }
    if (failed && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.fill();
      }, RETRY_MS);
      this.retry.unref();
    }
  }

  /** Starts a due run: within the plan's validity, not done, and winning the overlap rule against what plays. */
  private tick(): void {
    const plan = this.plan;
    if (!plan || !this.deps.clock.synced) return;
    const now = this.deps.clock.now();
    // A void plan plays nothing: the speaker waits for the server's.
    if (now < plan.validFrom || now >= plan.validUntil) return;
    for (const o of plan.occurrences) {
      const total = o.items.reduce((sum, item) => sum + item.duration, 0) * 1000;
      for (const startAt of o.runs) {
        if (startAt > now || now >= startAt + total || startAt >= plan.validUntil) continue;
        if (this.done.has(runKey(o.sessionId, startAt))) continue;
        const current = this.deps.playout.current;
        if (current?.sessionId === o.sessionId && current.command.startAt === startAt) continue;
        if (current && !shouldReplace(current.command, { sessionId: o.sessionId, priority: o.priority })) continue;
        this.deps.playout.play(commandOf(o, startAt, now, total));
      }
    }
  }
}

const runKey = (sessionId: string, startAt: number) => `${sessionId}@${startAt}`;

/** A planned run as the play command the server would send for it. */
function commandOf(o: PlanOccurrence, startAt: number, now: number, total: number): PlayCommand {
  return {
    id: `plan-${runKey(o.sessionId, startAt)}`.slice(0, 64), issuedAt: now, expiresAt: startAt + total, type: 'play',
    sessionId: o.sessionId, priority: o.priority, title: o.title, startAt,
    items: o.items.map(({ url, duration, title, kind }) => ({ url, duration, title, kind })),
  };
}
