import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { diskStorage } from './diskStorage';

export { diskStorage } from './diskStorage';

/** A byte range of a stored object, `end` inclusive (HTTP style). */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Where audio lives: files under DATA_DIR/media by default, or an S3-compatible object store when
 * S3_BUCKET is set (DESIGN §2). Keys look like `audio/1732…-9f3a…-ban-tin.mp3` or `tts/….mp3`.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** Disk: the folder of the store. S3: the folder for temporary local copies (probing, spooling). */
  readonly root: string;
  /**
   * Stores bytes under `key`. `check`, when given, runs on a complete local copy (its name ends with
   * the key's base name) before the object becomes visible; when it throws, nothing is stored.
   * `exclusive`: a key that is already stored is left as it is and the put fails with code EEXIST.
   */
  put(key: string, data: Buffer | Readable, opts?: { check?: (file: string) => Promise<void>; exclusive?: boolean }): Promise<{ size: number }>;
  exists(key: string): Promise<boolean>;
  /** Size of a stored key, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** The bytes of a stored key (or of a range of them). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Runs `fn` on a local file holding the key's bytes (the file itself on disk, a temporary download on S3). */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /** The stable path under which the server serves a key (`/media/<key>`): what play items carry. */
  publicPath(key: string): string;
  /** Where a device fetches a key now: disk `/media/<key>`; S3 `S3_PUBLIC_URL/<key>` or a presigned GET. */
  publicUrl(key: string): Promise<string>;
  /** S3 only: a presigned PUT address for `key` (content type audio/mpeg), valid `ttlSeconds`. */
  presignUpload?(key: string, ttlSeconds: number): Promise<string>;
  /** Removes what the store made for itself (S3: the temporary folder it created); the stored media stay. */
  close?(): Promise<void>;
}

/** The one extension stored audio carries: every stored file is MP3, checked by content. */
export const MEDIA_EXTENSION = '.mp3';

/**
 * A unique stored name made of a timestamp, a random hex string and the original name (spec §3),
 * ending in the extension the server chooses (`.mp3`), never the uploader's: a file named
 * `trang.html` is stored as `…-trang.mp3`, so nothing stored can be taken for a page or a script.
 */
export function uniqueMediaName(originalName: string): string {
  const base = path.basename(originalName).normalize('NFC').replace(/\.[^.]*$/, '');
  // At most 120 characters and 150 bytes (a file name on disk holds 255 bytes, and a Vietnamese
  // letter takes up to 3: 120 of them made a name the disk refused, a 500 the fuzz tier found).
  const chars = Array.from(base.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '')).slice(0, 120);
  while (Buffer.byteLength(chars.join('')) > 150) chars.pop();
  const safe = chars.join('').replace(/-+$/, '') || 'audio';
  return `${Date.now()}-${crypto.randomBytes(8).toString('hex')}-${safe}${MEDIA_EXTENSION}`;
}

// A name never starts with a dot: those are the store's unfinished temporary files (diskStorage.put).
const KEY_PATTERN = /^[a-z]+\/[\p{L}\p{N}_-][\p{L}\p{N}._-]*$/u;

/** Throws unless `key` is a well-formed media key (one folder, a safe name, nothing escaping, no hidden file). */
export function assertMediaKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid media key: ${key}`);
  return key;
}

/** Where the speaker's packages are stored (`goi/<sha256>`): never served at `/media`, only to a box through its own route. */
export const PACKAGE_KEY_PREFIX = 'goi/';

/** Whether `/media/<key>` may serve a stored key: audio, not the speaker's packages (issue #31). */
export const servedAtMedia = (key: string): boolean => !key.startsWith(PACKAGE_KEY_PREFIX);

/** `/media/<key>`, each segment URL-encoded. */
export const mediaPath = (key: string): string => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The key a stored item's address (`/media/<key>`) names, or null for any other address. */
export const keyOfMediaPath = (url: string): string | null => (url.startsWith('/media/') ? decodeURIComponent(url.slice('/media/'.length)) : null);

/** The store the configuration asks for: S3 when S3_BUCKET is set, else files under MEDIA_DIR. */
export async function createStorage(config: Config): Promise<MediaStorage> {
  if (config.S3_BUCKET) {
    const { s3Storage } = await import('./s3Storage');
    return s3Storage({
      bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT, region: config.S3_REGION, forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY, publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return diskStorage(config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'));
}
