import { describe, expect, it } from 'vitest';
import { encodeMp3, speechLike } from './testing/signals';
import { LivePacer } from './livePacer';
import { mp3FramesDuration } from '@loa/contract';

/** The frames of an MP3 (its own frame boundaries), each with its length in ms. */
function framesOf(mp3: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let at = 0;
  while (at < mp3.length) {
    let len = 4;
    while (at + len <= mp3.length && mp3FramesDuration(mp3.subarray(at, at + len)) === null) len += 1;
    if (at + len > mp3.length) break;
    frames.push(mp3.subarray(at, at + len));
    at += len;
  }
  return frames;
}

describe('live pacer', () => {
  const mp3 = encodeMp3(speechLike(7, 6, 48_000), 64);
  const frames = framesOf(mp3);
  const frameMs = mp3FramesDuration(frames[0]!)!;

  it('passes a stream arriving in real time on whole, however its bytes are split', () => {
    let now = 0;
    const out: Buffer[] = [];
    const pacer = new LivePacer((f) => out.push(f), 400, () => now);
    const all = Buffer.concat(frames);
    // 85 ms of audio every 85 ms, cut at arbitrary byte positions.
    const perChunk = Math.round((all.length * 85) / (frames.length * frameMs));
    for (let at = 0; at < all.length; at += perChunk) {
      pacer.push(all.subarray(at, Math.min(all.length, at + perChunk - 7)));
      pacer.push(all.subarray(Math.min(all.length, at + perChunk - 7), Math.min(all.length, at + perChunk)));
      now += 85;
    }
    expect(Buffer.concat(out).equals(all)).toBe(true);
    expect(pacer.droppedMs).toBe(0);
  });

  it('drops what came in a burst after a stall, so the speaker is back at the live edge', () => {
    let now = 0;
    const out: Buffer[] = [];
    const pacer = new LivePacer((f) => out.push(f), 400, () => now);
    const second = Math.round(1000 / frameMs);
    // One second in real time, then nothing for 2 s, then those 2 s at once, then real time again.
    for (const f of frames.slice(0, second)) { pacer.push(f); now += frameMs; }
    now += 2000;
    for (const f of frames.slice(second, 3 * second)) pacer.push(f);
    const afterBurst = out.length;
    // Of the 2 s burst, about the 400 ms allowed ahead went on; the rest was dropped.
    expect((afterBurst - second) * frameMs).toBeGreaterThan(350);
    expect((afterBurst - second) * frameMs).toBeLessThan(450);
    expect(pacer.droppedMs).toBeGreaterThan(1500);
    for (const f of frames.slice(3 * second, 4 * second)) { pacer.push(f); now += frameMs; }
    // Real time again: it plays on at that lead (a frame may go where the lead rounds past the limit).
    expect(out.length - afterBurst).toBeGreaterThanOrEqual(second - 1);
  });

  it('skips bytes that are not frames', () => {
    const out: Buffer[] = [];
    const pacer = new LivePacer((f) => out.push(f), 400, () => 0);
    pacer.push(Buffer.concat([Buffer.from('rác'), frames[0]!, Buffer.from([0xff, 0x00, 0x12]), frames[1]!]));
    expect(out).toHaveLength(2);
  });
});
