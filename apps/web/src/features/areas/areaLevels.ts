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

/**
 * What "Cấp" offers: each level, and beside Xã the commune-level units Phường and Thị trấn. They are
 * communes to the server (cap 'xa', whose level rules it enforces); the unit is the first word of
 * the name, as in "Phường Đông Lễ" (areaUnitLabel reads it back for the tree).
 */
export const AREA_CHOICES = [
  { id: 'tinh', cap: 'tinh', unit: null },
  { id: 'huyen', cap: 'huyen', unit: null },
  { id: 'xa', cap: 'xa', unit: null },
  { id: 'phuong', cap: 'xa', unit: 'Phường' },
  { id: 'thitran', cap: 'xa', unit: 'Thị trấn' },
  { id: 'thon', cap: 'thon', unit: null },
] as const satisfies readonly { id: string; cap: AreaLevel; unit: string | null }[];
export type AreaChoice = (typeof AREA_CHOICES)[number]['id'];

export const choiceOf = (id: AreaChoice) => AREA_CHOICES.find((c) => c.id === id)!;

/** The choice an existing area shows: its unit when its name gives one (Phường, Thị trấn), else its level. */
export function choiceOfArea(area: Pick<Area, 'cap'> & { unit: string }): AreaChoice {
  return AREA_CHOICES.find((c) => c.cap === area.cap && c.unit === area.unit)?.id ?? area.cap;
}

/** The name to save: "Phường" or "Thị trấn" put in front when the typed name does not start with it. */
export function nameWithUnit(name: string, choice: AreaChoice): string {
  const { unit } = choiceOf(choice);
  const trimmed = name.trim();
  if (!unit || trimmed.normalize('NFC').toLocaleLowerCase('vi').startsWith(`${unit.toLocaleLowerCase('vi')} `)) return trimmed;
  return `${unit} ${trimmed}`;
}

/**
 * Where "Thêm địa bàn" opens: under the given parent, else under the user's own area when it has
 * one (a district officer may only create inside it: the server refuses anything else), else at the
 * top as a province; the level is the one below the parent.
 */
export function initialCreate(parent: Area | null, userAreaId: string | null, areas: readonly Area[]): { parentId: string; choice: AreaChoice } {
  const under = parent ?? (userAreaId ? areas.find((a) => a._id === userAreaId) ?? null : null);
  return { parentId: under?._id ?? '', choice: childLevel(under ?? undefined) ?? 'thon' };
}

/**
 * Whether "Thêm địa bàn" has anywhere to add: not for an officer of a village (nothing is below a
 * village, and the server refuses anything outside it); while the user's own area is not yet
 * loaded, not shown.
 */
export function mayAddArea(userAreaId: string | null, areas: readonly Area[]): boolean {
  if (!userAreaId) return true;
  const own = areas.find((a) => a._id === userAreaId);
  return !!own && childLevel(own) !== null;
}
