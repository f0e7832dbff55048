import { MSG, SCHEDULE_MESSAGES, type RightValue, type ScheduleActions } from '@loa/contract';
import { outOfScope, refusedRight, type AppError } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { hasRight } from '../auth/rights';
import type { AreaScope } from '../areas/areas.service';
import type { ScheduleRow } from './schedules.queries';

/** An action on a schedule, named as the answers name it (Schedule.thaotac). */
export type ScheduleAction = keyof ScheduleActions;

export const SCHEDULE_ACTIONS: readonly ScheduleAction[] = ['sua', 'xoa', 'ghim', 'ghimchung', 'duyet', 'yeucauduyetlai', 'dung'];

type Row = Pick<ScheduleRow, 'admin_id' | 'created_by' | 'creator_area_id' | 'chosen_areas'>;

/** Whether the caller sees a schedule at all (list, detail): its administrator, and one chosen area in scope. */
export function seesSchedule(session: Session, scope: AreaScope, row: Row): boolean {
  return row.admin_id === session.user.admin_id && row.chosen_areas.some((a) => scope.ids.has(a));
}

/**
 * Whether the caller holds a schedule: every area it plays to lies in the caller's scope, and the
 * caller made it or oversees its maker (the maker's area lies in that scope; an account without an
 * area oversees the whole administrator). A commune officer so never changes what the district or
 * the administrator decided for its commune.
 */
export function holdsSchedule(session: Session, scope: AreaScope, row: Row): boolean {
  if (!row.chosen_areas.every((a) => scope.ids.has(a))) return false;
  if (row.created_by === session.user.id || session.user.area_id === null) return true;
  return row.creator_area_id !== null && scope.ids.has(row.creator_area_id);
}

/** The right an action lacks, or null: writing needs themsuaxoalichphat (and duyetlichphat on someone else's schedule), approving duyetlichphat. */
function missingRight(session: Session, row: Row, action: ScheduleAction): RightValue | null {
  const mine = row.created_by === session.user.id;
  const need = (right: RightValue) => (hasRight(session, right) ? null : right);
  switch (action) {
    case 'sua':
    case 'xoa':
      return need('themsuaxoalichphat') ?? (mine ? null : need('duyetlichphat'));
    case 'ghim':
      return hasRight(session, 'duyetlichphat') ? null : need('themsuaxoalichphat');
    case 'ghimchung':
    case 'duyet':
    case 'yeucauduyetlai':
      return need('duyetlichphat');
    case 'dung':
      return mine ? null : need('dungphatchuongtrinh');
  }
}

/**
 * The one rule for every action on a schedule (edit, delete, pin, approve, send back, stop): why the
 * caller may not, as the error to throw (logged as a refusal: out of scope, or a right it lacks), or
 * null. Stopping follows the live card's rule (the maker, or dungphatchuongtrinh over every area it
 * plays to), which asks nothing about the maker's place: a commune may silence its own speakers.
 */
export function scheduleRefusal(session: Session, scope: AreaScope, row: Row, action: ScheduleAction): AppError | null {
  if (!seesSchedule(session, scope, row)) return outOfScope(SCHEDULE_MESSAGES.notFound);
  const held = action === 'dung'
    ? row.created_by === session.user.id || row.chosen_areas.every((a) => scope.ids.has(a))
    : holdsSchedule(session, scope, row);
  if (!held) return outOfScope(SCHEDULE_MESSAGES.outsideScope, 403);
  const right = missingRight(session, row, action);
  return right ? refusedRight(MSG.forbidden, right) : null;
}

/** Where a schedule stands, for the actions that depend on it. */
export interface ScheduleState {
  status: ScheduleRow['status'];
  /** An occurrence is still to come. */
  upcoming: boolean;
  /** One of its occurrences is on air. */
  running: boolean;
}

/** Whether an action makes sense now (approve what waits, send back what waits or is approved, stop what plays). */
export function stateAllows(state: ScheduleState, action: ScheduleAction): boolean {
  switch (action) {
    case 'duyet':
      return (state.status === 'choduyet' || state.status === 'yeucausua') && state.upcoming;
    case 'yeucauduyetlai':
      return (state.status === 'choduyet' || state.status === 'daduyet') && state.upcoming;
    case 'dung':
      return state.running;
    default:
      return true;
  }
}

/** The actions the caller may take on a schedule now: the buttons the console shows. */
export function scheduleActionsFor(session: Session, scope: AreaScope, row: Row, state: ScheduleState): ScheduleActions {
  const entries = SCHEDULE_ACTIONS.map((a) => [a, stateAllows(state, a) && scheduleRefusal(session, scope, row, a) === null] as const);
  return Object.fromEntries(entries) as ScheduleActions;
}
