import { METADATA_RETRY_CAP, MSG } from '@loa/contract';

const RETRY_DELAY_MS = 100;

/**
 * Duration in seconds of a playable address, read from an Audio element's metadata.
 * Loading is retried up to METADATA_RETRY_CAP times, then fails with the time-out message (spec §4, §8).
 */
export function readMediaDuration(src: string, createAudio: () => HTMLAudioElement = () => new Audio()): Promise<number> {
  return new Promise((resolve, reject) => {
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const audio = createAudio();
    audio.preload = 'metadata';
    const finish = (duration: number | null) => {
      clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      if (duration === null) reject(new Error(MSG.metadataTimeout));
      else resolve(duration);
    };
    const check = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) {
        finish(audio.duration);
        return;
      }
      attempts += 1;
      if (attempts >= METADATA_RETRY_CAP) {
        finish(null);
        return;
      }
      // A failed load is started again; a slow one is simply looked at again.
      if (audio.error) audio.load();
      timer = setTimeout(check, RETRY_DELAY_MS);
    };
    audio.onloadedmetadata = check;
    audio.onerror = () => undefined;
    audio.src = src;
    timer = setTimeout(check, RETRY_DELAY_MS);
  });
}
