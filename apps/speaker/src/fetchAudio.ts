import type { PlayItem } from '@loa/contract';

/** How much of a relay stream to read to know it is alive. */
const RELAY_PROBE_BYTES = 4096;

/**
 * Opens an audio URL over HTTP(S) the way a speaker would, so a missing file or a dead relay is
 * reported. Resolves once the answer is known to be good (status 2xx); a file's body is then read
 * and discarded in the background until it ends or `signal` aborts (no buffering), while a relay
 * (an endless stream) is read for a few kilobytes only. Rejects on a bad status or network error.
 */
export async function openAudio(url: string, kind: PlayItem['kind'], signal: AbortSignal): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`unsupported audio URL: ${url}`);
  let response: Response;
  try {
    response = await fetch(parsed, { signal, redirect: 'follow' });
  } catch (error) {
    // undici says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is in its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot fetch ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`HTTP ${response.status} for ${url}`);
  }
  const body = response.body;
  if (!body) return;
  // A relay and live voice never end by themselves: a few kilobytes show they are alive.
  const limit = kind === 'relay' || kind === 'live' ? RELAY_PROBE_BYTES : Number.POSITIVE_INFINITY;
  void drain(body, limit);
}

async function drain(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  const reader = body.getReader();
  let read = 0;
  try {
    while (read < limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // Aborted or cut: the clock decides when the item ends, not the download.
  }
}
