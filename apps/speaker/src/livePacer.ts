import { mp3FrameAt } from '@loa/contract';

/** Live voice waits this long before it starts playing (and again after running dry): the stalls it rides out. */
export const LIVE_PREBUFFER_MS = 200;
/** Each frame goes to the decoder this long before it is due to play (the sound device's own queue). */
export const LIVE_FEED_AHEAD_MS = 50;
/** Beyond the prebuffer, how far behind the live edge the speaker may fall before it skips audio. */
export const LIVE_MAX_LAG_MS = 400;

export interface PacerOptions {
  prebufferMs?: number;
  feedAheadMs?: number;
  maxLagMs?: number;
}

/** The pacer's clock and timers (the real ones unless a test fakes them). */
export interface PacerClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: PacerClock = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A speaker's jitter buffer for live voice. Audio of a live stream arrives at the pace the officer
 * speaks, but unevenly: a busy network or server holds some back, then delivers it in a burst.
 * Written to the sound device as it comes, every late chunk would be a gap (the device runs dry)
 * and every burst a lasting delay. The pacer holds the first LIVE_PREBUFFER_MS of audio, then hands
 * whole MP3 frames to the decoder on the speaker's clock, each LIVE_FEED_AHEAD_MS before it plays,
 * so a stall shorter than the prebuffer is never heard. When it runs dry anyway it waits for the
 * prebuffer again. When a burst puts it more than LIVE_MAX_LAG_MS further behind the live edge, it
 * skips the oldest audio it holds, back to the prebuffer's lag (it skips what it heard late, as a
 * phone call does).
 */
export class LivePacer {
  private pending: Buffer = Buffer.alloc(0);
  private readonly queue: { bytes: Buffer; ms: number }[] = [];
  private queuedMs = 0;
  /** When the next frame to be written plays (ms); NaN before the first frame and after running dry. */
  private playhead = Number.NaN;
  private timer: unknown = null;
  private ended = false;
  private onDrained: (() => void) | null = null;
  private readonly prebufferMs: number;
  private readonly feedAheadMs: number;
  private readonly maxLagMs: number;
  /** Milliseconds of audio dropped, and times the speaker ran dry once playing (for the agent's log and tests). */
  droppedMs = 0;
  underruns = 0;

  constructor(
    private readonly out: (frame: Buffer) => void,
    options: PacerOptions = {},
    private readonly clock: PacerClock = realClock,
  ) {
    this.prebufferMs = options.prebufferMs ?? LIVE_PREBUFFER_MS;
    this.feedAheadMs = options.feedAheadMs ?? LIVE_FEED_AHEAD_MS;
    this.maxLagMs = options.maxLagMs ?? LIVE_MAX_LAG_MS;
  }

  /** Bytes of the stream as they arrive (any split: frames are put back together). */
  push(bytes: Buffer): void {
    if (this.ended) return;
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    let at = 0;
    for (;;) {
      const frame = mp3FrameAt(data, at);
      if (frame === 'short') break;
      if (frame === null) {
        at += 1; // not a frame header: find the next one
        continue;
      }
      this.enqueue(Buffer.from(data.subarray(at, at + frame.length)), frame.ms);
      at += frame.length;
    }
    this.pending = Buffer.from(data.subarray(at));
    this.pump();
  }

  /** The stream ended: what is held still plays, then `drained` runs. */
  end(drained: () => void): void {
    this.ended = true;
    this.onDrained = drained;
    this.pump();
  }

  /** Stops at once (the item was stopped): nothing more is written. */
  close(): void {
    this.ended = true;
    this.onDrained = null;
    this.queue.length = 0;
    this.queuedMs = 0;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private enqueue(bytes: Buffer, ms: number): void {
    const now = this.clock.now();
    if (!Number.isNaN(this.playhead) && this.queue.length === 0 && this.playhead < now) {
      // Everything written has played: the speaker ran dry. It waits for the prebuffer again.
      this.underruns += 1;
      this.playhead = Number.NaN;
    }
    if (Number.isNaN(this.playhead)) this.playhead = now + this.prebufferMs;
    this.queue.push({ bytes, ms });
    this.queuedMs += ms;
    // How far behind the live edge the speaker is: what is held, and written but not yet played.
    // Too far (a burst after a stall): the oldest held audio is skipped, back to the prebuffer's
    // lag in one jump rather than a frame now and then.
    if (this.playhead + this.queuedMs - now > this.prebufferMs + this.maxLagMs) {
      while (this.queue.length > 1 && this.playhead + this.queuedMs - now > this.prebufferMs) {
        const skipped = this.queue.shift()!;
        this.queuedMs -= skipped.ms;
        this.droppedMs += skipped.ms;
      }
    }
  }

  /** Writes every frame due within the feed-ahead (all of them once ended), and wakes for the next. */
  private pump(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const now = this.clock.now();
    while (this.queue.length > 0 && (this.ended || this.playhead - now <= this.feedAheadMs)) {
      const frame = this.queue.shift()!;
      this.queuedMs -= frame.ms;
      this.playhead += frame.ms;
      this.out(frame.bytes);
    }
    if (this.queue.length > 0) {
      this.timer = this.clock.setTimeout(() => this.pump(), Math.max(1, this.playhead - this.feedAheadMs - now));
    } else if (this.ended && this.onDrained) {
      const drained = this.onDrained;
      this.onDrained = null;
      drained();
    }
  }
}
