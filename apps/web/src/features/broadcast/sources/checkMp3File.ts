import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG, REJECTED_BITRATE_KBPS } from '@loa/contract';
import { firstFrameBitrate, id3Size, looksLikeMp3 } from './mp3Header';
import { readBytes } from './readBytes';

const MP3_TYPES = new Set(['audio/mpeg', 'audio/mp3']);
/** How far past the ID3 tag the first frame is looked for (padding, junk). */
const FRAME_SEARCH_BYTES = 64 * 1024;

async function bytesOf(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await readBytes(blob.slice(start, end)));
}

/** The §5 Files message for a chosen file (MIME, first bytes, 320 kbps), then the size limit the server keeps; null when it may be added. */
export async function mp3FileError(file: File): Promise<string | null> {
  if (!MP3_TYPES.has(file.type)) return MSG.fileNotMp3;
  const head = await bytesOf(file, 0, 10);
  if (!looksLikeMp3(head)) return MSG.fileNotMp3;
  const start = id3Size(head);
  const frames = await bytesOf(file, start, start + FRAME_SEARCH_BYTES);
  const kbps = firstFrameBitrate(frames);
  if (kbps === null) return MSG.fileNotMp3;
  if (kbps === REJECTED_BITRATE_KBPS) return MSG.fileBitrate320;
  // Refused now, not after minutes of uploading it.
  if (file.size > MAX_UPLOAD_BYTES) return BROADCAST_MESSAGES.fileTooLarge;
  return null;
}
