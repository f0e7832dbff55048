import type { DeviceLive, DeviceState } from '@loa/contract';

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
}

export const emptyLive = (): LiveEntry => ({ online: false, volume: null, playing: null, signal: null, firmware: null, ip: null, lastSeen: null });

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
  };
}

/** What the console shows of an entry, less what moves by itself (last seen, play position). */
const signature = (e: LiveEntry) => [e.online, e.volume, e.playing?.sessionId, e.playing?.itemIndex, e.signal, e.firmware, e.ip].join('|');

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
  return signature(entry) !== before;
}
