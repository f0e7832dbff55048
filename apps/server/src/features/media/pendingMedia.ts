import { setTimeout as delay } from 'node:timers/promises';
import type { MediaStorage } from '../../infra/storage';

/** Longest a speaker's request for audio still being made is held before it is answered (issue #29). */
export const PENDING_MEDIA_WAIT_MS = 60_000;
/** How often another instance's store is looked at for a file made elsewhere. */
const POLL_MS = 200;
/** The stored name of speech made while its bulletin already plays: `tts/<ms>-<hex>-giong-noi-phat-ngay.mp3`. */
const SPOKEN_NOW = /^tts\/(\d{13})-[0-9a-f]{16}-giong-noi-phat-ngay\.mp3$/;

/**
 * Audio a play command already names but that is still being made (the speech of an emergency
 * sent as text: docs/architecture.md "Emergency speech without waiting"). A speaker asking for it
 * is held until it is stored, then served like any file; on failure or after the wait it gets the
 * store's answer (404). Made on another instance (several servers share the store), the name says
 * it is recent speech of this kind: the store is looked at until it appears.
 */
export class PendingMedia {
  private readonly waiting = new Map<string, Promise<void>>();

  /** Marks `key` as being made until `made` settles. */
  add(key: string, made: Promise<unknown>): void {
    const settled = made.then(() => undefined, () => undefined);
    this.waiting.set(key, settled);
    void settled.then(() => this.waiting.delete(key));
  }

  get size(): number {
    return this.waiting.size;
  }

  /** Resolves once `key` is stored, given up, or when it is nothing being made. */
  async wait(key: string, storage: MediaStorage, maxMs = PENDING_MEDIA_WAIT_MS): Promise<void> {
    const here = this.waiting.get(key);
    if (here) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([here, new Promise<void>((resolve) => { timer = setTimeout(resolve, maxMs); })]);
      clearTimeout(timer);
      return;
    }
    const m = SPOKEN_NOW.exec(key);
    if (!m) return;
    const deadline = Math.min(Number(m[1]) + maxMs, Date.now() + maxMs);
    while (Date.now() < deadline) {
      if (await storage.exists(key).catch(() => true)) return;
      await delay(POLL_MS);
    }
  }
}
