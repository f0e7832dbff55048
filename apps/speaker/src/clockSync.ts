import { performance } from 'node:perf_hooks';
import { CLOCK_SYNC, clockAnswerSchema, type ClockFault, type ClockQuality, type ClockRequest, type ClockStatus } from '@loa/contract';

/** A device's own clock, unix ms. */
export type LocalClock = () => number;

/**
 * The default device clock: the wall clock read once at start, then advanced by the monotonic
 * clock, so an operating-system clock step (an NTP daemon, a user) does not jump the playout.
 */
export function monotonicClock(): LocalClock {
  const origin = Date.now() - performance.now();
  return () => origin + performance.now();
}

/** A clock `errorMs` off the true one and running `driftPpm` parts per million fast (tests, benchmarks). */
export function skewedClock(errorMs: number, driftPpm = 0, base: LocalClock = Date.now): LocalClock {
  const t0 = base();
  return () => {
    const t = base();
    return t + errorMs + ((t - t0) * driftPpm) / 1e6;
  };
}

/** One accepted exchange. */
export interface ClockSample {
  /** Server − device, ms. */
  offset: number;
  /** Round trip less the server's own time, ms. */
  delay: number;
  /** Device clock when the answer arrived (t4). */
  at: number;
}

/** What became of an answer. */
export type AnswerVerdict = 'accepted' | 'malformed' | 'unknown' | 'absurd';

export interface ClockSyncOptions {
  window?: number;
  poorRttMs?: number;
  untrustedRttMs?: number;
  noAnswerMs?: number;
  answerTimeoutMs?: number;
}

/** The server answered within this many ms of the request arriving, at most (else the answer is absurd). */
const MAX_SERVER_HOLD_MS = 5_000;
/** Granularity of the server's timestamps (Date.now(): whole ms), tolerated in the round trip. */
const STAMP_GRAIN_MS = 2;
/** A good sample whose offset differs from the prediction by more than this (or 2 × its round trip) is a jump. */
const JUMP_MIN_MS = 50;
/** Good samples in a row that must agree on a new offset before the clock steps to it. */
const JUMP_CONFIRMATIONS = 3;
/** Steps within this long that make the clock untrusted. */
const JUMP_WINDOW_MS = 10 * 60_000;
const JUMPS_UNTRUSTED = 3;
/**
 * Drift is estimated over best samples spanning at least this long, and kept within ±this many ppm.
 * Ten minutes: offsets a few ms apart over half a minute make a slope of hundreds of ppm (the
 * settling exchanges come that close together), which would carry the estimate off by more than
 * the drift of a real clock (tens of ppm) ever does between two exchanges.
 */
const DRIFT_MIN_SPAN_MS = 10 * 60_000;
const DRIFT_MAX_PPM = 500;
const HISTORY = 16;

/**
 * The device's estimate of the server clock (docs/device-protocol.md "Clock"). Each exchange gives
 * an offset and a round trip; the estimate is the offset of the sample with the smallest round trip
 * among the last `window` (queueing only ever adds delay, and adds it unevenly to the two legs),
 * carried forward by the drift measured between such best samples. A good sample far from the
 * prediction is held back until `JUMP_CONFIRMATIONS` agree (a stepped server or device clock), and
 * jumps that keep coming make the clock untrusted.
 */
export class ClockSync {
  private readonly opts: Required<ClockSyncOptions>;
  private samples: ClockSample[] = [];
  private readonly history: { at: number; offset: number }[] = [];
  private candidates: ClockSample[] = [];
  private readonly jumps: number[] = [];
  private readonly pending = new Map<number, number>();
  private nextN = 1;
  private drift = 0;
  private since: number;
  private lastAnswerAt: number | null = null;
  private accepted = 0;
  readonly ignored: Record<Exclude<AnswerVerdict, 'accepted'>, number> = { malformed: 0, unknown: 0, absurd: 0 };

  constructor(private readonly local: LocalClock = monotonicClock(), options: ClockSyncOptions = {}) {
    this.opts = {
      window: options.window ?? CLOCK_SYNC.window,
      poorRttMs: options.poorRttMs ?? CLOCK_SYNC.poorRttMs,
      untrustedRttMs: options.untrustedRttMs ?? CLOCK_SYNC.untrustedRttMs,
      noAnswerMs: options.noAnswerMs ?? CLOCK_SYNC.noAnswerMs,
      answerTimeoutMs: options.answerTimeoutMs ?? CLOCK_SYNC.answerTimeoutMs,
    };
    this.since = local();
  }

  /** Whether at least one answer has been accepted. */
  get synced(): boolean {
    return this.samples.length > 0;
  }

