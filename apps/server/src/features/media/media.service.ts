import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, finished, type Readable } from 'node:stream';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG } from '@loa/contract';
import { assertSafeText } from '../../infra/validation';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import { uniqueMediaName, type MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { probeMp3File, type ProbedAudio } from './audioProbe';
import { deleteMedia, findMediaByContent, insertMedia, type MediaRow } from './media.queries';

export interface StoredAudio {
  key: string;
  originalName: string;
  durationSeconds: number;
  bitrateKbps: number | null;
  bytes: number;
  /** The same content was already in the caller's library before: its stored file is used (and never discarded by this request). */
  reused: boolean;
}

/** sha256 of a local file's bytes: what the library compares to keep one copy of each content. */
export async function hashFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The library row of the same content in the library of the session's administrator and area, when
 * its file is still stored (a row whose file is gone gives up its hash so a new copy can take it).
 */
export async function sameContentInLibrary(db: Db, storage: MediaStorage, session: Session, contentHash: string): Promise<MediaRow | null> {
  const row = await findMediaByContent(db, session.user.admin_id, session.user.area_id, contentHash);
  if (!row) return null;
  if (await storage.exists(row.key)) return row;
  await db.query('UPDATE media SET content_hash = NULL WHERE key = $1', [row.key]);
  return null;
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
 * nothing half-made stays behind. Content already in the library of the caller's administrator and
 * area is not kept twice: the new copy goes and the stored file is answered (`reused`), so a retried
 * save does not list the same file again. An upload to a key promised beforehand (an upload address)
 * keeps that key.
 */
export async function storeUploadedAudio(db: Db, storage: MediaStorage, session: Session, input: { stream: Readable; originalName: string; key?: string; kind?: 'file' | 'recording' }): Promise<StoredAudio> {
  // Every upload path comes through here: a file name the database cannot store is refused first.
  assertSafeText(input.originalName, ['fileName']);
  const key = input.key ?? `audio/${uniqueMediaName(input.originalName)}`;
  let probed: ProbedAudio | undefined;
  let contentHash: string | undefined;
  let size: number;
  try {
    ({ size } = await storage.put(key, capped(input.stream, MAX_UPLOAD_BYTES), {
      check: async (file) => {
        if ((input.stream as Readable & { truncated?: boolean }).truncated) throw new AppError(413, BROADCAST_MESSAGES.fileTooLarge);
        probed = await probeMp3File(file);
        contentHash = await hashFile(file);
      },
      // A key promised by an upload address takes one file: a second PUT leaves the first as it is.
      exclusive: input.key !== undefined,
    }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError(409, BROADCAST_MESSAGES.uploadAddressUsed);
    throw error;
  }
  try {
    if (!probed || !contentHash) throw new Error('upload stored without its check');
    const reuse = async (): Promise<StoredAudio | null> => {
      const same = input.key ? null : await sameContentInLibrary(db, storage, session, contentHash!);
      if (!same) return null;
      await storage.delete(key).catch(() => undefined);
      return { key: same.key, originalName: input.originalName, durationSeconds: same.duration, bitrateKbps: same.bitrate, bytes: same.bytes, reused: true };
    };
    const earlier = await reuse();
    if (earlier) return earlier;
    const row: MediaRow = {
      key, admin_id: session.user.admin_id, user_id: session.user.id, original_name: path.basename(input.originalName),
      kind: input.kind ?? (input.originalName.startsWith('ghiam-') ? 'recording' : 'file'), duration: probed.durationSeconds, bitrate: probed.bitrateKbps, bytes: size,
      area_id: session.user.area_id, content_hash: contentHash,
    };
    if (!(await insertMedia(db, row))) {
      // The same content was recorded meanwhile (two uploads at once): use that one.
      const meanwhile = await reuse();
      if (meanwhile) return meanwhile;
      // A promised key keeps its file, recorded without the hash the library copy already holds.
      if (!(await insertMedia(db, { ...row, content_hash: null }))) throw new Error(`media key recorded twice: ${key}`);
    }
    return { key, originalName: input.originalName, durationSeconds: probed.durationSeconds, bitrateKbps: probed.bitrateKbps, bytes: size, reused: false };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes uploads stored earlier in a request that is then refused (a later file is not MP3, too
 * many files, a bad field): a refused request leaves neither files nor library entries behind. A
 * reused upload is a file that was in the library before the request: it stays.
 */
export async function discardUploads(db: Db, storage: MediaStorage, uploads: { key: string; reused?: boolean }[]): Promise<void> {
  const made = [...new Set(uploads.filter((u) => !u.reused).map((u) => u.key))];
  await Promise.all(made.map((key) => storage.delete(key).catch(() => undefined)));
  await deleteMedia(db, made);
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

/**
 * Puts a text-to-speech result in the media library of the session's administrator and area (kind
 * 'tts', named by its text summary) and answers the key to use. Speech is cached once for everybody
 * (tts_cache); a cached file already in another administrator's or area's library is copied for
 * this one, so each library holds its own file that only it may rename or delete. The same content
 * already in this library is answered as it is.
 */
export async function speechInLibrary(db: Db, storage: MediaStorage, session: Session, speech: { key: string; name: string; duration: number }): Promise<string> {
  const { admin_id: adminId, area_id: areaId, id: userId } = session.user;
  const [own] = await db.query<{ key: string }>('SELECT key FROM media WHERE key = $1 AND admin_id = $2 AND area_id IS NOT DISTINCT FROM $3', [speech.key, adminId, areaId]);
  if (own) return own.key;
  const contentHash = await storage.withLocalFile(speech.key, hashFile);
  const same = await sameContentInLibrary(db, storage, session, contentHash);
  if (same) return same.key;
  const stat = await storage.stat(speech.key);
  const row: MediaRow = {
    key: speech.key, admin_id: adminId, user_id: userId, original_name: speech.name, kind: 'tts', duration: speech.duration, bitrate: null,
    bytes: stat?.size ?? 0, area_id: areaId, content_hash: contentHash,
  };
  if (await insertMedia(db, row)) return speech.key;
  const meanwhile = await sameContentInLibrary(db, storage, session, contentHash);
  if (meanwhile) return meanwhile.key;
  // The cached file belongs to another library: this one gets its own copy.
  const copyKey = `tts/${uniqueMediaName(path.basename(speech.key).replace(/^\d{13}-[0-9a-f]{16}-/, ''))}`;
  await storage.put(copyKey, await storage.read(speech.key));
  if (await insertMedia(db, { ...row, key: copyKey })) return copyKey;
  await storage.delete(copyKey).catch(() => undefined);
  const raced = await sameContentInLibrary(db, storage, session, contentHash);
  if (!raced) throw new Error(`speech not recorded in the library: ${speech.key}`);
  return raced.key;
}
