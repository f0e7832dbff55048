/** Reading MPEG audio headers in the browser: is it MP3, and at which bitrate does it start. */

const BITRATES_KBPS: Record<string, readonly number[]> = {
  'v1-l1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-l2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-l3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-l1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-l2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  'v2-l3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** Bitrate in kbps of the MPEG audio frame header at `offset`, or null when there is none. */
export function frameBitrateAt(bytes: Uint8Array, offset: number): number | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03; // 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5, 1 = reserved
  const layer = (b1 >> 1) & 0x03; // 1 = Layer III, 2 = Layer II, 3 = Layer I, 0 = reserved
  const index = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  if (version === 1 || layer === 0 || index === 0 || index === 15 || sampleRate === 3) return null;
  const key = `${version === 3 ? 'v1' : 'v2'}-l${4 - layer}`;
  return BITRATES_KBPS[key]?.[index] ?? null;
}

/** Size of a leading ID3v2 tag (header, syncsafe body and optional footer), 0 when there is none. */
export function id3Size(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const body = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + body + footer;
}

/** Whether the first bytes look like MP3: an ID3v2 tag or an MPEG audio frame header. */
export function looksLikeMp3(head: Uint8Array): boolean {
  return id3Size(head) > 0 || frameBitrateAt(head, 0) !== null;
}

/** Bitrate of the first MPEG frame at or after `start` (within the given bytes), or null. */
export function firstFrameBitrate(bytes: Uint8Array, start = 0): number | null {
  for (let i = start; i + 4 <= bytes.length; i += 1) {
    const kbps = frameBitrateAt(bytes, i);
    if (kbps !== null) return kbps;
  }
  return null;
}
