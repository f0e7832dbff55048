import type { DeviceState } from '@loa/contract';
import { shouldReplace } from './arbitration';
import { shownTitle, tenths } from './playEvents';
import type { Player } from './player';
import { PlaybackSession, type InterruptReason, type ItemOutcome, type PlayCommand } from './session';
import { locateInTimeline } from './timeline';

/** What a play command led to: a new session, or why it was not played. */
export type PlayVerdict = 'started' | 'sameRun' | 'outranked' | 'over';

/** What the speaker's one playing session tells the agent. */
export interface PlayoutHooks {
  onItemStart(session: PlaybackSession, index: number, position: number): void;
  onItemEnd(session: PlaybackSession, index: number, outcome: ItemOutcome): void;
  /** The session played to its end (not called for a session stopped or replaced). */
  onSessionEnd(session: PlaybackSession): void;
  /** A streamed item dropped and was resumed, or never came back (streamResume.ts). */
  onGap?(session: PlaybackSession, index: number, from: number, to: number, reason: string): void;
  /** Opening the item's audio took time: its sound starts at `at`, not `asked` (seconds into it). */
  onLateSound?(session: PlaybackSession, index: number, asked: number, at: number): void;
}

/**
 * The speaker's single playing session and the rules for replacing it (arbitration.ts): a higher
 * priority pre-empts, the same priority only when the play says it takes over, the very run it
 * already plays carries on, a session whose time is over is not started.
 */
export class Playout {
  private session: PlaybackSession | null = null;

  constructor(
    private readonly player: () => Player,
    private readonly hooks: PlayoutHooks,
    private readonly resolveUrl: (url: string) => string,
    /** Server time as the device knows it (its synchronised clock). */
    private readonly now: () => number = Date.now,
  ) {}

  get current(): PlaybackSession | null {
    return this.session;
  }

  /** What plays now (as reported in state), or null. */
  get playing(): DeviceState['playing'] {
    const now = this.session?.nowPlaying();
    if (!this.session || !now) return null;
    return { sessionId: this.session.sessionId, itemIndex: now.index, position: tenths(now.position), title: shownTitle(this.session.command, now.index) };
  }

  /** Starts the command's session unless the rules say otherwise. */
  play(command: PlayCommand): PlayVerdict {
    // The same run of the session it already plays (the server re-sends after a pre-emption ends
    // or when it is unsure): it carries on in step rather than restarting the item.
    if (this.session && this.session.sessionId === command.sessionId && this.session.command.startAt === command.startAt) return 'sameRun';
    // A new run of the session it plays (a repeat) always follows; another session must win arbitration.
    if (this.session && this.session.sessionId !== command.sessionId && !shouldReplace(this.session, command)) return 'outranked';
    if (!locateInTimeline(command.items, (this.now() - command.startAt) / 1000)) return 'over';
    this.session?.abort(this.session.command.priority === command.priority ? 'takenOver' : 'preempted');
    const session: PlaybackSession = new PlaybackSession(
      command,
      this.player(),
      {
        onItemStart: (index, position) => this.hooks.onItemStart(session, index, position),
        onItemEnd: (index, outcome) => this.hooks.onItemEnd(session, index, outcome),
        onGap: (index, from, to, reason) => this.hooks.onGap?.(session, index, from, to, reason),
        onLateSound: (index, asked, at) => this.hooks.onLateSound?.(session, index, asked, at),
        onEnd: () => {
          if (this.session !== session) return;
          this.session = null;
          this.hooks.onSessionEnd(session);
        },
      },
      this.resolveUrl,
      this.now,
    );
    this.session = session;
    void session.run();
    return 'started';
  }

  /** Stops what plays, if anything; `reportItem` says whether the interrupted item is reported. Returns the stopped session. */
  stop(reason: InterruptReason, reportItem = true): PlaybackSession | null {
    const session = this.session;
    if (!session) return null;
    this.session = null;
    session.abort(reason, reportItem);
    return session;
  }
}
