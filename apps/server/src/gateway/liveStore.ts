import type { ClockFault, ClockStatus, DeviceLive, DeviceState } from '@loa/contract';
import { healthFaults, toHealthLive, type HealthThresholds, type StoredHealth } from './deviceHealth';

/** A clock as the server knows it: as reported, or the server's own verdict that none was ever reported. */
export type KnownClock = Omit<ClockStatus, 'fault'> & { fault?: ClockFault | 'notReported' };

/** The clock of a speaker online for long without reporting one (gateway.watchClock). */
export const notReportedClock = (): KnownClock => ({ offset: 0, rtt: 0, jitter: 0, drift: 0, quality: 'untrusted', fault: 'notReported', samples: 0 });

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
  clock: KnownClock | null;
  /** The plan it reported holding (issue #30), in memory only: it reports it every 20 s. */
  plan?: { version: number; missing: number } | null;
  /** The box's health as it last reported it, with the faults found in it (issue #31). */
  health?: StoredHealth | null;
}

export const emptyLive = (): LiveEntry => ({ online: false, volume: null, playing: null, signal: null, firmware: null, ip: null, lastSeen: null, clock: null });

const QUALITY = { good: 'tot', poor: 'kem', unsynced: 'chuadongbo', untrusted: 'khongtincay' } as const;
const FAULT = { noAnswer: 'khongphanhoi', slowRoundTrip: 'khuhoicham', jumping: 'nhayvot', notReported: 'khongbaocao' } as const;

/** The console's view of a reported clock. */
export function toClockLive(clock: KnownClock | null): DeviceLive['dongho'] {
  if (!clock) return null;
  return { lech: clock.offset, khuhoi: clock.rtt, chatluong: QUALITY[clock.quality], loi: clock.fault ? FAULT[clock.fault] : null };
}

/** The console's view of the plan a speaker holds against the version last sent to it (null: none sent). */
export function toPlanLive(held: LiveEntry['plan'], sent: number | null): DeviceLive['lichphat'] {
  if (sent === null) return null;
  if (!held || held.version < sent) return { phienban: held?.version ?? null, tinhtrang: 'chuanhan', thieu: held?.missing ?? 0, nhan: 'chưa nhận lịch mới' };
  if (held.missing > 0) return { phienban: held.version, tinhtrang: 'thieutep', thieu: held.missing, nhan: `thiếu ${held.missing} tệp` };
  return { phienban: held.version, tinhtrang: 'sansang', thieu: 0, nhan: 'sẵn sàng' };
}

/** The console's view of a live entry; `planSent`: the version of the plan last sent to it (null: none). */
export function toDeviceLive(e: LiveEntry, planSent: number | null = null): DeviceLive {
  return {
    online: e.online,
    amluong: e.volume,
    dangphat: e.online ? e.playing : null,
    tinhieu: e.signal,
    firmware: e.firmware,
    ip: e.ip,
    lancuoi: e.lastSeen === null ? null : Math.floor(e.lastSeen / 1000),
    dongho: toClockLive(e.clock),
    lichphat: toPlanLive(e.plan, planSent),
    suckhoe: toHealthLive(e.health),
  };
}

/** What the console shows of an entry, less what moves by itself (last seen, play position). */
const signature = (e: LiveEntry) => [
  e.online, e.volume, e.playing?.sessionId, e.playing?.itemIndex, e.signal, e.firmware, e.ip,
  // The clock as the table shows it: its quality, and the offset to the tenth of a second.
  e.clock?.quality, e.clock?.fault, e.clock ? Math.round(e.clock.offset / 100) : null,
  e.plan?.version, e.plan?.missing,
  // Health readings move all the time: only a fault that comes or goes is worth a push.
  e.health?.faults.join(','),
].join('|');

/**
 * Applies a state report; answers whether anything the console shows changed. A health reading is
 * judged against `thresholds` as it comes.
 */
export function applyState(entry: LiveEntry, state: DeviceState, now: number, thresholds?: HealthThresholds): boolean {
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
  if (state.plan !== undefined) entry.plan = state.plan;
  if (state.health !== undefined && thresholds) entry.health = { ...state.health, at: now, faults: healthFaults(state.health, thresholds) };
  return signature(entry) !== before;
}
