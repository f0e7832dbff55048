import { describe, expect, it } from 'vitest';
import { DriftResampler, MAX_STRETCH } from './driftResampler';

const NOMINAL = 48_000;
const BLOCK = 4096;

/** A microphone that delivers `realRate` samples per wall second of a 440 Hz tone, in blocks whose callbacks run up to `jitterMs` late. */
function talk(realRate: number, seconds: number, jitterMs = 0, seed = 7) {
  const resampler = new DriftResampler(NOMINAL);
  let random = seed;
  const next = () => ((random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const out: number[] = [];
  let produced = 0;
  let lastHalf = 0;
  let k = 0;
  for (; (k * BLOCK) / realRate < seconds; k += 1) {
    const block = Float32Array.from({ length: BLOCK }, (_, i) => Math.sin((2 * Math.PI * 440 * (k * BLOCK + i)) / realRate));
    const arrived = (((k + 1) * BLOCK) / realRate) * 1000 + next() * jitterMs;
    const piece = resampler.process(block, arrived);
    produced += piece.length;
    if (arrived > (seconds * 1000) / 2 && lastHalf === 0) lastHalf = produced;
    for (const s of piece) out.push(s);
  }
  /** The wall-clock time the microphone's blocks covered. */
  const wallSeconds = (k * BLOCK) / realRate;
  return { resampler, out, produced, lastHalf, wallSeconds };
}

describe('DriftResampler', () => {
  it('brings a microphone 0.76 % slow back to real time, whatever its callbacks’ lateness', () => {
    const { resampler, produced, lastHalf, wallSeconds } = talk(47_635, 300, 120);
    expect(resampler.measuredRate()).toBeGreaterThan(47_600);
    expect(resampler.measuredRate()).toBeLessThan(47_670);
    // Five minutes of wall clock: the output holds 300 s at 48 kHz within the first seconds' shortfall (no correction before 4 s of history: 0.76 % of 4 s ≈ 30 ms).
    expect(Math.abs(produced - wallSeconds * NOMINAL)).toBeLessThan(0.05 * NOMINAL);
    // In the second half the output runs at the nominal rate (±0.05 %).
    expect(Math.abs((produced - lastHalf) / (wallSeconds - 150) - NOMINAL)).toBeLessThan(NOMINAL * 0.0005);
  });

  it('slows a microphone that runs fast the same way, and leaves one on time alone', () => {
    const fast = talk(48_300, 120);
    expect(Math.abs(fast.produced - fast.wallSeconds * NOMINAL)).toBeLessThan(0.05 * NOMINAL);
    const onTime = talk(NOMINAL, 60, 50);
    expect(Math.abs(onTime.resampler.stretch - 1)).toBeLessThan(0.001);
  });

  it('never stretches by more than 2 %: a clock far off is followed only that far', () => {
    const { resampler } = talk(40_000, 30);
    expect(resampler.stretch).toBeCloseTo(1 + MAX_STRETCH, 6);
  });

  it('joins blocks without a step: the tone stays smooth across block edges while it stretches', () => {
    const { out } = talk(47_635, 20, 80);
    // A 440 Hz sine at 48 kHz changes by at most 2π·440/48000 ≈ 0.058 between samples.
    let worst = 0;
    for (let i = 1; i < out.length; i += 1) worst = Math.max(worst, Math.abs(out[i]! - out[i - 1]!));
    expect(worst).toBeLessThan(0.065);
  });
});