  /** The device clock, unsynchronised. */
  localNow(): number {
    return this.local();
  }

  /** Server time now, as well as the device knows it (its own clock until the first answer). */
  now(): number {
    const t = this.local();
    return t + this.offsetAt(t);
  }

  /** Milliseconds to add to the device clock at local instant `t` to get server time. */
  offsetAt(t: number): number {
    const estimate = this.estimate();
    if (!estimate) return 0;
    return estimate.offset + (this.drift * (t - estimate.at)) / 1e6;
  }

  /**
   * The offset at the newest sample's instant. Each exchange bounds the true offset: it lies within
   * [offset − round trip / 2, offset + round trip / 2] (neither leg took less than nothing), that
   * is between (true − the return leg) and (true + the outward leg). The window's intervals,
   * carried to one instant by the drift, are intersected and the middle taken: its error is half the
   * difference of the fastest outward and the fastest return leg seen, not of one exchange's legs.
   * When they do not intersect (a clock stepped, or drift misjudged) the best exchange alone is used.
   */
  private estimate(): { offset: number; at: number } | null {
    const best = this.best();
    if (!best) return null;
    const bounds = this.bounds();
    if (bounds) return { offset: (bounds.low + bounds.high) / 2, at: bounds.at };
    return { offset: best.offset, at: best.at };
  }

  /** The intersection of the window's bounds at the newest sample's instant; null when empty or they do not meet. */
  private bounds(): { low: number; high: number; at: number } | null {
    if (this.samples.length === 0) return null;
    const at = this.samples[this.samples.length - 1].at;
    let low = Number.NEGATIVE_INFINITY;
    let high = Number.POSITIVE_INFINITY;
    for (const sample of this.samples) {
      const offset = sample.offset + (this.drift * (at - sample.at)) / 1e6;
      low = Math.max(low, offset - sample.delay / 2);
      high = Math.min(high, offset + sample.delay / 2);
    }
    return low <= high ? { low, high, at } : null;
  }

  /**
   * How uncertain the estimate is, ms: the width of the bounds the window's exchanges leave (the
   * true offset lies within them), or the best round trip when they do not meet; null before the
   * first answer.
   */
  uncertainty(): number | null {
    const best = this.best();
    if (!best) return null;
    const bounds = this.bounds();
    return bounds ? bounds.high - bounds.low : best.delay;
  }

  /** Starts an exchange: the request to publish. Requests not answered in time are forgotten. */
  request(): ClockRequest {
    const t1 = this.local();
    for (const [n, sent] of this.pending) if (t1 - sent > this.opts.answerTimeoutMs) this.pending.delete(n);
    const n = this.nextN;
    this.nextN = this.nextN >= 2 ** 31 ? 1 : this.nextN + 1;
    this.pending.set(n, t1);
    return { n, t1 };
  }

  /**
   * Takes an answer (parsed JSON from the device's own time topic). Only an answer to a request
   * still outstanding, carrying that request's own t1, with sane timestamps, is used; anything else
   * is ignored and counted.
   */
  answer(json: unknown, t4 = this.local()): AnswerVerdict {
    const parsed = clockAnswerSchema.safeParse(json);
    if (!parsed.success) return this.ignore('malformed');
    const { n, t1, t2, t3 } = parsed.data;
    const sent = this.pending.get(n);
    // Replayed, forged (an unknown number, or a t1 that is not the one sent) or too late.
    if (sent === undefined || sent !== t1) return this.ignore('unknown');
    this.pending.delete(n);
    const hold = t3 - t2;
    const rawDelay = t4 - t1 - hold;
    // The server stamps whole milliseconds: on a fast link the round trip can come out a hair below zero.
    if (hold < 0 || hold > MAX_SERVER_HOLD_MS || rawDelay < -STAMP_GRAIN_MS || t4 - t1 > this.opts.answerTimeoutMs) return this.ignore('absurd');
    const delay = Math.max(0, rawDelay);
    this.lastAnswerAt = t4;
    this.accepted += 1;
    this.add({ offset: (t2 - t1 + (t3 - t4)) / 2, delay, at: t4 });
    return 'accepted';
  }

  /** What the device reports in its state. */
  status(): ClockStatus {
    const best = this.best();
    const { quality, fault } = this.judge();
    const rounded = (x: number) => Math.round(x * 10) / 10;
    return {
      offset: best ? Math.round(this.offsetAt(this.local())) : 0,
      rtt: best ? rounded(best.delay) : 0,
      jitter: rounded(this.jitter()),
      drift: rounded(this.drift),
      quality,
      ...(fault ? { fault } : {}),
      samples: this.accepted,
    };
  }

