import { parseFile } from 'music-metadata';
import { MSG, REJECTED_BITRATE_KBPS } from '@loa/contract';
import fs from 'node:fs';
import { badRequest } from '../../infra/errors';

export interface ProbedAudio {
  durationSeconds: number;
  bitrateKbps: number | null;
}

/** Whether the first bytes are an ID3 tag or an MPEG audio frame header (the file's content, not its name). */
export function looksLikeMp3(head: Buffer): boolean {
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return true;
  // Frame sync (11 bits set), MPEG version not reserved, layer III.
  return head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x18) !== 0x08 && (head[1] & 0x06) === 0x02;
}

/**
 * Checks a stored upload by its content: an MP3 with a duration, and not at exactly 320 kbps
 * (spec §5). Throws the spec's Vietnamese messages.
 */
export async function probeMp3File(file: string): Promise<ProbedAudio> {
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(10);
  try {
    await handle.read(head, 0, 10, 0);
  } finally {
    await handle.close();
  }
  if (!looksLikeMp3(head)) throw badRequest(MSG.fileNotMp3);
  let format;
  try {
    ({ format } = await parseFile(file, { duration: true, skipCovers: true }));
  } catch {
    throw badRequest(MSG.fileNotMp3);
  }
  if (format.container !== 'MPEG' || !format.codec?.includes('Layer 3') || !format.duration || format.duration <= 0) throw badRequest(MSG.fileNotMp3);
  const bitrateKbps = format.bitrate ? Math.round(format.bitrate / 1000) : null;
  if (bitrateKbps === REJECTED_BITRATE_KBPS) throw badRequest(MSG.fileBitrate320);
  return { durationSeconds: format.duration, bitrateKbps };
}
