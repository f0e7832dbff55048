import { performance } from 'node:perf_hooks';
import type { DeviceCommand, PlayItem } from '@loa/contract';
import type { Player } from './player';
import { sleep, sleepUntil } from './sleep';
import { RESUME_WAIT_MS, RESUMED_AFTER_MS, shouldResume, StreamStalledError } from './streamResume';
import { Stopper } from './stopSignal';
import { itemStartOffset, locateInTimeline } from './timeline';

export type PlayCommand = Extract<DeviceCommand, { type: 'play' }>;

/** Why an item or a session ended early. */
/**
 * Why an item stopped early, as reported in its `finished` event: stopped by the server, pre-empted
 * by a higher priority, taken over at the same priority by an officer, or the device going down.
 */
export type InterruptReason = 'stopped' | 'preempted' | 'takenOver' | 'reboot' | 'shutdown';

/** How one item ended. */
export type ItemOutcome = { kind: 'finished' } | { kind: 'error'; message: string } | { kind: 'interrupted'; reason: InterruptReason };

/** How often a playing item's position is checked against the clock, ms. */
export const ALIGN_CHECK_MS = 5_000;
/**
 * A playing item more than this far (seconds) from where the clock says it should be is restarted
 * at the right place. Smaller errors (a clock estimate refined by a few ms) are not corrected mid-item:
 * a jump is worse to hear than the error; the next item starts on the clock again.
 */
export const ALIGN_TOLERANCE_S = 0.25;

/** A sound that starts this much (seconds) further in than asked is told (SessionHooks.onLateSound). */
export const LATE_SOUND_S = 0.05;

/** An item's audio is opened this long before its instant (Player.prepare), ms. */
export const PREPARE_AHEAD_MS = 3_000;

/** What a session tells its agent. */
export interface SessionHooks {
  onItemStart(index: number, position: number): void;
  onItemEnd(index: number, outcome: ItemOutcome): void;
  /** The last item ended (not called when the session is aborted). */
  onEnd(): void;
  /** A streamed item dropped at `from` and played again from `to` (seconds into it; `to` = its duration: it never came back). */
  onGap?(index: number, from: number, to: number, reason: string): void;
  /** Opening the item's audio took time: asked to start at `asked`, its sound starts at `at` (seconds into it), in step. */
  onLateSound?(index: number, asked: number, at: number): void;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One play command being played: items in order from `startAt`, in server time as the device's
 * synchronised clock (`now`) tells it. Each item starts where that clock says it should (so a late
 * joiner, a slow download or a failed item never shifts the rest of the timeline), an item whose
 * slot has passed is skipped, and a long item that strays from the clock is put back in place.
 */
export class PlaybackSession {
  private readonly stopper = new Stopper();
  /** `startedAt` is monotonic (performance.now()): how long an item has played does not move with clock corrections. */
  private current: { index: number; startedAt: number; from: number } | null = null;
  /** Items restarted because they had strayed from the clock. */
  realigned = 0;
  /** Drops of a streamed item that were resumed (or never came back before its end). */
  gaps = 0;
  private running: Promise<void> | null = null;

  constructor(
    readonly command: PlayCommand,
    private readonly player: Player,
    private readonly hooks: SessionHooks,
    private readonly resolveUrl: (url: string) => string = (url) => url,
    private readonly now: () => number = Date.now,
  ) {}

  get sessionId(): string {
    return this.command.sessionId;
  }

  get priority(): number {
    return this.command.priority;
  }

  /** The item playing now and the seconds into it, or null between items. */
  nowPlaying(): { index: number; position: number; item: PlayItem } | null {
    if (!this.current) return null;
    const item = this.command.items[this.current.index];
    const position = Math.min(item.duration, this.current.from + (performance.now() - this.current.startedAt) / 1000);
    return { index: this.current.index, position: Math.max(0, position), item };
  }

  /** Seconds into the timeline by the clock. */
  private offset(): number {
    return (this.now() - this.command.startAt) / 1000;
  }

  /** Plays from where the clock is; resolves when the last item ends or the session is aborted (once). */
  run(): Promise<void> {
    this.running ??= this.playItems();
    return this.running;
  }

  /** Settles when run() has returned: after an abort, once the player has let go of the item (a file it writes is sealed). */
  get settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async playItems(): Promise<void> {
    // What is opened ahead and not played is closed when the session ends, however it ends.
    const ahead = new Stopper();
    this.stopper.addEventListener('abort', () => ahead.abort());
    try {
      await this.playItemsFrom(ahead);
    } finally {
      ahead.abort();
    }
  }

  /** Has the player open item `index`'s audio PREPARE_AHEAD_MS before its instant. */
  private prepareAhead(index: number, ahead: Stopper): void {
    const item = this.command.items[index];
    if (!item || !this.player.prepare || ahead.aborted) return;
    const at = this.command.startAt + itemStartOffset(this.command.items, index) * 1000 - PREPARE_AHEAD_MS;
    const timer = setTimeout(() => {
      if (!ahead.aborted) this.player.prepare?.(this.resolveUrl(item.url), item.kind, ahead);
    }, Math.max(0, at - this.now()));
    timer.unref();
    ahead.addEventListener('abort', () => clearTimeout(timer));
  }

