import { io as connectSocket, type Socket } from 'socket.io-client';
import { CSRF_COOKIE, LIVE_EVENTS, mp3FramesDuration, type LiveEnded, type LiveStart, type LiveStartAnswer } from '@loa/contract';
import { makeMp3 } from './audio';
import type { TestClient } from './helpers';

/** A console's Socket.IO connection as the live voice dialog uses it (its cookies, its page's Origin). */
export class LiveSocket {
  readonly ended: LiveEnded[] = [];

  private constructor(readonly socket: Socket, private readonly csrf: string | undefined) {
    socket.on(LIVE_EVENTS.ended, (e: LiveEnded) => this.ended.push(e));
  }

  static async open(client: TestClient, origin: string | null = client.baseUrl): Promise<LiveSocket> {
    const socket = connectSocket(client.baseUrl, {
      transports: ['websocket'], reconnection: false, forceNew: true,
      extraHeaders: { cookie: client.cookieHeader, ...(origin ? { origin } : {}) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => reject(e));
    });
    return new LiveSocket(socket, client.cookies.get(CSRF_COOKIE));
  }

  /** Starts as the console does, echoing the CSRF cookie (unless the payload says otherwise). */
  start(payload: LiveStart | Record<string, unknown>): Promise<LiveStartAnswer> {
    return this.socket.timeout(20_000).emitWithAck(LIVE_EVENTS.start, { csrf: this.csrf, ...payload }) as Promise<LiveStartAnswer>;
  }

  stop(id: string): Promise<{ ok: boolean; message: string }> {
    return this.socket.timeout(20_000).emitWithAck(LIVE_EVENTS.stop, id) as Promise<{ ok: boolean; message: string }>;
  }

  send(id: string, chunk: Uint8Array | string | object): void {
    this.socket.emit(LIVE_EVENTS.chunk, id, chunk);
  }

  /** Sends `chunks` at the pace of real time (one every `everyMs`) until they run out or `until` is false. */
  async speak(id: string, chunks: Buffer[], everyMs = 100, until: () => boolean = () => true): Promise<void> {
    for (const chunk of chunks) {
      if (!until() || !this.socket.connected) return;
      this.send(id, chunk);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  close(): void {
    this.socket.close();
  }
}

/** Real MP3 (LAME), cut into chunks of whole frames of about `chunkMs` each, as the console sends them. */
export function mp3Chunks(seconds: number, chunkMs = 100, frequency = 440): Buffer[] {
  const mp3 = makeMp3(seconds, 64, frequency);
  const chunks: Buffer[] = [];
  let at = 0;
  let start = 0;
  let ms = 0;
  while (at + 4 <= mp3.length) {
    // Walk frame by frame (each frame header says its length).
    let length = 0;
    for (let n = 4; at + n <= mp3.length; n += 1) {
      if (mp3FramesDuration(mp3.subarray(at, at + n)) !== null) {
        length = n;
        break;
      }
    }
    if (length === 0) break;
    at += length;
    ms += 1152_000 / 44_100;
    if (ms >= chunkMs) {
      chunks.push(mp3.subarray(start, at));
      start = at;
      ms = 0;
    }
  }
  if (at > start) chunks.push(mp3.subarray(start, at));
  return chunks;
}

/** Reads an HTTP audio stream in the background: the bytes so far, whether it ended, and a way to stop. */
export function listen(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const state = { status: 0, bytes: Buffer.alloc(0), ended: false, stop: () => abort.abort() };
  const done = (async () => {
    try {
      const response = await fetch(url, { signal: abort.signal, headers });
      state.status = response.status;
      const reader = response.body!.getReader();
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        state.bytes = Buffer.concat([state.bytes, Buffer.from(value)]);
      }
    } catch {
      // aborted by the test
    } finally {
      state.ended = true;
    }
  })();
  return Object.assign(state, { done });
}
