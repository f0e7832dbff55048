import type { DomainBus } from '../../infra/events';
import type { ScheduleRow } from './schedules.queries';

/**
 * Tells the open lists of those who see these schedules (their areas and below, their creators) to
 * read them again (issue #32 items 8 and 13): a schedule submitted, approved, sent back, edited,
 * deleted or copied appears as it now is without a reload.
 */
export function announceSchedules(bus: DomainBus, rows: readonly (ScheduleRow | null | undefined)[]): void {
  const known = rows.filter((r): r is ScheduleRow => !!r);
  if (known.length === 0) return;
  bus.emit('schedules.changed', {
    ids: known.map((r) => r.id), areaIds: [...new Set(known.flatMap((r) => r.chosen_areas))], userIds: [...new Set(known.map((r) => r.created_by))],
  });
}
