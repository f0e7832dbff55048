import type { PlayItem } from '@loa/contract';

/**
 * When an item's audio comes over the network and the stream stops before the item's time is up
 * (the link dropped, the server went away, the agent's watchdog found no data for STREAM_TIMEOUT_S
 * in a stored file, a relay or live voice it fetches),
 * the item is resumed rather than given up (issue #30, item 4): it is played
 * again from where the synchronised clock says it should be (live voice from its newest audio, a
 * relay where the channel is now, a file from its position — from the cache when the plan's copy
 * has arrived meanwhile), every RESUME_WAIT_MS until it plays or its time is over, and the time lost
 * is reported as a `gap` event (docs/device-protocol.md "Gaps").
 */

/**
 * A stream the agent fetches is dead after this many seconds without data (mpg123 1.31's own
 * `--timeout` aborts at once). Not less: on a lossy link TCP may hold the bytes for several seconds
 * while the decoder still has audio (the network tier's 256 kbit/s, 5 % loss case stalled 5 s once),
 * and giving the stream up then would lose what was buffered; a link back within this keeps its connection.
 */
export const STREAM_TIMEOUT_S = 10;
/** A stream given up after `silentSeconds` without data (its connection still open): the item dropped that long ago. */
export class StreamStalledError extends Error {
  override name = 'StreamStalledError';
  constructor(readonly silentSeconds: number) {
    super(`no audio for ${Math.round(silentSeconds)} s`);
  }
}

/** Wait before each new attempt, ms. */
export const RESUME_WAIT_MS = 1000;
/**
 * An item with less than this left (seconds) is not resumed: its announced duration may round up
 * its audio's, so a file that ends a second early has ended, not dropped.
 */
export const RESUME_MIN_LEFT_S = 2.5;
/**
 * A first attempt that fails within this (seconds) failed, it did not drop: a missing file or a
 * refused connection is an error at once, as before. Once resuming, every attempt counts.
 */
export const RESUME_MIN_PLAYED_S = 1;
/** A resumed stretch that has played this long (ms) has resumed: the gap is reported then. */
export const RESUMED_AFTER_MS = 1000;

/** Whether a (resolved) URL is fetched over the network, so that it can drop. */
export function isStream(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export interface StretchEnd {
  /** The URL it played (after the cache was looked up). */
  url: string;
  kind: PlayItem['kind'];
  /** Seconds the stretch lasted. */
  played: number;
  /** Seconds of the item left by the clock. */
  left: number;
  /** The player's failure, if it failed. */
  failed: boolean;
  /** A drop of this item is already being resumed. */
  resuming: boolean;
}

/** Whether a stretch that ended by itself is a drop to resume (see the module's comment). */
export function shouldResume(end: StretchEnd): boolean {
  if (!isStream(end.url) || end.left < RESUME_MIN_LEFT_S) return false;
  if (end.resuming) return true;
  // A stream that ended or failed after playing a while: it dropped. One that failed at once did not.
  return !end.failed || end.played >= RESUME_MIN_PLAYED_S;
}
