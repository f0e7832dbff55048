import { mp3FrameAt } from '@loa/contract';

/**
 * Keeps live voice at its live edge. Audio of a live stream arrives at the pace the officer speaks,
 * but after a stall (the network, a busy server) what was held back comes in a burst; played as it
 * comes, every second of stall would stay as a second of delay for the rest of the talk. The pacer
 * passes whole MP3 frames on to the decoder and drops those that would put the speaker's playback
 * more than `maxLeadMs` ahead of now — the speaker skips what it heard late, as a phone call does.
 * Its playback clock: each frame plays from when the previous one ends, or from its arrival after
 * a gap (the speaker was silent meanwhile).
 */
export class LivePacer {
  private pending: Buffer = Buffer.alloc(0);
  /** When what was passed on so far ends playing (ms), NaN before the first frame. */
  private playEnd = Number.NaN;
  /** Milliseconds of audio dropped, for the agent's log. */
  droppedMs = 0;

  constructor(
    private readonly out: (frame: Buffer) => void,
    private readonly maxLeadMs = 400,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes of the stream as they arrive (any split: frames are put back together). */
  push(bytes: Buffer): void {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    let at = 0;
    for (;;) {
      const frame = mp3FrameAt(data, at);
      if (frame === 'short') break;
      if (frame === null) {
        at += 1; // not a frame header: find the next one
        continue;
      }
      this.frame(data.subarray(at, at + frame.length), frame.ms);
      at += frame.length;
    }
    this.pending = Buffer.from(data.subarray(at));
  }

  private frame(bytes: Buffer, ms: number): void {
    const now = this.now();
    const from = Number.isNaN(this.playEnd) || this.playEnd < now ? now : this.playEnd;
    if (from - now > this.maxLeadMs) {
      this.droppedMs += ms;
      return;
    }
    this.playEnd = from + ms;
    this.out(bytes);
  }
}
