import type { PlayItem } from '@loa/contract';
import { findExecutable, ProcessPlayer } from './processPlayer';
import { SilentPlayer } from './silentPlayer';
import type { StopSignal } from './stopSignal';

/** Plays one item of a session. */
export interface Player {
  readonly name: string;
  /**
   * Plays `url` from `fromSeconds` into an item of `durationSeconds`. Resolves when the item ends
   * or `signal` aborts; rejects when the audio cannot be played.
   */
  play(url: string, fromSeconds: number, durationSeconds: number, signal: StopSignal, kind?: PlayItem['kind']): Promise<void>;
  /** Volume 0..100, applied from the next item on when the player cannot change it mid-item. */
  setVolume(volume: number): void;
}

export { ProcessPlayer, SilentPlayer, findExecutable };

/** Picks a sound-making player when mpg123 (preferred) or ffplay is installed, else the silent one. */
export async function choosePlayer(options: { fetchAudio?: boolean } = {}): Promise<Player> {
  for (const program of ['mpg123', 'ffplay'] as const) {
    const executable = await findExecutable(program);
    if (executable) return new ProcessPlayer(program, executable);
  }
  return new SilentPlayer({ fetchAudio: options.fetchAudio ?? true });
}