  private async playItemsFrom(ahead: Stopper): Promise<void> {
    const { items, startAt } = this.command;
    const signal = this.stopper;
    const start = locateInTimeline(items, this.offset());
    if (!start) return;
    for (let index = start.index; index < items.length; index += 1) {
      if (signal.aborted) return;
      const item = items[index];
      const itemStart = itemStartOffset(items, index);
      if (index === start.index) this.prepareAhead(index, ahead);
      if (this.offset() < itemStart) {
        // Wait for the item's instant on the synchronised clock (re-read as it is corrected).
        await sleepUntil(startAt + itemStart * 1000, this.now, signal);
        if (signal.aborted) return;
      }
      let position = Math.max(0, this.offset() - itemStart);
      if (position >= item.duration) continue;
      this.current = { index, startedAt: performance.now(), from: position };
      this.hooks.onItemStart(index, position);
      this.prepareAhead(index + 1, ahead);
      let outcome: ItemOutcome = { kind: 'finished' };
      /** A drop being resumed: the position it reached and why it stopped (streamResume.ts). */
      let drop: { reached: number; reason: string } | null = null;
      try {
        // Played in stretches: a stretch that strays from the clock is cut and the item restarted in
        // place; a stream that drops is played again from the clock's position until it holds.
        for (;;) {
          const stretch = new Stopper();
          const cut = () => stretch.abort();
          signal.addEventListener('abort', cut);
          const strayed = this.watchAlignment(index, itemStart, stretch);
          const url = this.resolveUrl(item.url);
          const began = performance.now();
          const resumed = drop ? this.confirmResume(index, drop, position, stretch, () => {
            drop = null;
          }) : null;
          let failure: unknown = null;
          try {
            const asked = position;
            const onSound = (at: number) => {
              if (stretch.aborted) return;
              this.current = { index, startedAt: performance.now(), from: at };
              if (at - asked >= LATE_SOUND_S) this.hooks.onLateSound?.(index, asked, at);
            };
            await this.player.play(url, position, item.duration, stretch, item.kind, { sessionId: this.sessionId, index, ...(drop ? { resumed: true } : {}), onSound });
          } catch (error) {
            failure = error;
          } finally {
            signal.removeEventListener('abort', cut);
            stretch.abort();
            if (resumed) clearTimeout(resumed);
          }
          const at = await strayed;
          if (signal.aborted) break;
          if (at !== null && failure === null) {
            position = at;
            this.realigned += 1;
            this.current = { index, startedAt: performance.now(), from: position };
            continue;
          }
          const left = item.duration - (this.offset() - itemStart);
          const played = (performance.now() - began) / 1000;
          if (!shouldResume({ url, kind: item.kind, played, left, failed: failure !== null, resuming: drop !== null })) {
            if (drop) this.reportGap(index, drop, item.duration);
            if (failure !== null) throw failure;
            break;
          }
          // A stream given up for silence dropped when its audio stopped, the watchdog's wait before now.
          const silent = failure instanceof StreamStalledError ? failure.silentSeconds : 0;
          drop ??= { reached: Math.max(position, (this.nowPlaying()?.position ?? position) - silent), reason: failure === null ? 'stream ended' : errorText(failure) };
          await sleep(RESUME_WAIT_MS, signal);
          if (signal.aborted) break;
          position = Math.max(0, this.offset() - itemStart);
          if (position >= item.duration) {
            this.reportGap(index, drop, item.duration);
            if (failure !== null) throw failure;
            break;
          }
          this.current = { index, startedAt: performance.now(), from: position };
        }
      } catch (error) {
        outcome = { kind: 'error', message: errorText(error) };
      }
      // abort() has already reported the interrupted item.
      if (signal.aborted) return;
      this.current = null;
      this.hooks.onItemEnd(index, outcome);
    }
    this.hooks.onEnd();
  }

  /** After RESUMED_AFTER_MS of a stretch that resumed a drop still playing, reports the gap (once). */
  private confirmResume(index: number, drop: { reached: number; reason: string }, from: number, stretch: Stopper, done: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      if (stretch.aborted) return;
      this.reportGap(index, drop, from);
      done();
    }, RESUMED_AFTER_MS);
    timer.unref();
    return timer;
  }

  /** Tells the agent an item lost the audio from `drop.reached` to `to` (seconds into it). */
  private reportGap(index: number, drop: { reached: number; reason: string }, to: number): void {
    this.gaps += 1;
    this.hooks.onGap?.(index, drop.reached, Math.max(drop.reached, to), drop.reason);
  }

  /**
   * Checks every few seconds, while `stretch` plays, whether the item is where the clock says;
   * when it is off by more than the tolerance, stops the stretch and resolves with the position to
   * restart from; resolves null when the stretch ends by itself.
   */
  private watchAlignment(index: number, itemStart: number, stretch: Stopper): Promise<number | null> {
    const item = this.command.items[index];
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const done = (at: number | null) => {
        if (timer) clearInterval(timer);
        stretch.removeEventListener('abort', ended);
        resolve(at);
      };
      const ended = () => done(null);
      stretch.addEventListener('abort', ended);
      timer = setInterval(() => {
        const played = this.nowPlaying();
        if (!played) return;
        const expected = this.offset() - itemStart;
        if (expected >= item.duration) return;
        if (Math.abs(expected - played.position) > ALIGN_TOLERANCE_S) {
          stretch.removeEventListener('abort', ended);
          stretch.abort();
          done(Math.max(0, expected));
        }
      }, ALIGN_CHECK_MS);
      timer.unref();
    });
  }

  /** Stops at once; reports the item that was playing as interrupted. */
  abort(reason: InterruptReason, report = true): void {
    if (this.stopper.aborted) return;
    const playing = this.current;
    this.current = null;
    this.stopper.abort();
    if (playing && report) this.hooks.onItemEnd(playing.index, { kind: 'interrupted', reason });
  }
}
