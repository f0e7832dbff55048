import { promises as fs } from 'node:fs';
import path from 'node:path';

/** One stored file held in memory, as it was when read (size and modification time). */
export interface HeldAudio {
  body: Buffer;
  size: number;
  mtimeMs: number;
  etag: string;
}

/** What a request for a key finds: the file held in memory, a file too large to hold (stream it), or none. */
export type AudioLookup = { held: HeldAudio } | { tooLarge: true } | null;

/**
 * Stored audio served from memory (issue #29): in a district emergency every speaker asks for the
 * same file in the same second. Sent from disk, each request opened the file (a descriptor per
 * speaker, beside its MQTT connection and its socket: 6,000 speakers reached the process's
 * 20,000 and got EMFILE) and read it again in 64 kB chunks through libuv's four threads. Here a file
 * is read once and every response is written from the same buffer. Each request still looks at
 * the file (one stat, shared by the requests that arrive while it runs), so a file deleted or
 * replaced on disk is never served from an old copy. Least recently used files leave first when
 * the held bytes pass the budget; a file larger than `maxFileBytes` is not held (a long programme
 * is streamed from disk as before).
 */
export class AudioMemory {
  private readonly held = new Map<string, HeldAudio>();
  private readonly stats = new Map<string, Promise<{ size: number; mtimeMs: number } | null>>();
  private readonly reads = new Map<string, Promise<HeldAudio | null>>();
  private bytes = 0;

  constructor(
    private readonly root: string,
    private readonly budgetBytes: number,
    private readonly maxFileBytes = Math.floor(budgetBytes / 4),
  ) {}

  /** Bytes held now (for tests and the figures). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The stored file of `key` (already checked by the caller) as it is on disk now. */
  async lookup(key: string): Promise<AudioLookup> {
    const now = await this.statOnce(key);
    if (!now) {
      this.forget(key);
      return null;
    }
    if (now.size > this.maxFileBytes || this.budgetBytes <= 0) return { tooLarge: true };
    const entry = this.held.get(key);
    if (entry && entry.size === now.size && entry.mtimeMs === now.mtimeMs) {
      // Most recently used last: the map's order is the eviction order.
      this.held.delete(key);
      this.held.set(key, entry);
      return { held: entry };
    }
    const read = await this.readOnce(key, now);
    return read ? { held: read } : null;
  }

  private statOnce(key: string): Promise<{ size: number; mtimeMs: number } | null> {
    let pending = this.stats.get(key);
    if (!pending) {
      pending = fs.stat(path.join(this.root, key)).then(
        (s) => (s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
          throw error;
        },
      );
      this.stats.set(key, pending);
      void pending.finally(() => this.stats.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  private readOnce(key: string, seen: { size: number; mtimeMs: number }): Promise<HeldAudio | null> {
    const id = `${key}\0${seen.size}\0${seen.mtimeMs}`;
    let pending = this.reads.get(id);
    if (!pending) {
      pending = this.read(key, seen);
      this.reads.set(id, pending);
      void pending.finally(() => this.reads.delete(id)).catch(() => undefined);
    }
    return pending;
  }

  private async read(key: string, seen: { size: number; mtimeMs: number }): Promise<HeldAudio | null> {
    let body: Buffer;
    try {
      body = await fs.readFile(path.join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    // Changed while it was read: serve what was read, but do not keep it under the old stat.
    const entry: HeldAudio = { body, size: body.length, mtimeMs: seen.mtimeMs, etag: `W/"${body.length.toString(16)}-${Math.floor(seen.mtimeMs).toString(16)}"` };
    if (body.length !== seen.size) return entry;
    this.forget(key);
    this.held.set(key, entry);
    this.bytes += entry.size;
    for (const [oldKey, old] of this.held) {
      if (this.bytes <= this.budgetBytes || oldKey === key) break;
      this.held.delete(oldKey);
      this.bytes -= old.size;
    }
    return entry;
  }

  private forget(key: string): void {
    const entry = this.held.get(key);
    if (!entry) return;
    this.held.delete(key);
    this.bytes -= entry.size;
  }
}

/** A `Range` header's one byte range within `size` (inclusive end), 'unsatisfiable', or null to send the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (a server may ignore Range, RFC 9110 §14.2).
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  // "bytes=5-3" is not a range at all: ignored like any malformed header.
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}
