import type { DeviceCommand, PlayItem } from '@loa/contract';
import type { Player } from './player';
import { sleep } from './sleep';
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

/** What a session tells its agent. */
export interface SessionHooks {
  onItemStart(index: number, position: number): void;
  onItemEnd(index: number, outcome: ItemOutcome): void;
  /** The last item ended (not called when the session is aborted). */
  onEnd(): void;
}

/**
 * One play command being played: items in order from the wall-clock `startAt`. Each item starts
 * where the wall clock says it should (so a late joiner, a slow download or a failed item never
 * shifts the rest of the timeline), and an item whose slot has passed is skipped.
 */
export class PlaybackSession {
  private readonly stopper = new Stopper();
  private current: { index: number; startedAt: number; from: number } | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly command: PlayCommand,
    private readonly player: Player,
    private readonly hooks: SessionHooks,
    private readonly resolveUrl: (url: string) => string = (url) => url,
  ) {}

  get sessionId(): string {
    return this.command.sessionId;
  }

  get priority(): number {
    return this.command.priority;
  }

  /** The item playing now and the seconds into it, or null between items. */
  nowPlaying(now = Date.now()): { index: number; position: number; item: PlayItem } | null {
    if (!this.current) return null;
    const item = this.command.items[this.current.index];
    const position = Math.min(item.duration, this.current.from + (now - this.current.startedAt) / 1000);
    return { index: this.current.index, position: Math.max(0, position), item };
  }

  /** Plays from where the wall clock is; resolves when the last item ends or the session is aborted (once). */
  run(): Promise<void> {
    this.running ??= this.playItems();
    return this.running;
  }

  /** Settles when run() has returned: after an abort, once the player has let go of the item (a file it writes is sealed). */
  get settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async playItems(): Promise<void> {
    const { items, startAt } = this.command;
    const signal = this.stopper;
    const start = locateInTimeline(items, (Date.now() - startAt) / 1000);
    if (!start) return;
    for (let index = start.index; index < items.length; index += 1) {
      if (signal.aborted) return;
      const item = items[index];
      let position = (Date.now() - startAt) / 1000 - itemStartOffset(items, index);
      if (position < 0) {
        await sleep(-position * 1000, signal);
        if (signal.aborted) return;
        position = 0;
      }
      if (position >= item.duration) continue;
      this.current = { index, startedAt: Date.now(), from: position };
      this.hooks.onItemStart(index, position);
      let outcome: ItemOutcome = { kind: 'finished' };
      try {
        await this.player.play(this.resolveUrl(item.url), position, item.duration, signal, item.kind, { sessionId: this.sessionId, index });
      } catch (error) {
        outcome = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
      }
      // abort() has already reported the interrupted item.
      if (signal.aborted) return;
      this.current = null;
      this.hooks.onItemEnd(index, outcome);
    }
    this.hooks.onEnd();
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
