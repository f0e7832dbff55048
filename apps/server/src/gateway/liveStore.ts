import type { ClockStatus, DeviceLive, DeviceState } from '@loa/contract';

/** What the server knows of a speaker right now. */
export interface LiveEntry {
  online: boolean;
  volume: number | null;
  playing: DeviceLive['dangphat'];
  signal: number | null;
  firmware: string | null;
  ip: string | null;
  /** Last time anything was heard from the device, unix ms. */
  lastSeen: number | null;
  /** The device's clock as it last reported it (devices that synchronise). */
  clock: ClockStatus | null;
}

export const emptyLive = (): LiveEntry => ({ online: false, volume: null, playing: null, signal: null, firmware: null, ip: null, lastSeen: null, clock: null });

const QUALITY = { good: 'tot', poor: 'kem', unsynced: 'chuadongbo', untrusted: 'khongtincay' } as const;
const FAULT = { noAnswer: 'khongphanhoi', slowRoundTrip: 'khuhoicham', jumping: 'nhayvot' } as const;

/** The console's view of a reported clock. */
export function toClockLive(clock: ClockStatus | null): DeviceLive['dongho'] {
  if (!clock) return null;
  return { lech: clock.offset, khuhoi: clock.rtt, chatluong: QUALITY[clock.quality], loi: clock.fault ? FAULT[clock.fault] : null };
}

/** The console's view of a live entry. */
export function toDeviceLive(e: LiveEntry): DeviceLive {
  return {
    online: e.online,
    amluong: e.volume,
    dangphat: e.online ? e.playing : null,
    tinhieu: e.signal,
    firmware: e.firmware,
    ip: e.ip,
    lancuoi: e.lastSeen === null ? null : Math.floor(e.lastSeen / 1000),
    dongho: toClockLive(e.clock),
  };
}

/** What the console shows of an entry, less what moves by itself (last seen, play position). */
const signature = (e: LiveEntry) => [
  e.online, e.volume, e.playing?.sessionId, e.playing?.itemIndex, e.signal, e.firmware, e.ip,
  // The clock as the table shows it: its quality, and the offset to the tenth of a second.
  e.clock?.quality, e.clock?.fault, e.clock ? Math.round(e.clock.offset / 100) : null,
].join('|');

/** Applies a state report; answers whether anything the console shows changed. */
export function applyState(entry: LiveEntry, state: DeviceState, now: number): boolean {
  const before = signature(entry);
  entry.online = state.online;
  entry.lastSeen = now;
  if (state.volume !== undefined) entry.volume = state.volume;
  if (state.playing !== undefined) {
    entry.playing = state.playing
      ? { sessionId: state.playing.sessionId, itemIndex: state.playing.itemIndex, position: state.playing.position, title: state.playing.title ?? null }
      : null;
  }
  if (!state.online) entry.playing = null;
  if (state.signal !== undefined) entry.signal = state.signal;
  if (state.firmware !== undefined) entry.firmware = state.firmware;
  if (state.ip !== undefined) entry.ip = state.ip;
  if (state.clock !== undefined) entry.clock = state.clock;
  return signature(entry) !== before;
}
