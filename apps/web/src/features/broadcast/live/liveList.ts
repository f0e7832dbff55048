import { EVENTS, type LiveBroadcast, type ReachEvent, type ServerToClientEvents } from '@loa/contract';

export type PlayStateEvent = Parameters<ServerToClientEvents[typeof EVENTS.playState]>[0];
export type WaitingRepeatEvent = Parameters<ServerToClientEvents[typeof EVENTS.waitingRepeat]>[0];

/** The live list after a play-state event: status true adds or replaces the card, false removes it (spec §4). */
export function applyPlayState(list: LiveBroadcast[], event: PlayStateEvent): LiveBroadcast[] {
  const others = list.filter((entry) => entry.idlichphat !== event.idlichphat);
  if (!event.trangthai) return others;
  if (!event.lichphat) return list;
  const index = list.findIndex((entry) => entry.idlichphat === event.idlichphat);
  if (index === -1) return [...list, event.lichphat];
  // The engine's events carry no reach: the card keeps the last one until CAP-NHAT-PHAM-VI-PHAT brings another.
  return list.map((entry, i) => (i === index ? { ...event.lichphat!, phamvi: event.lichphat!.phamvi ?? entry.phamvi } : entry));
}

/** The live list after a reach event: the card's speakers playing / chosen, failed and offline. */
export function applyReach(list: LiveBroadcast[], event: ReachEvent): LiveBroadcast[] {
  return list.map((entry) => (entry.idlichphat === event.idlichphat ? { ...entry, phamvi: event.phamvi } : entry));
}

/** The live list after a waiting-to-repeat event: the card's flag and repeat time change. */
export function applyWaitingRepeat(list: LiveBroadcast[], event: WaitingRepeatEvent): LiveBroadcast[] {
  // Nothing plays while waiting: the card drops the last item, as the server's own list does after a reload.
  const waiting = (entry: LiveBroadcast) => (event.chophatlai ? { nguondangphat: null, thoigianketthuc: event.thoigianchophatlai ?? entry.thoigianketthuc } : {});
  return list.map((entry) => (entry.idlichphat === event.idlichphat ? { ...entry, chophatlai: event.chophatlai, thoigianchophatlai: event.thoigianchophatlai, ...waiting(entry) } : entry));
}

/** Seconds left on a card: to the repeat time while waiting to repeat, else to the end; never below zero. */
export function secondsLeft(entry: Pick<LiveBroadcast, 'chophatlai' | 'thoigianchophatlai' | 'thoigianketthuc'>, now: number): number {
  return Math.max(0, Math.ceil((countdownTarget(entry) - now) / 1000));
}

/** What a card counts down to: the repeat while waiting for it, else the end. */
export function countdownTarget(entry: Pick<LiveBroadcast, 'chophatlai' | 'thoigianchophatlai' | 'thoigianketthuc'>): number {
  return entry.chophatlai && entry.thoigianchophatlai !== null ? entry.thoigianchophatlai : entry.thoigianketthuc;
}

/** Repeat mode and count shown on a card: the source's when its count is above -1, else the entry's own. */
export function repeatInfo(entry: LiveBroadcast): { kieulaplai: number; solanlaplai: number } {
  const source = entry.nguonphat;
  if (source && source.solanlaplai > -1) return { kieulaplai: source.kieulaplai, solanlaplai: source.solanlaplai };
  return { kieulaplai: entry.kieulaplai, solanlaplai: entry.solanlaplai };
}
