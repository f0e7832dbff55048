/**
 * Keeps a microphone's stream at its nominal rate on the wall clock. A capture clock is not the
 * computer's clock: a fake or USB device can deliver 0.5–1 % fewer (or more) samples per second
 * than it says, and a talk of five minutes would then reach the speakers seconds short — they would
 * run dry again and again, each gap adding to the delay. Loa's speakers keep the server's time, so
 * the console sends real time: it measures the rate the microphone really delivers (a least-squares
 * line through the last WINDOW_MS of blocks: when each arrived, how many samples so far — a late
 * callback only moves one point) and resamples each block by nominal ÷ measured, within ±MAX_STRETCH
 * (2 % is a third of a semitone, not heard in speech), linearly and continuously across blocks.
 */
export const MAX_STRETCH = 0.02;
const WINDOW_MS = 20_000;
/** Below this much history the rate is not trusted and blocks pass unchanged. */
const MIN_HISTORY_MS = 4_000;

export class DriftResampler {
  private readonly history: { at: number; total: number }[] = [];
  private total = 0;
  /** Where the next output sample falls, in input samples from the start of the next block (may be −1..0: between the last block's end and the next). */
  private position = 0;
  private last = 0;
  private ratio = 1;

  constructor(private readonly nominalRate: number) {}

  /** Output samples per input sample now (1 until enough history; within 1 ± MAX_STRETCH). */
  get stretch(): number {
    return this.ratio;
  }

  /** The rate the microphone delivers, as measured over the window (null until enough history). */
  measuredRate(): number | null {
    const h = this.history;
    if (h.length < 3 || h[h.length - 1]!.at - h[0]!.at < MIN_HISTORY_MS) return null;
    const n = h.length;
    let meanT = 0;
    let meanS = 0;
    for (const p of h) {
      meanT += p.at / n;
      meanS += p.total / n;
    }
    let num = 0;
    let den = 0;
    for (const p of h) {
      num += (p.at - meanT) * (p.total - meanS);
      den += (p.at - meanT) * (p.at - meanT);
    }
    return den > 0 ? (num / den) * 1000 : null;
  }

  /** Resamples one block that arrived at `atMs` (wall clock); answers the block at the nominal rate. */
  process(block: Float32Array, atMs: number): Float32Array {
    this.total += block.length;
    this.history.push({ at: atMs, total: this.total });
    while (this.history.length > 2 && atMs - this.history[0]!.at > WINDOW_MS) this.history.shift();
    const measured = this.measuredRate();
    const wanted = measured ? this.nominalRate / measured : 1;
    this.ratio = Math.min(1 + MAX_STRETCH, Math.max(1 - MAX_STRETCH, wanted));
    const step = 1 / this.ratio;
    const out: number[] = [];
    // Input index −1 is the previous block's last sample, so blocks join without a step.
    const at = (i: number) => (i < 0 ? this.last : block[i]!);
    let p = this.position;
    while (p <= block.length - 1) {
      const i = Math.floor(p);
      const frac = p - i;
      out.push(frac === 0 ? at(i) : at(i) + (at(i + 1) - at(i)) * frac);
      p += step;
    }
    this.position = p - block.length;
    if (block.length > 0) this.last = block[block.length - 1]!;
    return Float32Array.from(out);
  }
}
