/**
 * The simulated speakers' ears (issue #29): each speaker fetches every item of a play command the
 * way the agent does (apps/speaker/src/session.ts, processPlayer.ts): an HTTP GET at the item's
 * start instant on the session's timeline, then, like mpg123, a prebuffer before the first sound,
 * then reading at the playback rate (the socket is paused when its buffer is full, so the server
 * sends no faster than a speaker plays, as TCP does for mpg123). Per item fetch it records the
 * time to the first audio byte, the time until the prebuffer is full, the underruns (moments when
 * it had no audio to play) and the bytes received. One ticker plays every fetch (10 Hz), so ten
 * thousand of them cost a few ms a tick.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DeviceCommand, PlayItem } from '@loa/contract';
import { itemStartOffset } from '@loa/speaker';
import { withDeviceProof } from '../../apps/speaker/src/mediaProof';

type PlayCommand = Extract<DeviceCommand, { type: 'play' }>;

/** Seconds of audio read before the first sound (mpg123 fills a buffer before it plays). */
export const PREBUFFER_SECONDS = 1;
/** Seconds of audio a speaker holds at most before it stops reading (the TCP window and mpg123's buffer). */
const HIGH_WATER_SECONDS = 4;
const TICK_MS = 100;

/** One item fetched by one speaker. */
export interface ItemFetch {
  speaker: string;
  sessionId: string;
  itemIndex: number;
  kind: PlayItem['kind'];
  /** performance.now() of the GET, the first byte, the prebuffer full, the end. */
  askedAt: number;
  firstByteAt: number | null;
  prebufferAt: number | null;
  endedAt: number | null;
  bytes: number;
  /** Content-Length when the server gave one. */
  expected: number | null;
  underruns: number;
  status: number | null;
  error: string | null;
  /** Cut by the session's stop command (its planned end, or an officer's Stop) before the last byte came. */
  stopped?: boolean;
}

interface Active {
  f: ItemFetch;
  req: http.ClientRequest;
  res: http.IncomingMessage | null;
  /** Bytes a second of playback (from the first MP3 frame's bit rate). */
  rate: number;
  buffered: number;
  playing: boolean;
  starved: boolean;
  paused: boolean;
  ended: boolean;
  header: Buffer;
  rateKnown: boolean;
  /** A stream (relay, live): cut at this performance.now(). */
  cutAt: number | null;
  /** The speaker ended it itself (a stop, a stream's end): what its request then says is no error. */
  cutHere: boolean;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

const RATES = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] } as Record<number, number[]>;

