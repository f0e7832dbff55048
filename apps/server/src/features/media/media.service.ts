import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import { uniqueMediaName, type MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { probeMp3File } from './audioProbe';
import { insertMedia } from './media.queries';

export interface StoredAudio {
  key: string;
  originalName: string;
  durationSeconds: number;
  bitrateKbps: number | null;
  bytes: number;
}

/** Passes bytes through and fails once more than `limit` have passed (uploads are capped per file). */
function capped(stream: Readable, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new AppError(413, BROADCAST_MESSAGES.fileTooLarge) : null, chunk);
    },
  });
  stream.on('error', (error) => counter.destroy(error));
  return stream.pipe(counter);
}

/**
 * Stores an uploaded audio file under a unique name, checks it by content (MP3, not 320 kbps) and
 * records it; a file that fails any check is removed, so nothing half-made stays behind.
 */
export async function storeUploadedAudio(db: Db, storage: MediaStorage, session: Session, input: { stream: Readable; originalName: string; key?: string; kind?: 'file' | 'recording' }): Promise<StoredAudio> {
  const key = input.key ?? `audio/${uniqueMediaName(input.originalName)}`;
  try {
    const { size } = await storage.put(key, capped(input.stream, MAX_UPLOAD_BYTES));
    if ((input.stream as Readable & { truncated?: boolean }).truncated) throw new AppError(413, BROADCAST_MESSAGES.fileTooLarge);
    const probed = await probeMp3File(storage.pathOf(key));
    await insertMedia(db, {
      key, admin_id: session.user.admin_id, user_id: session.user.id, original_name: path.basename(input.originalName),
      kind: input.kind ?? (input.originalName.startsWith('ghiam-') ? 'recording' : 'file'), duration: probed.durationSeconds, bitrate: probed.bitrateKbps, bytes: size,
    });
    return { key, originalName: input.originalName, durationSeconds: probed.durationSeconds, bitrateKbps: probed.bitrateKbps, bytes: size };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
