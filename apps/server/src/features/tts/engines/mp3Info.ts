/** Reads MPEG audio frame headers: enough to check that bytes are MP3 and how long they play. */

const BITRATES: Record<string, number[]> = {
  // kbps by index, for MPEG-1 layer III and MPEG-2/2.5 layer III.
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Frame {
  offset: number;
  length: number;
  sampleRate: number;
  samples: number;
  bitrateKbps: number;
}

/** The layer III frame whose header starts at `offset`, if one does. */
export function frameAt(buf: Buffer, offset: number): Mp3Frame | null {
  if (offset + 4 > buf.length || buf[offset] !== 0xff || (buf[offset + 1] & 0xe0) !== 0xe0) return null;
  const version = (buf[offset + 1] >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layer = (buf[offset + 1] >> 1) & 3; // 1 = layer III
  const bitrateIndex = buf[offset + 2] >> 4;
  const rateIndex = (buf[offset + 2] >> 2) & 3;
  const padding = (buf[offset + 2] >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrateKbps = BITRATES[version === 3 ? 'v1' : 'v2'][bitrateIndex];
  const sampleRate = SAMPLE_RATES[version][rateIndex];
  const samples = version === 3 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { offset, length, sampleRate, samples, bitrateKbps };
}

/** Size of an ID3v2 tag at the start, if any. */
function id3Size(buf: Buffer): number {
  if (buf.length < 10 || buf.toString('latin1', 0, 3) !== 'ID3') return 0;
  return 10 + ((buf[6] & 0x7f) << 21 | (buf[7] & 0x7f) << 14 | (buf[8] & 0x7f) << 7 | (buf[9] & 0x7f));
}

/** Walks the frames; `null` when the bytes do not start (after any ID3 tag) with consecutive MP3 frames. */
export function readMp3(buf: Buffer): { frames: number; durationSeconds: number; sampleRate: number; bitrateKbps: number } | null {
  let offset = id3Size(buf);
  // Some encoders pad before the first frame: look a little way for two frames in a row.
  const searchEnd = Math.min(buf.length, offset + 4096);
  while (offset < searchEnd) {
    const first = frameAt(buf, offset);
    if (first && frameAt(buf, offset + first.length)) break;
    offset++;
  }
  let frames = 0;
  let seconds = 0;
  let first: Mp3Frame | null = null;
  for (let frame = frameAt(buf, offset); frame; frame = frameAt(buf, offset)) {
    first ??= frame;
    frames++;
    seconds += frame.samples / frame.sampleRate;
    offset += frame.length;
  }
  if (!first || frames < 2) return null;
  return { frames, durationSeconds: seconds, sampleRate: first.sampleRate, bitrateKbps: first.bitrateKbps };
}
