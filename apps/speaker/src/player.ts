import type { PlayItem } from '@loa/contract';
import { mkdir } from 'node:fs/promises';
import { findExecutable, ProcessPlayer } from './processPlayer';
import type { ItemRef } from './recording';
import { SilentPlayer } from './silentPlayer';
import type { StopSignal } from './stopSignal';

/** Plays one item of a session. */
export interface Player {
  readonly name: string;
  /**
   * Plays `url` from `fromSeconds` into an item of `durationSeconds`. Resolves when the item ends
   * or `signal` aborts; rejects when the audio cannot be played. `item` says which item of which
   * session it is (a player that writes files names them by it).
   */
  play(url: string, fromSeconds: number, durationSeconds: number, signal: StopSignal, kind?: PlayItem['kind'], item?: ItemRef): Promise<void>;
  /**
   * Opens `url` ahead of the item's instant, so that play() starts its sound on time rather than a
   * connection later (between two items of a bulletin that delay cut the start of the second). A
   * stream play() does not take is closed when `signal` aborts. Optional: a player without it opens
   * each item when it plays it.
   */
  prepare?(url: string, kind: PlayItem['kind'], signal: StopSignal): void;
  /** Volume 0..100, applied from the next item on when the player cannot change it mid-item. */
  setVolume(volume: number): void;
}

export { ProcessPlayer, SilentPlayer, findExecutable };
export type { ItemRef };

/**
 * Picks a sound-making player when mpg123 (preferred) or ffplay is installed, else the silent one.
 * With `outputDir`, mpg123 writing each item to a WAV file there (the folder is created); without
 * mpg123 that is an error.
 */
export async function choosePlayer(options: { fetchAudio?: boolean; outputDir?: string } = {}): Promise<Player> {
  if (options.outputDir) {
    const executable = await findExecutable('mpg123');
    if (!executable) throw new Error('Ghi âm thanh ra tệp WAV cần mpg123 / writing WAV files needs mpg123 on PATH');
    await mkdir(options.outputDir, { recursive: true });
    return new ProcessPlayer('mpg123', executable, { outputDir: options.outputDir });
  }
  for (const program of ['mpg123', 'ffplay'] as const) {
    const executable = await findExecutable(program);
    if (executable) return new ProcessPlayer(program, executable);
  }
  return new SilentPlayer({ fetchAudio: options.fetchAudio ?? true });
}
