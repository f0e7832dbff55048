import type { PlayItem } from '@loa/contract';
import { openAudio } from './fetchAudio';
import type { Player } from './player';
import { sleep } from './sleep';
import type { StopSignal } from './stopSignal';

const ITEM_OVER = 'item over';

/**
 * A player without sound: keeps real time (an item lasts `duration - from` seconds). With
 * `fetchAudio`, it first opens the URL over HTTP(S) so a missing file fails like on a real speaker.
 * Stateless, so one instance can serve a whole fleet.
 */
export class SilentPlayer implements Player {
  readonly name = 'silent';

  constructor(private readonly options: { fetchAudio?: boolean } = {}) {}

  /** Resolves when the item's time is up or `signal` aborts; rejects when the audio cannot be opened. */
  async play(url: string, fromSeconds: number, durationSeconds: number, signal: StopSignal, kind: PlayItem['kind'] = 'file'): Promise<void> {
    if (signal.aborted) return;
    const deadline = Date.now() + Math.max(0, durationSeconds - fromSeconds) * 1000;
    if (!this.options.fetchAudio) return sleep(deadline - Date.now(), signal);
    const download = new AbortController();
    // Aborting with a reason: without one, Node builds a DOMException (and its stack) every time.
    const stopDownload = () => download.abort(ITEM_OVER);
    signal.addEventListener('abort', stopDownload, { once: true });
    try {
      try {
        await openAudio(url, kind, download.signal);
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
      await sleep(deadline - Date.now(), signal);
    } finally {
      signal.removeEventListener('abort', stopDownload);
      download.abort(ITEM_OVER);
    }
  }

  setVolume(): void {}
}
