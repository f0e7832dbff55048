import { access, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sealWav } from './wav';

/** Which item of which session a player plays (names the file it writes with an output folder). */
export interface ItemRef {
  sessionId: string;
  index: number;
  /** The stretch resumes the item's stream after it dropped (a stored file is then fetched from its position with Range). */
  resumed?: boolean;
  /**
   * Called once as the sound starts, with the seconds into the item it starts from: further than
   * asked when opening the audio took time (the clock went on). A player may not call it.
   */
  onSound?(position: number): void;
}

/** Keeps letters, digits, dot, dash and underscore of a session id, so it can name a file. */
const safeName = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 100) || 'phien';

/**
 * The WAV file one played item is written to, `<sessionId>-<index>.wav` in `dir` (`-2`, `-3`… when the
 * item plays again: a repeat, or a resume after a pre-emption). It is written as `<name>.part` and
 * renamed once sealed, so a finished name always holds a whole WAV.
 */
export class ItemRecording {
  private constructor(
    readonly path: string,
    readonly partPath: string,
  ) {}

  /** Reserves the next free name for the item (the part file is created empty, exclusively). */
  static async reserve(dir: string, item: ItemRef): Promise<ItemRecording> {
    const stem = `${safeName(item.sessionId)}-${item.index}`;
    for (let take = 1; ; take += 1) {
      const path = join(dir, `${stem}${take === 1 ? '' : `-${take}`}.wav`);
      const partPath = `${path}.part`;
      if (await exists(path)) continue;
      try {
        await (await open(partPath, 'wx')).close();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      return new ItemRecording(path, partPath);
    }
  }

  /**
   * Seals what the decoder wrote (cut to `playedSeconds` when the item stopped early) under the
   * final name; an empty part (the decoder never started) is removed.
   */
  async finish(playedSeconds?: number): Promise<void> {
    try {
      await sealWav(this.partPath, playedSeconds);
    } catch {
      await rm(this.partPath, { force: true });
      return;
    }
    await rename(this.partPath, this.path);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
