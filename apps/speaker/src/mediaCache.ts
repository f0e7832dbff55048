import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PlanFile } from '@loa/contract';

/** Why a file could not be put in the cache. */
export class CacheError extends Error {
  constructor(readonly reason: 'checksum' | 'full' | 'http' | 'network', message: string) {
    super(message);
  }
}

interface Entry {
  size: number;
  /** Last use, ms (the file's mtime on disk, so it survives a restart). */
  usedAt: number;
}

const FILE_SUFFIX = '.mp3';
const PART_SUFFIX = '.part';

/**
 * The speaker's bounded file cache (issue #30, docs/device-protocol.md "The cache"): files named by
 * their sha256, at most `maxBytes` in all; the least recently used file not needed by the current
 * plan is evicted to make room. A download goes to `<sha256>.part` and is resumed from where it
 * stopped with an HTTP Range request; the file is kept only when its sha256 matches.
 */
export class MediaCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly dir: string, readonly maxBytes: number) {}

  /** Reads what the folder already holds (a restarted speaker keeps its files). */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(FILE_SUFFIX)) continue;
      const info = await stat(join(this.dir, name));
      this.entries.set(name.slice(0, -FILE_SUFFIX.length), { size: info.size, usedAt: info.mtimeMs });
    }
  }

  /** Bytes held in complete files. */
  get usedBytes(): number {
    let total = 0;
    for (const e of this.entries.values()) total += e.size;
    return total;
  }

  has(sha256: string): boolean {
    return this.entries.has(sha256);
  }

  /** The local path of a cached file (marked used), or null. */
  pathOf(sha256: string): string | null {
    const entry = this.entries.get(sha256);
    if (!entry) return null;
    entry.usedAt = Date.now();
    const path = join(this.dir, sha256 + FILE_SUFFIX);
    void utimes(path, new Date(), new Date()).catch(() => undefined);
    return path;
  }

  /**
   * Puts a file in the cache unless it is there: room is made first (files in `keep` are never
   * evicted), then the bytes are fetched, resuming a partial download, and checked. Answers the
   * files evicted for it. Throws CacheError when it cannot be done.
   */
  async fetch(url: string, file: PlanFile, keep: ReadonlySet<string>, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<string[]> {
    if (this.entries.has(file.sha256)) return [];
    const evicted = await this.makeRoom(file.size, keep);
    const part = join(this.dir, file.sha256 + PART_SUFFIX);
    const have = await stat(part).then((s) => s.size, () => 0);
    if (have < file.size) await this.download(url, part, have, headers, signal);
    const hash = crypto.createHash('sha256');
    await pipeline(createReadStream(part), hash);
    const actual = hash.digest('hex');
    if (actual !== file.sha256) {
      await rm(part, { force: true });
      throw new CacheError('checksum', `sha256 ${actual} of ${url} is not the plan's ${file.sha256}`);
    }
    const info = await stat(part);
    await rename(part, join(this.dir, file.sha256 + FILE_SUFFIX));
    this.entries.set(file.sha256, { size: info.size, usedAt: Date.now() });
    return evicted;
  }

  private async download(url: string, part: string, have: number, headers: Record<string, string>, signal?: AbortSignal): Promise<void> {
    let response: Response;
    try {
      response = await fetch(url, { signal, headers: have > 0 ? { ...headers, range: `bytes=${have}-` } : headers });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      throw new CacheError('network', `cannot fetch ${url}: ${cause?.code ?? (error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new CacheError('http', `HTTP ${response.status} for ${url}`);
    }
    // 206: the rest is appended to what was kept; 200: the server sent it all, start again.
    const append = have > 0 && response.status === 206;
    // Each chunk is on disk before the next is read: what came before a cut is kept for the next Range.
    const out = await open(part, append ? 'a' : 'w');
    try {
      for await (const chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)) await out.write(chunk as Uint8Array);
    } catch (error) {
      throw new CacheError('network', `download of ${url} cut: ${(error as Error).message}`);
    } finally {
      await out.close();
    }
  }

  /** Evicts least recently used files (not in `keep`) until `bytes` more fit; throws when they cannot. */
  private async makeRoom(bytes: number, keep: ReadonlySet<string>): Promise<string[]> {
    if (bytes > this.maxBytes) throw new CacheError('full', `a file of ${bytes} bytes is larger than the cache (${this.maxBytes})`);
    const evicted: string[] = [];
    const candidates = [...this.entries].filter(([sha]) => !keep.has(sha)).sort((a, b) => a[1].usedAt - b[1].usedAt);
    while (this.usedBytes + bytes > this.maxBytes) {
      const next = candidates.shift();
      if (!next) throw new CacheError('full', `no room for ${bytes} bytes: the plan's own files fill the cache (${this.maxBytes})`);
      this.entries.delete(next[0]);
      await rm(join(this.dir, next[0] + FILE_SUFFIX), { force: true });
      evicted.push(next[0]);
    }
    return evicted;
  }
}
