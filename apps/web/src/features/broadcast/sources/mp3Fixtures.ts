import { Mp3Encoder } from '@breezystack/lamejs';

/** Real MP3 bytes for tests: one second of a tone encoded by lamejs at the given bitrate. */
export function encodedTone(kbps: number, seconds = 1, sampleRate = 44100): Uint8Array {
  const samples = new Int16Array(sampleRate * seconds).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)));
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) parts.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An ID3v2.3 tag with no frames and `padding` zero bytes, to put in front of MPEG frames. */
export function id3Tag(padding = 32): Uint8Array {
  const tag = new Uint8Array(10 + padding);
  tag.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, (padding >> 7) & 0x7f, padding & 0x7f]);
  return tag;
}

/** A file of the given bytes and MIME type. */
export const fileOf = (bytes: Uint8Array[], name: string, type: string) => new File(bytes as BlobPart[], name, { type });
