import type { LiveBroadcast, Schedule, User } from '@loa/contract';
import { hasRight } from '../auth/useAuth';
import { canStop } from '../broadcast/live/canStop';

/** The row buttons a user gets for a schedule. */
export interface ScheduleActions {
  edit: boolean;
  approve: boolean;
  sendBack: boolean;
  pin: boolean;
  remove: boolean;
  /** The live run Stop would end, when one is playing and the user may stop it. */
  stop: LiveBroadcast | null;
}

/**
 * The running broadcast of a schedule: by its schedule id when the server sends one, else the scheduled run
 * with the same title and creator (live entries name their programme, not their schedule).
 */
export function liveRunOf(schedule: Pick<Schedule, '_id' | 'tieude' | 'nguoitao'>, live: LiveBroadcast[]): LiveBroadcast | null {
  const runs = live.filter((l) => l.type === 'phatlich');
  return runs.find((l) => l.idlichgoc === schedule._id)
    ?? runs.find((l) => !l.idlichgoc && l.nguonphat.tenchuongtrinh === schedule.tieude && l.nguoitao === schedule.nguoitao._id)
    ?? null;
}

/** Which actions a row offers: writing needs themsuaxoalichphat, approving and sending back need duyetlichphat on a pending schedule. */
export function scheduleActions(schedule: Schedule, user: Pick<User, 'userID' | 'idAdmin' | 'quyenhan'>, live: LiveBroadcast[]): ScheduleActions {
  const writer = hasRight(user, 'themsuaxoalichphat');
  const approver = hasRight(user, 'duyetlichphat');
  const pending = schedule.trangthai === 'choduyet';
  const run = liveRunOf(schedule, live);
  return {
    edit: writer && schedule.trangthai !== 'ketthuc',
    approve: approver && pending,
    sendBack: approver && pending,
    pin: writer || approver,
    remove: writer,
    stop: run && canStop(run, user) ? run : null,
  };
}

/** Pinned schedules first, then the soonest next start, then those with none left. */
export function sortSchedules(schedules: Schedule[]): Schedule[] {
  const next = (s: Schedule) => s.lanphattiep ?? Number.POSITIVE_INFINITY;
  return [...schedules].sort((a, b) => Number(b.ghim) - Number(a.ghim) || next(a) - next(b) || b.ngaytao - a.ngaytao);
}
