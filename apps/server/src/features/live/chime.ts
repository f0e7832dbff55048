import { Mp3Encoder } from '@breezystack/lamejs';
import type { PlayItem } from '@loa/contract';
import type { MediaStorage } from '../../infra/storage';

/** The stored chime (made once by the server itself; its name carries its version). */
export const CHIME_KEY = 'audio/chuong-phat-truc-tiep-v1.mp3';
const RATE = 44_100;
/** Two notes, "ding – dong", each ringing out: the attention signal before a live announcement. */
const NOTES = [{ hz: 659.25, at: 0 }, { hz: 523.25, at: 0.55 }];
export const CHIME_SECONDS = 2.2;

/** The chime as MP3: a soft two-note bell, synthesised and encoded by LAME (no file to ship). */
export function chimeMp3(): Buffer {
  const samples = new Int16Array(Math.round(CHIME_SECONDS * RATE));
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / RATE;
    let v = 0;
    for (const n of NOTES) {
      if (t < n.at) continue;
      const u = t - n.at;
      // A bell: the note and its octave, a quick attack, an exponential ring-out.
      const envelope = Math.min(1, u / 0.01) * Math.exp(-u * 2.2);
      v += envelope * (Math.sin(2 * Math.PI * n.hz * u) + 0.3 * Math.sin(4 * Math.PI * n.hz * u));
    }
    samples[i] = Math.round(Math.max(-1, Math.min(1, v * 0.35)) * 32_000);
  }
  const encoder = new Mp3Encoder(1, RATE, 64);
  const parts: Buffer[] = [];
  for (let i = 0; i < samples.length; i += 1152) parts.push(Buffer.from(encoder.encodeBuffer(samples.subarray(i, i + 1152))));
  parts.push(Buffer.from(encoder.flush()));
  return Buffer.concat(parts);
}

/** The chime's play item, stored in the media store the first time it is needed. */
export async function chimeItem(storage: MediaStorage): Promise<PlayItem> {
  if (!(await storage.exists(CHIME_KEY))) await storage.put(CHIME_KEY, chimeMp3());
  return { url: storage.publicPath(CHIME_KEY), duration: CHIME_SECONDS, title: 'Chuông báo', kind: 'file' };
}
