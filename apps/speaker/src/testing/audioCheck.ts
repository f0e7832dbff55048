import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseWavHeader } from '../wav';

/**
 * Checks that audio a speaker wrote (`--output-dir`) is the audio it was sent: same length within 5 %
 * and the same sound, by the normalised cross-correlation of their loudness envelopes. Used by the
 * end-to-end sound test and by any test that feeds a speaker a known source.
 */

/** Mono samples in -1..1. */
export interface Audio {
  sampleRate: number;
  samples: Float32Array;
}

/** The audio from `seconds` on: what a speaker that joined it there plays. */
export function audioFrom(audio: Audio, seconds: number): Audio {
  return { ...audio, samples: audio.samples.subarray(Math.round(seconds * audio.sampleRate)) };
}

/**
 * The end of `source` as long as what was `heard`: what a speaker that joined late (in step, that
 * far in) should have played. For an item too short for the start position a speaker reports
 * (tenths of a second) to say where it joined.
 */
export function endAsLongAs(source: Audio, heard: Audio): Audio {
  const samples = Math.round((heard.samples.length / heard.sampleRate) * source.sampleRate);
  return { ...source, samples: source.samples.subarray(Math.max(0, source.samples.length - samples)) };
}

/** Decoded length may differ from its source's by this fraction. */
export const DURATION_TOLERANCE = 0.05;
/**
 * The least match score of the same audio. Measured on eSpeak's Vietnamese bulletins and on
 * speechLike(): the same source through MP3 and mpg123 scores 0.99 to 1, or 0.95 when it runs
 * 0.3 s late; other speech (the same text in another voice too) 0.07 to 0.45, noise under 0.1, the
 * source started or delayed by a second under 0.25, its first two thirds 0.75 to 0.9 (the length
 * check fails those anyway).
 */
export const MATCH_THRESHOLD = 0.9;
/** Envelope frames per second (10 ms frames). */
const ENVELOPE_RATE = 100;

/** Reads a WAV (integer PCM of 8 to 32 bits, or 32/64-bit float) into mono samples; a header with a wrong length is tolerated. */
export function parseWav(buffer: Buffer): Audio {
  const layout = parseWavHeader(buffer);
  const { channels, bitsPerSample: bits, blockAlign } = layout;
  const frames = layout.dataBytes / blockAlign;
  const bytes = bits / 8;
  const read = (at: number): number => {
    if (layout.format === 3) return bits === 64 ? buffer.readDoubleLE(at) : buffer.readFloatLE(at);
    if (bits === 8) return (buffer.readUInt8(at) - 128) / 128;
    return buffer.readIntLE(at, bytes) / 2 ** (bits - 1);
  };
  if (layout.format === 3 ? bits !== 32 && bits !== 64 : bits % 8 !== 0 || bits < 8 || bits > 32) throw new Error(`unsupported WAV sample size ${bits} bits`);
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel += 1) sum += read(layout.dataOffset + frame * blockAlign + channel * bytes);
    samples[frame] = sum / channels;
  }
  return { sampleRate: layout.sampleRate, samples };
}

/** Reads the WAV file at `path` (see parseWav). */
export async function readWav(path: string): Promise<Audio> {
  return parseWav(await readFile(path));
}

/** Seconds of audio. */
export const durationOf = (audio: Audio): number => audio.samples.length / audio.sampleRate;

/** A 16-bit mono WAV of `audio` (for references and tests). */
export function encodeWav(audio: Audio): Buffer {
  const data = audio.samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(audio.sampleRate, 24);
  out.writeUInt32LE(audio.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(data, 40);
  audio.samples.forEach((s, i) => out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), 44 + i * 2));
  return out;
}

/** Decodes MP3 bytes (or the MP3 file or URL at a path) with mpg123, the decoder the speaker plays with. */
export function decodeMp3(input: Buffer | string, mpg123 = 'mpg123'): Promise<Audio> {
  return new Promise((resolve, reject) => {
    const child = spawn(mpg123, ['-q', '-w', '-', typeof input === 'string' ? input : '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`mpg123 exited with code ${code}: ${stderr.trim()}`));
      try {
        resolve(parseWav(Buffer.concat(out)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    // A reader that stops early (a bad file) must not crash the test with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(typeof input === 'string' ? undefined : input);
  });
}

/** Loudness (RMS) of each 10 ms frame, with its mean removed. */
function envelope(audio: Audio): Float64Array {
  const frame = audio.sampleRate / ENVELOPE_RATE;
  const count = Math.floor(audio.samples.length / frame);
  const env = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    let sum = 0;
    const end = Math.floor((i + 1) * frame);
    for (let j = Math.floor(i * frame); j < end; j += 1) sum += audio.samples[j] * audio.samples[j];
    env[i] = Math.sqrt(sum / (end - Math.floor(i * frame)));
  }
  const mean = env.reduce((a, b) => a + b, 0) / (count || 1);
  for (let i = 0; i < count; i += 1) env[i] -= mean;
  return env;
}

export interface MatchOptions {
  /** How far (seconds) the decoded audio may be shifted against the reference (default 0.5). */
  maxLagSeconds?: number;
}

/**
 * How alike two recordings sound: the peak, over shifts of up to `maxLagSeconds`, of the
 * cross-correlation of their loudness envelopes, normalised by the energy of both whole envelopes
 * (so a part of the reference, or the reference with other sound added, scores less than 1).
 * 1 is the same sound at any volume; unrelated sound scores near 0. `lagSeconds` is how late the
 * decoded audio runs.
 */
export function matchAudio(decoded: Audio, reference: Audio, options: MatchOptions = {}): { score: number; lagSeconds: number } {
  const x = envelope(decoded);
  const y = envelope(reference);
  const energy = Math.sqrt(x.reduce((a, v) => a + v * v, 0) * y.reduce((a, v) => a + v * v, 0));
  if (energy === 0) return { score: 0, lagSeconds: 0 };
  const maxLag = Math.round((options.maxLagSeconds ?? 0.5) * ENVELOPE_RATE);
  let best = { score: -1, lag: 0 };
  for (let lag = -maxLag; lag <= maxLag; lag += 1) {
    let sum = 0;
    for (let i = Math.max(0, -lag); i < y.length && i + lag < x.length; i += 1) sum += x[i + lag] * y[i];
    if (sum / energy > best.score) best = { score: sum / energy, lag };
  }
  return { score: best.score, lagSeconds: best.lag / ENVELOPE_RATE };
}

/** The match score alone (see matchAudio). */
export const matchScore = (decoded: Audio, reference: Audio, options?: MatchOptions): number => matchAudio(decoded, reference, options).score;

export interface AudioComparison {
  seconds: number;
  referenceSeconds: number;
  score: number;
  lagSeconds: number;
  /** Within DURATION_TOLERANCE of the reference's length. */
  durationOk: boolean;
  /** At least MATCH_THRESHOLD. */
  matchOk: boolean;
  ok: boolean;
}

/** Compares decoded audio with its source: length (±5 %) and sound (match score); `ok` when both hold. */
export function compareAudio(decoded: Audio, reference: Audio, options?: MatchOptions): AudioComparison {
  const seconds = durationOf(decoded);
  const referenceSeconds = durationOf(reference);
  const { score, lagSeconds } = matchAudio(decoded, reference, options);
  const durationOk = Math.abs(seconds - referenceSeconds) <= DURATION_TOLERANCE * referenceSeconds;
  const matchOk = score >= MATCH_THRESHOLD;
  return { seconds, referenceSeconds, score, lagSeconds, durationOk, matchOk, ok: durationOk && matchOk };
}