/** The layer III frame header at `i`: its bit rate and length, or null. */
function frameAt(bytes: Buffer, i: number): { kbps: number; length: number } | null {
  if (i + 3 >= bytes.length || bytes[i] !== 0xff || (bytes[i + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[i + 1] >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layer = (bytes[i + 1] >> 1) & 3; // 1 = layer III
  const index = bytes[i + 2] >> 4;
  const rateIndex = (bytes[i + 2] >> 2) & 3;
  if (layer !== 1 || index === 0 || index === 15 || version === 1 || rateIndex === 3) return null;
  const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[index];
  const padding = (bytes[i + 2] >> 1) & 1;
  const length = Math.floor(((version === 3 ? 144_000 : 72_000) * kbps) / RATES[version][rateIndex]) + padding;
  return { kbps, length };
}

/**
 * Bit rate (kbit/s) of the first MPEG layer III frame in `bytes` (after an ID3 tag), or null. A
 * stream joined mid-frame can hold a false sync: a frame counts only when the next one follows it.
 */
export function firstFrameKbps(bytes: Buffer): number | null {
  let i = 0;
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'ID3') i = 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
  for (; i + 3 < bytes.length; i += 1) {
    const frame = frameAt(bytes, i);
    if (!frame) continue;
    const next = i + frame.length;
    if (next + 3 < bytes.length && !frameAt(bytes, next)) continue;
    if (next + 3 >= bytes.length && i > 0) return null; // not enough bytes to be sure yet
    return frame.kbps;
  }
  return null;
}

/**
 * What the sound bulletins need of the speakers' ears, wherever the speakers run: here
 * (`localEars`) or in the fleet's child processes (FleetProcesses.ears, so that no one process holds
 * ten thousand MQTT connections and ten thousand audio requests). Times are this process's
 * performance.now().
 */
export interface SoundEars {
  /** Whether play commands make the speakers fetch their items. */
  arm(armed: boolean): void;
  /** Every speaker fetches `url` now (the nginx comparison: no command). */
  fetchAll(sessionId: string, url: string): void;
  /** Waits for the fetches of `sessionId` (see SoundFleet.collect), every speaker's. */
  collect(sessionId: string, timeoutMs: number): Promise<ItemFetch[]>;
  close(): Promise<void>;
}

type Listened = { deviceId: string; on(event: 'command', fn: (command: DeviceCommand) => void): unknown };

/** Ears for speakers in this process; with several servers, each speaker asks one of them (in turn). */
export function localEars(serverUrls: string | readonly string[], secrets: ReadonlyMap<string, string>, speakers: readonly Listened[]): SoundEars {
  const fleet = new SoundFleet(serverUrls, secrets);
  for (const s of speakers) fleet.listen(s);
  /** Sessions fetched without a command: nothing to wait for before collecting them. */
  const direct = new Set<string>();
  return {
    arm: (armed) => void (fleet.armed = armed),
    fetchAll: (sessionId, url) => {
      direct.add(sessionId);
      speakers.forEach((s) => fleet.fetch(s.deviceId, sessionId, 0, 'file', url));
    },
    collect: (sessionId, timeoutMs) => fleet.collect(sessionId, timeoutMs, direct.delete(sessionId) ? 0 : speakers.length),
    close: async () => fleet.close(),
  };
}

/** An ItemFetch with its instants moved by `shift` ms (to or from another process's clock). */
export const shiftFetch = (f: ItemFetch, shift: number): ItemFetch => ({
  ...f,
  askedAt: f.askedAt + shift,
  firstByteAt: f.firstByteAt === null ? null : f.firstByteAt + shift,
  prebufferAt: f.prebufferAt === null ? null : f.prebufferAt + shift,
  endedAt: f.endedAt === null ? null : f.endedAt + shift,
});

/** The speakers' audio fetches, armed for the bulletins the benchmark measures. */
export class SoundFleet {
  private readonly active = new Set<Active>();
  private readonly done: ItemFetch[] = [];
  private readonly seen = new Set<string>();
  /** Fetches scheduled at a later item's instant and not begun yet, by session. */
  private readonly scheduled = new Map<string, number>();
  /** Speakers that received a session's play command. */
  private readonly received = new Map<string, number>();
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  private readonly ticker: NodeJS.Timeout;
  private lastTick = performance.now();
  private readonly serverUrls: readonly string[];
  /** The server each speaker asks (several servers: dealt out in turn as speakers are first seen). */
  private readonly serverOf = new Map<string, string>();
  armed = false;

  constructor(
    serverUrls: string | readonly string[],
    private readonly secrets: ReadonlyMap<string, string>,
    /** Performance.now() offset of Date.now(): the commands' instants are server (wall) time. */
    private readonly wallToPerf = (wall: number) => performance.now() + (wall - Date.now()),
  ) {
    this.serverUrls = typeof serverUrls === 'string' ? [serverUrls] : serverUrls;
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  /** Follows a speaker's play commands (its `command` event). */
  listen(speaker: Listened): void {
    this.serverFor(speaker.deviceId);
    speaker.on('command', (command) => {
      if (!this.armed) return;
      if (command.type === 'play') this.onPlay(speaker.deviceId, command);
      else if (command.type === 'stop') this.cut(speaker.deviceId, command.sessionId);
    });
  }

  private onPlay(speaker: string, command: PlayCommand): void {
    const run = `${speaker}|${command.sessionId}|${command.startAt}`;
    if (this.seen.has(run)) return;
    this.seen.add(run);
    this.received.set(command.sessionId, (this.received.get(command.sessionId) ?? 0) + 1);
    command.items.forEach((item, index) => {
      const startWall = command.startAt + itemStartOffset(command.items, index) * 1000;
      const endWall = startWall + item.duration * 1000;
      const delay = Math.max(0, startWall - Date.now());
      const url = new URL(item.url, this.serverFor(speaker)).toString();
      this.scheduled.set(command.sessionId, (this.scheduled.get(command.sessionId) ?? 0) + 1);
      setTimeout(() => {
        this.scheduled.set(command.sessionId, (this.scheduled.get(command.sessionId) ?? 1) - 1);
        this.fetch(speaker, command.sessionId, index, item.kind, url, item.kind === 'relay' || item.kind === 'live' ? this.wallToPerf(endWall) : null);
      }, delay).unref();
    });
  }

  /** Fetches `url` now for `speaker` (an nginx run uses it directly: no command). */
  fetch(speaker: string, sessionId: string, itemIndex: number, kind: PlayItem['kind'], url: string, cutAt: number | null = null): void {
    const secret = this.secrets.get(speaker);
    const target = secret ? withDeviceProof(url, this.serverFor(speaker), speaker, secret) : url;
    const f: ItemFetch = { speaker, sessionId, itemIndex, kind, askedAt: performance.now(), firstByteAt: null, prebufferAt: null, endedAt: null, bytes: 0, expected: null, underruns: 0, status: null, error: null };
    const req = http.get(target, { agent: this.agent });
    const a: Active = { f, req, res: null, rate: 8000, buffered: 0, playing: false, starved: false, paused: false, ended: false, header: Buffer.alloc(0), rateKnown: false, cutAt, cutHere: false };
    this.active.add(a);
    req.on('response', (res) => {
      a.res = res;
      f.status = res.statusCode ?? null;
      const length = Number(res.headers['content-length']);
      f.expected = Number.isFinite(length) ? length : null;
      res.on('data', (chunk: Buffer) => {
        if (f.firstByteAt === null) f.firstByteAt = performance.now();
        f.bytes += chunk.length;
        a.buffered += chunk.length;
        if (!a.rateKnown && a.header.length < 16_384) {
          a.header = Buffer.concat([a.header, chunk]).subarray(0, 16_384);
          const kbps = firstFrameKbps(a.header);
          if (kbps) {
            a.rate = (kbps * 1000) / 8;
            a.rateKnown = true;
          }
        }
        if (!a.paused && a.buffered > a.rate * HIGH_WATER_SECONDS) {
          a.paused = true;
          res.pause();
        }
      });
      res.on('end', () => {
        a.ended = true;
      });
      res.on('error', () => {
        a.ended = true;
      });
    });
    req.on('error', (error) => {
      if (!a.cutHere) f.error = error.message;
      a.ended = true;
    });
  }

  private serverFor(speaker: string): string {
    let url = this.serverOf.get(speaker);
    if (!url) {
      url = this.serverUrls[this.serverOf.size % this.serverUrls.length];
      this.serverOf.set(speaker, url);
    }
    return url;
  }

  private tick(): void {
    const now = performance.now();
    const dt = (now - this.lastTick) / 1000;
    this.lastTick = now;
    for (const a of this.active) {
      const { f } = a;
      if (a.cutAt !== null && now >= a.cutAt) {
        a.cutHere = true;
        a.req.destroy();
        a.ended = true;
      }
      if (!a.playing) {
        if (a.buffered >= a.rate * PREBUFFER_SECONDS || (a.ended && a.buffered > 0)) {
          a.playing = true;
          f.prebufferAt = now;
        } else if (a.ended) {
          this.finish(a, now);
        }
        continue;
      }
      const want = a.rate * dt;
      if (a.buffered >= want) {
        a.buffered -= want;
        a.starved = false;
      } else {
        a.buffered = 0;
        if (a.ended) {
          this.finish(a, now);
          continue;
        }
        if (!a.starved) f.underruns += 1;
        a.starved = true;
      }
      if (a.paused && a.buffered < a.rate * (HIGH_WATER_SECONDS - 1)) {
        a.paused = false;
        a.res?.resume();
      }
    }
  }

  private finish(a: Active, now: number): void {
    a.f.endedAt = now;
    this.active.delete(a);
    this.done.push(a.f);
  }

  /** Stops a speaker's fetches of a session (a stop command). */
  private cut(speaker: string, sessionId?: string): void {
    for (const a of this.active) {
      if (a.f.speaker === speaker && (!sessionId || a.f.sessionId === sessionId)) {
        // Cut before the end of what it was sent, or before any answer at all (a request still waiting).
        if (!a.ended && (a.res === null || (a.f.expected !== null && a.f.bytes < a.f.expected))) a.f.stopped = true;
        a.cutHere = true;
        a.req.destroy();
        a.ended = true;
      }
    }
  }

  get inFlight(): number {
    return this.active.size;
  }

  /** Waits until no fetch is under way (or `timeoutMs`), then answers and forgets those of `sessionId`. */
  async collect(sessionId: string, timeoutMs: number, speakers = 0): Promise<ItemFetch[]> {
    const end = performance.now() + timeoutMs;
    // The answer can come before every speaker has read its command: wait for them (10 s at most).
    const heardBy = performance.now() + 10_000;
    while ((this.received.get(sessionId) ?? 0) < speakers && performance.now() < heardBy) await new Promise((r) => setTimeout(r, 50));
    this.received.delete(sessionId);
    const busy = () => (this.scheduled.get(sessionId) ?? 0) > 0 || [...this.active].some((a) => a.f.sessionId === sessionId);
    while (busy() && performance.now() < end) await new Promise((r) => setTimeout(r, 200));
    this.scheduled.delete(sessionId);
    for (const a of [...this.active]) {
      if (a.f.sessionId !== sessionId) continue;
      a.req.destroy();
      a.f.error ??= 'not finished in time';
      this.finish(a, performance.now());
    }
    const mine = this.done.filter((f) => f.sessionId === sessionId);
    for (let i = this.done.length - 1; i >= 0; i -= 1) if (this.done[i].sessionId === sessionId) this.done.splice(i, 1);
    return mine;
  }

  close(): void {
    clearInterval(this.ticker);
    for (const a of this.active) a.req.destroy();
    this.active.clear();
    this.agent.destroy();
  }
}
