import { describe, expect, it } from 'vitest';
import { encodeMp3, speechLike } from './testing/signals';
import { LIVE_FEED_AHEAD_MS, LIVE_MAX_LAG_MS, LIVE_PREBUFFER_MS, LivePacer, type PacerClock } from './livePacer';
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

/** A clock the test moves: timers fire as it passes them. */
function fakeClock() {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const clock: PacerClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  /** Moves time on to `to`, firing due timers in order. */
  const advanceTo = (to: number) => {
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > to) break;
      timers.shift();
      now = Math.max(now, next.at);
      next.fn();
    }
    now = to;
  };
  return { clock, advanceTo, now: () => now };
}

describe('live pacer', () => {
  const mp3 = encodeMp3(speechLike(7, 8, 48_000), 64);
  const frames = framesOf(mp3);
  const frameMs = mp3FramesDuration(frames[0]!)!;
  const options = { prebufferMs: LIVE_PREBUFFER_MS, feedAheadMs: LIVE_FEED_AHEAD_MS, maxLagMs: LIVE_MAX_LAG_MS };

  /** Feeds frames at the given arrival times; answers when each frame was written to the decoder. */
  function run(arrivals: number[], opts = options) {
    const t = fakeClock();
    const written: { at: number; bytes: Buffer }[] = [];
    const pacer = new LivePacer((f) => written.push({ at: t.now(), bytes: f }), opts, t.clock);
    arrivals.forEach((at, i) => {
      t.advanceTo(at);
      pacer.push(frames[i]!);
    });
    t.advanceTo(arrivals[arrivals.length - 1]! + 5000);
    return { pacer, written };
  }

  it('passes a stream arriving in real time on whole, however its bytes are split, starting after the prebuffer', () => {
    const t = fakeClock();
    const out: { at: number; bytes: Buffer }[] = [];
    const pacer = new LivePacer((f) => out.push({ at: t.now(), bytes: f }), options, t.clock);
    const all = Buffer.concat(frames);
    // 85 ms of audio every 85 ms, cut at arbitrary byte positions.
    const perChunk = Math.round((all.length * 85) / (frames.length * frameMs));
    let now = 0;
    for (let at = 0; at < all.length; at += perChunk) {
      t.advanceTo(now);
      pacer.push(all.subarray(at, Math.min(all.length, at + perChunk - 7)));
      pacer.push(all.subarray(Math.min(all.length, at + perChunk - 7), Math.min(all.length, at + perChunk)));
      now += 85;
    }
    t.advanceTo(now + 2000);
    expect(Buffer.concat(out.map((o) => o.bytes)).equals(all)).toBe(true);
    expect(pacer.droppedMs).toBe(0);
    expect(pacer.underruns).toBe(0);
    // The first frame goes to the decoder a feed-ahead before the prebuffer is over.
    expect(out[0]!.at).toBe(LIVE_PREBUFFER_MS - LIVE_FEED_AHEAD_MS);
  });

  it('rides out a stall shorter than the prebuffer without running dry, at an even pace', () => {
    // Real time, but frames 40..43 held back by the network and delivered at once with frame 44,
    // the first of them 200 ms late.
    const arrivals = frames.map((_, i) => i * frameMs);
    const released = 40 * frameMs + 200;
    for (let i = 40; i < arrivals.length; i += 1) arrivals[i] = Math.max(arrivals[i]!, released);
    const { pacer, written } = run(arrivals);
    expect(pacer.underruns).toBe(0);
    expect(pacer.droppedMs).toBe(0);
    // Every frame reaches the decoder before its turn on one unbroken playback clock: nothing is heard of the stall.
    expect(written).toHaveLength(frames.length);
    written.forEach((w, i) => expect(w.at).toBeLessThanOrEqual(LIVE_PREBUFFER_MS + i * frameMs));
  });

  it('runs dry on a longer stall, waits for the prebuffer again, and drops what came in the burst beyond the allowed lag', () => {
    const second = Math.round(1000 / frameMs);
    // One second in real time, then nothing for 2 s, then those 2 s at once, then real time again.
    const arrivals = frames.slice(0, 5 * second).map((_, i) => (i < second || i >= 3 * second ? i * frameMs : 3 * second * frameMs));
    const t = fakeClock();
    const pacer = new LivePacer(() => undefined, options, t.clock);
    let afterBurst = Number.NaN;
    arrivals.forEach((at, i) => {
      t.advanceTo(at);
      pacer.push(frames[i]!);
      if (i === 3 * second - 1) afterBurst = pacer.droppedMs;
    });
    t.advanceTo(arrivals[arrivals.length - 1]! + 5000);
    // Dry once (the stall); not again after the burst.
    expect(pacer.underruns).toBe(1);
    // Of the 2 s burst, the oldest audio was skipped: at most the prebuffer plus the allowed lag was kept,
    // and the newest frame always.
    expect(afterBurst).toBeGreaterThanOrEqual(2000 - LIVE_PREBUFFER_MS - LIVE_MAX_LAG_MS - frameMs);
    expect(afterBurst).toBeLessThanOrEqual(2000 - frameMs);
    // Back in real time, nothing more is skipped.
    expect(pacer.droppedMs).toBe(afterBurst);
  });

  it('plays what it holds when the stream ends, then says so; a stop writes nothing more', () => {
    const t = fakeClock();
    const out: Buffer[] = [];
    const pacer = new LivePacer((f) => out.push(f), options, t.clock);
    for (const f of frames.slice(0, 5)) pacer.push(f);
    expect(out).toHaveLength(0); // still in the prebuffer
    let drained = false;
    pacer.end(() => (drained = true));
    expect(out).toHaveLength(5);
    expect(drained).toBe(true);

    const stopped: Buffer[] = [];
    const other = new LivePacer((f) => stopped.push(f), options, t.clock);
    for (const f of frames.slice(0, 5)) other.push(f);
    other.close();
    t.advanceTo(t.now() + 2000);
    other.push(frames[5]!);
    expect(stopped).toHaveLength(0);
  });

  it('skips bytes that are not frames', () => {
    const out: Buffer[] = [];
    const pacer = new LivePacer((f) => out.push(f), options, fakeClock().clock);
    pacer.push(Buffer.concat([Buffer.from('rác'), frames[0]!, Buffer.from([0xff, 0x00, 0x12]), frames[1]!]));
    pacer.end(() => undefined);
    expect(out).toHaveLength(2);
  });
});
