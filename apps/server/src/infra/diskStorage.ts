import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, mediaPath, type MediaStorage } from './storage';

export interface DiskStorage extends MediaStorage {
  readonly kind: 'disk';
  /** Absolute path of a stored key. */
  pathOf(key: string): string;
}

/** Disk storage rooted at `root`; keys are checked so nothing escapes it. */
export function diskStorage(root: string): DiskStorage {
  fs.mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => path.join(root, assertMediaKey(key));
  const stat = async (key: string) => {
    try {
      const s = await fs.promises.stat(pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    kind: 'disk',
    root,
    pathOf,
    publicPath: mediaPath,
    publicUrl: async (key) => mediaPath(assertMediaKey(key)),
    async put(key, data, opts) {
      const file = pathOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // A hidden temporary name that keeps the key's base name (and so its extension) for the check.
      const temp = path.join(path.dirname(file), `.${process.pid}-${crypto.randomBytes(4).toString('hex')}-${path.basename(file)}`);
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temp, data);
        else await pipeline(data, fs.createWriteStream(temp));
        await opts?.check?.(temp);
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      return { size: (await fs.promises.stat(file)).size };
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async read(key, range) {
      const file = pathOf(key);
      await fs.promises.access(file);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async withLocalFile(key, fn) {
      return fn(pathOf(key));
    },
  };
}
