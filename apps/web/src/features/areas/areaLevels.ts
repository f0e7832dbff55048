import { AREA_LEVELS, type Area, type AreaLevel } from '@loa/contract';

/** 0 for a province … 3 for a village. */
export function levelRank(level: AreaLevel): number {
  return AREA_LEVELS.indexOf(level);
}

/** The level one below a parent (a village has none). */
export function childLevel(parent: Area | undefined): AreaLevel | null {
  if (!parent) return 'tinh';
  return AREA_LEVELS[levelRank(parent.cap) + 1] ?? null;
}
