import type { LiveBroadcast, Schedule } from '@loa/contract';

/** The row buttons a user gets for a schedule. */
export interface ScheduleActions {
  edit: boolean;
  approve: boolean;
  sendBack: boolean;
  /** Pin for oneself. */
  pin: boolean;
  /** Pin for everyone (an approver). */
  pinAll: boolean;
  remove: boolean;
  /** The live run Stop would end, when one is playing and the user may stop it. */
  stop: LiveBroadcast | null;
}

/**
 * The running broadcast of a schedule: by its schedule id when the server sends one, else the scheduled run
 * with the same title and creator (live entries name their programme, not their schedule).
 */
export function liveRunOf(schedule: Pick<Schedule, '_id' | 'tieude' | 'nguoitao'> & Partial<Pick<Schedule, 'iddangphat'>>, live: LiveBroadcast[]): LiveBroadcast | null {
  const runs = live.filter((l) => l.type === 'phatlich');
  return (schedule.iddangphat ? runs.find((l) => l.idlichphat === schedule.iddangphat) : undefined)
    ?? runs.find((l) => l.idlichgoc === schedule._id)
    ?? runs.find((l) => !l.idlichgoc && l.nguonphat.tenchuongtrinh === schedule.tieude && l.nguoitao === schedule.nguoitao._id)
    ?? null;
}

/**
 * Which actions a row offers: exactly those the server says the user may take (Schedule.thaotac,
 * one rule for scope and rights on the server). Stop names the live run the server counted as this
 * schedule's; until the list catches up with a run that just started, there is none.
 */
export function scheduleActions(schedule: Schedule, live: LiveBroadcast[]): ScheduleActions {
  const may = schedule.thaotac;
  const run = liveRunOf(schedule, live);
  return {
    edit: may.sua,
    approve: may.duyet,
    sendBack: may.yeucauduyetlai,
    pin: may.ghim,
    pinAll: may.ghimchung,
    remove: may.xoa,
    stop: run && may.dung && run.idlichphat === schedule.iddangphat ? run : null,
  };
}

/** Pinned schedules first, then the soonest next start, then those with none left. */
export function sortSchedules(schedules: Schedule[]): Schedule[] {
  const next = (s: Schedule) => s.lanphattiep ?? Number.POSITIVE_INFINITY;
  return [...schedules].sort((a, b) => Number(b.ghim) - Number(a.ghim) || next(a) - next(b) || b.ngaytao - a.ngaytao);
}
