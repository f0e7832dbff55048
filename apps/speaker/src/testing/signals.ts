import { Mp3Encoder } from '@breezystack/lamejs';
import type { Audio } from './audioCheck';

/** A seeded generator of numbers in [0, 1) (mulberry32), so test audio is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sound shaped like speech, different for each `seed`: syllables of 80–300 ms (a voiced tone with
 * harmonics, or a hiss) at random loudness, with pauses of 30–250 ms between them. Unlike a steady
 * tone, its loudness changes all the time, so a shifted, cut or different recording is told apart.
 */
export function speechLike(seed: number, seconds: number, sampleRate = 44_100): Audio {
  const next = random(seed);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let at = Math.round((0.05 + next() * 0.1) * sampleRate);
  while (at < samples.length) {
    const length = Math.round((0.08 + next() * 0.22) * sampleRate);
    const loudness = 0.1 + next() * 0.5;
    const voiced = next() < 0.75;
    const f0 = 100 + next() * 150;
    for (let i = 0; i < length && at + i < samples.length; i += 1) {
      const shape = Math.sin((Math.PI * i) / length);
      const t = i / sampleRate;
      const sound = voiced
        ? (Math.sin(2 * Math.PI * f0 * t) + 0.5 * Math.sin(4 * Math.PI * f0 * t) + 0.25 * Math.sin(6 * Math.PI * f0 * t)) / 1.75
        : next() * 2 - 1;
      samples[at + i] = loudness * shape * sound;
    }
    at += length + Math.round((0.03 + next() * 0.22) * sampleRate);
  }
  return { sampleRate, samples };
}

/** White noise at a steady loudness. */
export function noise(seed: number, seconds: number, sampleRate = 44_100, loudness = 0.3): Audio {
  const next = random(seed);
  return { sampleRate, samples: Float32Array.from({ length: Math.round(seconds * sampleRate) }, () => loudness * (next() * 2 - 1)) };
}

/** A real MP3 (LAME, mono) of `audio` at `kbps`. */
export function encodeMp3(audio: Audio, kbps = 128): Buffer {
  const encoder = new Mp3Encoder(1, audio.sampleRate, kbps);
  const pcm = Int16Array.from(audio.samples, (s) => Math.round(Math.max(-1, Math.min(1, s)) * 32767));
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) chunks.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  return Buffer.concat(chunks.map((c) => Buffer.from(c)));
}