  /** After a reconnect: outstanding requests are dropped, and "no answer" counts from now. */
  reconnected(): void {
    this.pending.clear();
    this.since = this.local();
  }

  private ignore(reason: Exclude<AnswerVerdict, 'accepted'>): AnswerVerdict {
    this.ignored[reason] += 1;
    return reason;
  }

  private best(): ClockSample | null {
    let best: ClockSample | null = null;
    // On a tie the newer sample: the same precision, less drift to carry.
    for (const s of this.samples) if (!best || s.delay <= best.delay) best = s;
    return best;
  }

  private add(sample: ClockSample): void {
    const best = this.best();
    if (best) {
      const predicted = this.offsetAt(sample.at);
      const good = sample.delay <= best.delay * 1.5 + 5;
      const far = Math.abs(sample.offset - predicted) > Math.max(JUMP_MIN_MS, 2 * sample.delay);
      if (far) {
        // A good sample far from the prediction: the clock may have stepped. Hold it until enough
        // agree on the new offset; a slow sample far off is just queueing and ages out of the window.
        if (!good) return this.push(sample);
        this.candidates = [...this.candidates.filter((c) => Math.abs(c.offset - sample.offset) <= Math.max(JUMP_MIN_MS, 2 * c.delay)), sample];
        if (this.candidates.length < JUMP_CONFIRMATIONS) return;
        this.samples = this.candidates;
        this.candidates = [];
        this.history.length = 0;
        this.drift = 0;
        this.jumps.push(sample.at);
        for (const c of this.samples) this.remember(c);
        return;
      }
      this.candidates = [];
    }
    this.push(sample);
  }

  private push(sample: ClockSample): void {
    this.samples.push(sample);
    if (this.samples.length > this.opts.window) this.samples.shift();
    this.remember(sample);
  }

  /**
   * Keeps a good sample (a round trip close to the best one's) for the drift estimate: the slope of
   * a least-squares line through the last such samples, once they span ten minutes.
   */
  private remember(sample: ClockSample): void {
    const best = this.best();
    if (!best || sample.delay > best.delay * 1.5 + 5) return;
    this.history.push({ at: sample.at, offset: sample.offset });
    if (this.history.length > HISTORY) this.history.shift();
    const first = this.history[0];
    if (this.history.length < 3 || sample.at - first.at < DRIFT_MIN_SPAN_MS) return;
    const n = this.history.length;
    const meanT = this.history.reduce((a, p) => a + p.at, 0) / n;
    const meanO = this.history.reduce((a, p) => a + p.offset, 0) / n;
    let num = 0;
    let den = 0;
    for (const p of this.history) {
      num += (p.at - meanT) * (p.offset - meanO);
      den += (p.at - meanT) ** 2;
    }
    const ppm = den > 0 ? (num / den) * 1e6 : 0;
    this.drift = Math.max(-DRIFT_MAX_PPM, Math.min(DRIFT_MAX_PPM, ppm));
  }

  /** Spread (max − min) of the offsets of the window's good samples, ms. */
  private jitter(): number {
    const best = this.best();
    if (!best) return 0;
    const good = this.samples.filter((s) => s.delay <= best.delay * 2 + 5).map((s) => s.offset - (this.drift * (s.at - best.at)) / 1e6);
    return good.length < 2 ? 0 : Math.max(...good) - Math.min(...good);
  }

  private judge(): { quality: ClockQuality; fault?: ClockFault } {
    const now = this.local();
    const best = this.best();
    const quiet = now - (this.lastAnswerAt ?? this.since);
    if (!best) return quiet > this.opts.noAnswerMs ? { quality: 'untrusted', fault: 'noAnswer' } : { quality: 'unsynced' };
    if (this.lastAnswerAt !== null && this.lastAnswerAt < this.since && now - this.since > this.opts.noAnswerMs) return { quality: 'untrusted', fault: 'noAnswer' };
    if (quiet > CLOCK_SYNC.intervalMs * 3 + this.opts.noAnswerMs) return { quality: 'untrusted', fault: 'noAnswer' };
    while (this.jumps.length > 0 && now - this.jumps[0] > JUMP_WINDOW_MS) this.jumps.shift();
    if (this.jumps.length >= JUMPS_UNTRUSTED) return { quality: 'untrusted', fault: 'jumping' };
    if (best.delay > this.opts.untrustedRttMs) return { quality: 'untrusted', fault: 'slowRoundTrip' };
    if (best.delay > this.opts.poorRttMs || this.jitter() > this.opts.poorRttMs / 2) return { quality: 'poor' };
    return { quality: 'good' };
  }
}
