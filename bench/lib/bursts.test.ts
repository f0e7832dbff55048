import { describe, expect, it } from 'vitest';
import { BURST_LENGTHS_MS, burstSignal, envelopeOf, findBursts, latencies } from './bursts';
import { PlayoutModel } from './playout';

const RATE = 48_000;

/** The envelope of `samples` with each frame placed `offsetMs` later than its place in the signal. */
function placed(samples: Float32Array, offsetMs: number) {
  const env = envelopeOf(samples, RATE);
  return { times: Float64Array.from(env.rms, (_, f) => offsetMs + (f * env.frameSamples * 1000) / RATE), rms: env.rms };
}

describe('live benchmark: tone bursts', () => {
  const signal = burstSignal({ sampleRate: RATE, periodMs: 2000, seconds: 20 });

  it('finds every burst of the signal, when it began and which of the five lengths it has', () => {
    const bursts = findBursts(placed(signal, 0));
    expect(bursts.map((b) => b.kind)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    bursts.forEach((b, n) => {
      expect(b.at).toBeCloseTo(n * 2000 + 500, -1);
      expect(Math.abs(b.lengthMs - BURST_LENGTHS_MS[n % 5])).toBeLessThan(15);
    });
  });

  it('measures the delay of a heard copy, louder or quieter, even beyond one period', () => {
    const spoken = findBursts(placed(signal, 1_000_000));
    const quieter = signal.map((s) => s * 0.2);
    for (const delay of [370, 2600]) {
      const heard = findBursts(placed(quieter, 1_000_000 + delay)).filter((b) => b.at < 1_000_000 + 20_000);
      const { latencyMs, unmatched } = latencies(spoken, heard, 2000);
      expect(unmatched).toBe(0);
      expect(latencyMs.length).toBeGreaterThan(5);
      for (const l of latencyMs) expect(l).toBeCloseTo(delay, -1);
    }
  });
});

describe('live benchmark: playback model', () => {
  it('plays in real time from a buffer after the first audio, and counts late audio as underruns that delay the rest', () => {
    const model = new PlayoutModel(1000, 100, 10, true);
    model.arrive(0, 100); // plays 100..200
    model.arrive(90, 100); // in time: 200..300
    expect(model.underruns).toBe(0);
    model.arrive(350, 100); // due at 300, came at 350: 50 ms of silence, plays 350..450
    expect(model.underruns).toBe(1);
    expect(model.silentMs).toBe(50);
    expect(model.playTimeOf(0)).toBe(100);
    expect(model.playTimeOf(150)).toBe(250);
    expect(model.playTimeOf(250)).toBe(400);
    expect(model.playTimeOf(300)).toBeNaN();
    model.arrive(455, 100); // 5 ms late: under the tolerance, not counted, still later
    expect(model.underruns).toBe(1);
    expect(model.playTimeOf(300)).toBe(455);
  });
});
