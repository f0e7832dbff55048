import { Mp3Encoder } from '@breezystack/lamejs';
import { RECORDING_KBPS } from '@loa/contract';

const BLOCK = 1152;

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Encodes PCM (one or two channels, -1..1) to MP3 at 128 kbps in the browser (spec §4 Recording). */
export function encodeMp3(channels: Float32Array[], sampleRate: number, kbps: number = RECORDING_KBPS): Blob {
  const pcm = channels.slice(0, 2).map(toInt16);
  const encoder = new Mp3Encoder(pcm.length, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const length = pcm[0]?.length ?? 0;
  for (let i = 0; i < length; i += BLOCK) {
    const left = pcm[0]!.subarray(i, i + BLOCK);
    const chunk = pcm.length > 1 ? encoder.encodeBuffer(left, pcm[1]!.subarray(i, i + BLOCK)) : encoder.encodeBuffer(left);
    if (chunk.length) parts.push(new Uint8Array(chunk));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(new Uint8Array(tail));
  return new Blob(parts as BlobPart[], { type: 'audio/mpeg' });
}
