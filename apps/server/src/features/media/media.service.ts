import crypto from 'node:crypto';
import path from 'node:path';
import { Transform, finished, type Readable } from 'node:stream';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG } from '@loa/contract';
import { assertSafeText } from '../../infra/validation';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import { uniqueMediaName, type MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { probeMp3File, type ProbedAudio } from './audioProbe';
import { deleteMedia, insertMedia, type MediaRow } from './media.queries';

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
  // finished() also sees a source that failed before this call (a multipart part destroyed when
  // the body was cut), which an 'error' listener would miss and pipe() wait on forever. A failed
  // source is the client's cut upload: a 400, not a 500.
  counter.on('error', () => undefined); // the consumer's pipeline reports it; none may be left
  finished(stream, (error) => {
    if (error && !counter.destroyed && !counter.writableFinished) counter.destroy(error instanceof AppError ? error : new AppError(400, MSG.uploadIncomplete));
  });
  return stream.pipe(counter);
}

/**
 * Stores an uploaded audio file under a unique name, checks it by content (MP3, not 320 kbps) and
 * records it; a file that fails any check is never stored (and a record that fails removes it), so
 * nothing half-made stays behind.
 */
export async function storeUploadedAudio(db: Db, storage: MediaStorage, session: Session, input: { stream: Readable; originalName: string; key?: string; kind?: 'file' | 'recording' }): Promise<StoredAudio> {
  // Every upload path comes through here: a file name the database cannot store is refused first.
  assertSafeText(input.originalName, ['fileName']);
  const key = input.key ?? `audio/${uniqueMediaName(input.originalName)}`;
  let probed: ProbedAudio | undefined;
  const { size } = await storage.put(key, capped(input.stream, MAX_UPLOAD_BYTES), {
    check: async (file) => {
      if ((input.stream as Readable & { truncated?: boolean }).truncated) throw new AppError(413, BROADCAST_MESSAGES.fileTooLarge);
      probed = await probeMp3File(file);
    },
  });
  try {
    if (!probed) throw new Error('upload stored without its check');
    await insertMedia(db, {
      key, admin_id: session.user.admin_id, user_id: session.user.id, original_name: path.basename(input.originalName),
      kind: input.kind ?? (input.originalName.startsWith('ghiam-') ? 'recording' : 'file'), duration: probed.durationSeconds, bitrate: probed.bitrateKbps, bytes: size,
      area_id: session.user.area_id,
    });
    return { key, originalName: input.originalName, durationSeconds: probed.durationSeconds, bitrateKbps: probed.bitrateKbps, bytes: size };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes uploads stored earlier in a request that is then refused (a later file is not MP3, too
 * many files, a bad field): a refused request leaves neither files nor library entries behind.
 */
export async function discardUploads(db: Db, storage: MediaStorage, uploads: { key: string }[]): Promise<void> {
  await Promise.all(uploads.map((u) => storage.delete(u.key).catch(() => undefined)));
  await deleteMedia(db, uploads.map((u) => u.key));
}

/** Marks presigned upload keys with their uploader, so only that account can claim the object. */
const uploaderTag = (userId: string) => crypto.createHash('sha256').update(`loa-upload:${userId}`).digest('hex').slice(0, 12);
const PRESIGNED_KEY = /^audio\/\d{13}-[0-9a-f]{16}-([0-9a-f]{12})-(.+)$/;

/**
 * The key of a presigned upload (spec §7: 'audio/{file name}'): a unique name carrying the
 * uploader's tag. Only the server presigns PUTs, so an object under such a key was put by that account.
 */
export function presignedUploadKey(userId: string, originalName: string): string {
  const [stamp, random, ...rest] = uniqueMediaName(originalName).split('-');
  return `audio/${stamp}-${random}-${uploaderTag(userId)}-${rest.join('-')}`;
}

/**
 * The first use of an object put to a presigned address (a broadcast, schedule or programme naming
 * its key): checks it by content like any upload (MP3, not 320 kbps, at most 50 MB) and records it
 * in the media table. An object that fails is deleted and the spec's message thrown; null when the
 * key is not a presigned upload of this account or there is no such object.
 */
export async function adoptUploadedObject(db: Db, storage: MediaStorage, session: Session, key: string, fileName?: string): Promise<MediaRow | null> {
  const m = PRESIGNED_KEY.exec(key);
  if (!m || m[1] !== uploaderTag(session.user.id)) return null;
  const stat = await storage.stat(key).catch(() => null);
  if (!stat) return null;
  try {
    if (stat.size > MAX_UPLOAD_BYTES) throw new AppError(413, BROADCAST_MESSAGES.fileTooLarge);
    const probed = await storage.withLocalFile(key, probeMp3File);
    const row: MediaRow = {
      key, admin_id: session.user.admin_id, user_id: session.user.id, original_name: path.basename(fileName || m[2]),
      kind: (fileName || m[2]).startsWith('ghiam-') ? 'recording' : 'file', duration: probed.durationSeconds, bitrate: probed.bitrateKbps, bytes: stat.size,
      area_id: session.user.area_id,
    };
    await insertMedia(db, row);
    return row;
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
