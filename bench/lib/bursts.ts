/**
 * Timed tone bursts: the microphone's test signal of the live benchmark, and finding them again in
 * a loudness envelope (the browser's capture, a speaker's decoded output) with when each began.
 */

/** Burst lengths, in turn: a burst's length names it among its neighbours (up to 5 × the period). */
export const BURST_LENGTHS_MS = [100, 160, 220, 280, 340];

export interface BurstPlan {
  sampleRate: number;
  /** One burst every this many ms. */
  periodMs: number;
  /** The signal's length (it loops: Chromium's fake microphone repeats the file). */
  seconds: number;
}

/**
 * Voice-like bursts (a 200 Hz tone with its harmonics, so the browser's noise suppression keeps
 * them), with 5 ms ramps, at every period, lengths in turn from BURST_LENGTHS_MS; quiet between.
 */
export function burstSignal(plan: BurstPlan): Float32Array {
  const { sampleRate, periodMs, seconds } = plan;
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const ramp = Math.round(0.005 * sampleRate);
  for (let n = 0; (n * periodMs) / 1000 < seconds; n += 1) {
    const start = Math.round(((n * periodMs + periodMs / 4) / 1000) * sampleRate);
    const length = Math.round((BURST_LENGTHS_MS[n % BURST_LENGTHS_MS.length] / 1000) * sampleRate);
    for (let i = 0; i < length && start + i < out.length; i += 1) {
      const t = i / sampleRate;
      const gain = Math.min(1, i / ramp, (length - i) / ramp);
      let s = 0;
      for (let h = 1; h <= 6; h += 1) s += Math.sin(2 * Math.PI * 200 * h * t) / h;
      out[start + i] = 0.3 * gain * s;
    }
  }
  return out;
}

/** A loudness envelope: the RMS of consecutive frames and when each frame was captured or played. */
export interface Envelope {
  times: Float64Array;
  rms: Float32Array;
}

/** RMS per `frameMs` frame of `samples` (times are frame indexes until placed on a clock). */
export function envelopeOf(samples: Float32Array, sampleRate: number, frameMs = 2): { frameSamples: number; rms: Float32Array } {
  const frameSamples = Math.max(1, Math.round((frameMs / 1000) * sampleRate));
  const frames = Math.floor(samples.length / frameSamples);
  const rms = new Float32Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let sum = 0;
    for (let i = f * frameSamples; i < (f + 1) * frameSamples; i += 1) sum += samples[i] * samples[i];
    rms[f] = Math.sqrt(sum / frameSamples);
  }
  return { frameSamples, rms };
}

export interface Burst {
  /** When it began (ms, on the envelope's clock). */
  at: number;
  /** Its place in BURST_LENGTHS_MS, by its measured length. */
  kind: number;
  lengthMs: number;
}

/**
 * The bursts of an envelope: loud after at least `quietMs` without, the threshold a fraction of
 * the envelope's loud level (automatic gain control changes the level; the shape stays).
 */
export function findBursts(envelope: Envelope, quietMs = 300): Burst[] {
  const { times, rms } = envelope;
  if (rms.length === 0) return [];
  const sorted = Float32Array.from(rms).sort();
  const loud = sorted[Math.floor(sorted.length * 0.99)];
  if (!(loud > 1e-4)) return [];
  const on = loud * 0.25;
  const off = loud * 0.12;
  const bursts: Burst[] = [];
  /** When the last burst ended (its last loud frame). */
  let lastLoud = -Infinity;
  let start = -1;
  let belowSince = -1;
  for (let i = 0; i < rms.length; i += 1) {
    const t = times[i];
    if (start < 0) {
      if (rms[i] >= on && t - lastLoud >= quietMs) {
        start = i;
        belowSince = -1;
      } else if (rms[i] >= on) lastLoud = t;
      continue;
    }
    if (rms[i] < off) {
      if (belowSince < 0) belowSince = i;
      if (t - times[belowSince] >= 20) {
        const lengthMs = times[belowSince] - times[start];
        bursts.push({ at: times[start], lengthMs, kind: nearestKind(lengthMs) });
        start = -1;
        lastLoud = times[belowSince];
      }
    } else belowSince = -1;
  }
  return bursts;
}

function nearestKind(lengthMs: number): number {
  let best = 0;
  for (let k = 1; k < BURST_LENGTHS_MS.length; k += 1) {
    if (Math.abs(BURST_LENGTHS_MS[k] - lengthMs) < Math.abs(BURST_LENGTHS_MS[best] - lengthMs)) best = k;
  }
  return best;
}

/**
 * Mouth-to-speaker latency of each burst heard: the latest burst of the same kind spoken before it
 * (kinds repeat every five periods, so a latency up to that is told apart). Unmatched: heard with
 * no such burst spoken in that window.
 */
export function latencies(spoken: readonly Burst[], heard: readonly Burst[], periodMs: number): { latencyMs: number[]; unmatched: number } {
  const window = periodMs * BURST_LENGTHS_MS.length;
  const latencyMs: number[] = [];
  let unmatched = 0;
  for (const h of heard) {
    let best: Burst | null = null;
    for (const s of spoken) {
      if (s.at > h.at) break;
      if (s.kind === h.kind && h.at - s.at < window) best = s;
    }
    if (best) latencyMs.push(h.at - best.at);
    else unmatched += 1;
  }
  return { latencyMs, unmatched };
}
