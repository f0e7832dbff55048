import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where audio lives: files under DATA_DIR/media by default (an S3-compatible store plugs in here). */
export interface MediaStorage {
  readonly kind: 'disk';
  /** Folder of the disk store. */
  readonly root: string;
  /** Stores bytes under a key such as `audio/1732…-9f3a…-ban-tin.mp3`. */
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Absolute path of a stored key (disk store). */
  pathOf(key: string): string;
  /** The path under which the server serves a key (`/media/<key>`). */
  publicPath(key: string): string;
}

/** A unique stored name made of a timestamp, a random hex string and the original name (spec §3). */
export function uniqueMediaName(originalName: string): string {
  const safe = path.basename(originalName).normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'audio.mp3';
  return `${Date.now()}-${crypto.randomBytes(8).toString('hex')}-${safe}`;
}

const KEY_PATTERN = /^[a-z]+\/[\p{L}\p{N}._-]+$/u;

/** Disk storage rooted at `root`; keys are checked so nothing escapes it. */
export function diskStorage(root: string): MediaStorage {
  fs.mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid media key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    root,
    pathOf,
    publicPath: (key) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`,
    async put(key, data) {
      const file = pathOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.part`;
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temp, data);
        else await pipeline(data, fs.createWriteStream(temp));
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      return { size: (await fs.promises.stat(file)).size };
    },
    async exists(key) {
      return fs.promises.access(pathOf(key)).then(() => true, () => false);
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
