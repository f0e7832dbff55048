import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * A real MP3 (a sine tone) for tests: `seconds` long at `kbps`, mono 44.1 kHz, encoded by LAME.
 */
export function makeMp3(seconds: number, kbps = 128, frequency = 440): Buffer {
  const rate = 44_100;
  const encoder = new Mp3Encoder(1, rate, kbps);
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) chunks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  return Buffer.concat(chunks.map((c) => Buffer.from(c)));
}
