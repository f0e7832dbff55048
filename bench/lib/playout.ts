/**
 * A listener's playback of a live stream, modelled from when its audio arrived: playback starts
 * `bufferMs` after the first audio and consumes it in real time; when the next audio has not
 * arrived by the time it is due, the listener underruns (a gap of silence) and plays it on arrival,
 * later from then on. Units are whatever the stream is counted in: sample frames of decoded audio
 * (a speaker agent's output) or bytes of a constant-bit-rate MP3 (a listener reading the stream).
 */
export class PlayoutModel {
  /** When the next unit plays (NaN before any audio). */
  private playhead = Number.NaN;
  private units = 0;
  /** Arrivals as [first unit, time it plays], to place any unit on the playback clock afterwards. */
  private readonly segments: number[] = [];
  underruns = 0;
  silentMs = 0;
  /** When the first audio came, and when each underrun began (ms). */
  firstAt = Number.NaN;
  /** When the latest audio came (ms). */
  lastAt = Number.NaN;
  readonly underrunTimes: number[] = [];

  /**
   * @param unitsPerSecond how fast playback consumes units
   * @param bufferMs how long after the first audio playback starts
   * @param toleranceMs a gap shorter than this is not counted as an underrun (it still delays)
   * @param keepSegments whether playTimeOf() will be asked (a speaker's decoded output)
   */
  constructor(
    private readonly unitsPerSecond: number,
    private readonly bufferMs: number,
    private readonly toleranceMs = 10,
    private readonly keepSegments = false,
  ) {}

  /** `count` more units arrived at `at` (ms). */
  arrive(at: number, count: number): void {
    if (count <= 0) return;
    this.lastAt = at;
    if (Number.isNaN(this.playhead)) {
      this.playhead = at + this.bufferMs;
      this.firstAt = at;
    } else if (at > this.playhead) {
      const gap = at - this.playhead;
      if (gap >= this.toleranceMs) {
        this.underruns += 1;
        this.silentMs += gap;
        this.underrunTimes.push(this.playhead);
      }
      this.playhead = at;
    }
    if (this.keepSegments) this.segments.push(this.units, this.playhead);
    this.units += count;
    this.playhead += (count / this.unitsPerSecond) * 1000;
  }

  /** When unit `index` played (ms), or NaN if it never arrived. */
  playTimeOf(index: number): number {
    if (index >= this.units || this.segments.length === 0) return Number.NaN;
    let lo = 0;
    let hi = this.segments.length / 2 - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.segments[mid * 2] <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.segments[lo * 2 + 1] + ((index - this.segments[lo * 2]) / this.unitsPerSecond) * 1000;
  }

  /** Underruns once playing had settled (`afterMs` after the first audio): a join's first gap left out. */
  underrunsAfter(afterMs: number): number {
    return this.underrunTimes.filter((t) => t - this.firstAt >= afterMs).length;
  }

  get received(): number {
    return this.units;
  }

  /** Audio received per wall-clock second between the first and the latest arrival (1 = real time). */
  get arrivalRate(): number {
    return this.lastAt > this.firstAt ? ((this.units / this.unitsPerSecond) * 1000) / (this.lastAt - this.firstAt) : Number.NaN;
  }
}
