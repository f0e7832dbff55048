import { ALL_DEVICES, type Area, type Device } from '@loa/contract';

/** A reach wide enough to ask once more: a whole province or district, or several communes. */
export type WideReach = { kind: 'tinh' | 'huyen'; name: string } | { kind: 'communes' };

/** What a broadcast will reach, as the confirmation shows it. */
export interface ReachSummary {
  areaNames: string[];
  /** Communes (xã, thị trấn) that will hear it, in the order of the area list. */
  communes: string[];
  speakers: number;
  online: number;
  wide: WideReach | null;
}

/** The chosen areas and every area below them. */
function subtree(areas: Area[], chosen: string[]): Set<string> {
  const result = new Set(chosen);
  for (let grew = true; grew;) {
    grew = false;
    for (const a of areas) {
      if (a.idcha && result.has(a.idcha) && !result.has(a._id)) {
        result.add(a._id);
        grew = true;
      }
    }
  }
  return result;
}

/**
 * The confirmation's figures: the communes the chosen areas cover (a chosen village counts its
 * commune), the speakers chosen ('Tất cả thiết bị': every device of the areas) and how many are
 * online now, and whether it reaches a whole province or district or more than one commune.
 */
export function reachSummary(areas: Area[], areaIds: string[], devices: Device[], deviceIds: string[]): ReachSummary {
  const byId = new Map(areas.map((a) => [a._id, a]));
  const covered = subtree(areas, areaIds);
  for (const id of areaIds) {
    const area = byId.get(id);
    if (area?.cap === 'thon' && area.idcha) covered.add(area.idcha);
  }
  const communes = areas.filter((a) => a.cap === 'xa' && covered.has(a._id)).map((a) => a.tendiaban);
  const chosen = deviceIds.includes(ALL_DEVICES) ? devices : devices.filter((d) => deviceIds.includes(d._id));
  const speakers = deviceIds.includes(ALL_DEVICES) ? devices.length : new Set(deviceIds).size;
  const online = chosen.filter((d) => d.trangthai.online).length;

  const above = areaIds.map((id) => byId.get(id)).filter((a): a is Area => a?.cap === 'tinh' || a?.cap === 'huyen');
  // The widest chosen area, when it alone holds every commune reached.
  const top = above.find((a) => a.cap === 'tinh') ?? above[0];
  let wide: WideReach | null = null;
  if (top && areas.every((a) => !(a.cap === 'xa' && covered.has(a._id)) || subtree(areas, [top._id]).has(a._id))) wide = { kind: top.cap as 'tinh' | 'huyen', name: top.tendiaban };
  else if (above.length > 0 || communes.length > 1) wide = { kind: 'communes' };
  return { areaNames: areaIds.map((id) => byId.get(id)?.tendiaban ?? id), communes, speakers, online, wide };
}

/** An area's name inside a sentence: "toàn huyện Hải Lăng", not "toàn Huyện Hải Lăng". */
export const inSentence = (name: string): string => name.charAt(0).toLocaleLowerCase('vi') + name.slice(1);
