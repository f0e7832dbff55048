import { Readable } from 'node:stream';

/**
 * A stored file streamed from the server (issue #30, item 4). The agent fetches it and feeds it to
 * the decoder (processPlayer.ts), so that a stream that goes silent is noticed (mpg123's own
 * `--timeout` aborts at once in mpg123 1.31: "bit out of range 0 - FD_SETSIZE on fd_set"). Resumed
 * after a drop, rather than download it again from its first byte and skip frames up to the position
 * (which on a slow link costs as long as what was already heard), the agent asks for the bytes from
 * the position on (`Range: bytes=N-`); the decoder finds the next frame. Files are MP3 at a constant
 * bitrate: the byte offset of a position is in proportion to it.
 */

/** Byte offset of `fromSeconds` in a constant-bitrate file of `size` bytes lasting `durationSeconds`. */
export function byteOffset(size: number, fromSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0 || size <= 0) return 0;
  return Math.max(0, Math.min(size - 1, Math.floor((size * fromSeconds) / durationSeconds)));
}

export interface RangeSource {
  body: Readable;
  offset: number;
  size: number;
}

/**
 * Opens `url` from `fromSeconds`: a one-byte request tells the size (its `Content-Range`), a second
 * asks for the rest from the offset. Null when the server does not answer ranges (the caller then
 * lets mpg123 skip); rejects on a network error (the link is still down).
 */
/**
 * Opens `url` from its start: its body, once the server answered 2xx within `answerWithinMs`.
 * Rejects with the agent's usual texts (`HTTP 404 for …`, `cannot fetch …: ECONNREFUSED`, which
 * screens put in Vietnamese: playReasonText).
 */
export async function openStream(url: string, signal: AbortSignal, answerWithinMs = 5000): Promise<Readable> {
  const response = await fetchWithin(url, null, signal, answerWithinMs);
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`HTTP ${response.status} for ${url}`);
  }
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
}

export async function openFrom(url: string, fromSeconds: number, durationSeconds: number, signal: AbortSignal, answerWithinMs = 5000): Promise<RangeSource | null> {
  const probe = await fetchWithin(url, 'bytes=0-0', signal, answerWithinMs);
  await probe.body?.cancel().catch(() => undefined);
  const total = /\/(\d+)\s*$/.exec(probe.headers.get('content-range') ?? '')?.[1];
  if (probe.status !== 206 || !total) return null;
  const size = Number(total);
  const offset = byteOffset(size, fromSeconds, durationSeconds);
  const response = await fetchWithin(url, `bytes=${offset}-`, signal, answerWithinMs);
  if (response.status !== 206 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  return { body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), offset, size };
}

/** A range request whose answer (its headers) must come within `ms`; its body then flows until `signal` aborts. */
async function fetchWithin(url: string, range: string | null, signal: AbortSignal, ms: number): Promise<Response> {
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms / 1000} s`)), ms);
  try {
    return await fetch(url, { headers: range ? { range } : {}, signal: controller.signal });
  } catch (error) {
    // undici says only "fetch failed"; the reason (ECONNREFUSED, ENETUNREACH…) is in its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot fetch ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
