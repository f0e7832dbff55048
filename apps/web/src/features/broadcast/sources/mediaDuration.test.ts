import { afterEach, describe, expect, it, vi } from 'vitest';
import { METADATA_RETRY_CAP, MSG } from '@loa/contract';
import { readMediaDuration } from './mediaDuration';

/** An audio element whose duration appears after `readyAfterLoads` reloads (never when null). */
function fakeAudio(duration: number) {
  const audio = { preload: '', src: '', duration: Number.NaN, error: { code: 4 } as MediaError | null, loads: 0, onloadedmetadata: null as (() => void) | null, onerror: null as (() => void) | null, load() { this.loads += 1; }, removeAttribute() {} };
  return Object.assign(audio, { reveal: () => { audio.duration = duration; audio.error = null; } });
}

describe('reading a file duration', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves once the metadata is there', async () => {
    vi.useFakeTimers();
    const audio = fakeAudio(42.5);
    const reading = readMediaDuration('blob:x', () => audio as unknown as HTMLAudioElement);
    await vi.advanceTimersByTimeAsync(1_000);
    audio.reveal();
    await vi.advanceTimersByTimeAsync(200);
    await expect(reading).resolves.toBe(42.5);
    expect(audio.loads).toBeGreaterThan(0);
  });

  it(`gives up after ${METADATA_RETRY_CAP} tries with the time-out message`, async () => {
    vi.useFakeTimers();
    const audio = fakeAudio(10);
    const reading = readMediaDuration('blob:x', () => audio as unknown as HTMLAudioElement);
    const outcome = expect(reading).rejects.toThrow(MSG.metadataTimeout);
    await vi.advanceTimersByTimeAsync(METADATA_RETRY_CAP * 100 + 500);
    await outcome;
    expect(audio.loads).toBe(METADATA_RETRY_CAP - 1);
  });
});
