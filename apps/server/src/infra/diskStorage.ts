import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, mediaPath, type MediaStorage } from './storage';

export interface DiskStorage extends MediaStorage {
  readonly kind: 'disk';
  /** Absolute path of a stored key. */
  pathOf(key: string): string;
}

/** How old an unfinished upload's temporary file must be before it is taken as abandoned (a request lasts at most minutes). */
export const UNFINISHED_MAX_AGE_MS = 60 * 60 * 1000;

/** This machine, in the names of temporary files: a folder shared by several machines tells whose they are. */
const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40) || 'host';

/** Whether a process of this machine is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the hidden temporary files (`.<host>_<pid>-<hex>-<name>`) that a process killed during an
 * upload left behind: at once when that process was of this machine and is gone (a server restarted
 * after kill -9 clears its predecessor's), else once older than `maxAgeMs` (a live upload's file is
 * younger). They are never served (media keys cannot start with a dot); without this they would stay.
 */
export async function sweepUnfinishedUploads(root: string, maxAgeMs = UNFINISHED_MAX_AGE_MS): Promise<number> {
  let removed = 0;
  const folders = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders.filter((d) => d.isDirectory())) {
    const dir = path.join(root, folder.name);
    for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
      const match = /^\.(?:([A-Za-z0-9-]+)_)?(\d+)-[0-9a-f]{8}-/.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const orphan = match[1] === HOST && Number(match[2]) !== process.pid && !running(Number(match[2]));
      if (!orphan && Date.now() - stat.mtimeMs < maxAgeMs) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Disk storage rooted at `root`; keys are checked so nothing escapes it. Abandoned temporary files are swept at start and hourly. */
export function diskStorage(root: string): DiskStorage {
  fs.mkdirSync(root, { recursive: true });
  const sweep = () => void sweepUnfinishedUploads(root).catch(() => undefined);
  sweep();
  const sweeper = setInterval(sweep, UNFINISHED_MAX_AGE_MS);
  sweeper.unref();
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
      const temp = path.join(path.dirname(file), `.${HOST}_${process.pid}-${crypto.randomBytes(4).toString('hex')}-${path.basename(file)}`);
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temp, data);
        else await pipeline(data, fs.createWriteStream(temp));
        await opts?.check?.(temp);
        if (opts?.exclusive) {
          // link() fails with EEXIST when the key is taken: the earlier file stays as it was.
          await fs.promises.link(temp, file);
          await fs.promises.rm(temp, { force: true });
        } else {
          await fs.promises.rename(temp, file);
        }
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
    async close() {
      clearInterval(sweeper);
    },
  };
}
