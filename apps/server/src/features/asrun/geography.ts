import type { AreaRow } from '../areas/areas.queries';

/**
 * The administrator's areas and speakers as the record groups them: every speaker counts in its
 * commune (the nearest area of level 'xa' at or above its own; an area above communes stands for
 * itself), and only speakers inside `allowed` (the caller's scope, narrowed by the area filter) count.
 */
export class Geography {
  private readonly byId: Map<string, AreaRow>;
  private readonly children = new Map<string, string[]>();
  private readonly deviceArea: Map<string, string>;
  private readonly devicesByArea = new Map<string, string[]>();

  constructor(areas: AreaRow[], devices: { id: string; area_id: string }[], private readonly allowed: Set<string>) {
    this.byId = new Map(areas.map((a) => [a.id, a]));
    for (const a of areas) if (a.parent_id) this.children.set(a.parent_id, [...(this.children.get(a.parent_id) ?? []), a.id]);
    this.deviceArea = new Map(devices.map((d) => [d.id, d.area_id]));
    for (const d of devices) this.devicesByArea.set(d.area_id, [...(this.devicesByArea.get(d.area_id) ?? []), d.id]);
  }

  /** Areas and every area below them. */
  subtree(ids: Iterable<string>): Set<string> {
    const out = new Set<string>();
    const stack = [...ids];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (out.has(id) || !this.byId.has(id)) continue;
      out.add(id);
      stack.push(...(this.children.get(id) ?? []));
    }
    return out;
  }

  /** The commune an area belongs to (itself when it is one, or when it lies above communes). */
  communeOf(areaId: string): { _id: string; tendiaban: string } | null {
    let area = this.byId.get(areaId);
    const own = area;
    while (area && area.cap !== 'xa') area = area.parent_id ? this.byId.get(area.parent_id) : undefined;
    const commune = area ?? own;
    return commune ? { _id: commune.id, tendiaban: commune.ten } : null;
  }

  /**
   * The speakers a programme addressed, inside the allowed areas, grouped by commune; `reported`
   * adds speakers that played it though they are no longer addressed (moved since). A commune or
   * village it was sent to that has no speaker still gets its (empty) group. `recorded`: the speakers
   * the session addressed when it started, with their areas then (broadcast_targets); given, it is
   * the list, and today's registry is not read for it.
   */
  groups(
    targetAreas: string[], targetDevices: string[], reported: Iterable<string> = [], recorded?: ReadonlyMap<string, string>,
  ): Map<string, { area: { _id: string; tendiaban: string }; devices: string[] }> {
    const devices = new Set<string>(recorded ? recorded.keys() : targetDevices);
    if (!recorded) for (const areaId of this.subtree(targetAreas)) for (const d of this.devicesByArea.get(areaId) ?? []) devices.add(d);
    for (const d of reported) devices.add(d);
    const out = new Map<string, { area: { _id: string; tendiaban: string }; devices: string[] }>();
    const groupOf = (areaId: string) => {
      const commune = this.communeOf(areaId);
      if (!commune) return null;
      let group = out.get(commune._id);
      if (!group) out.set(commune._id, (group = { area: commune, devices: [] }));
      return group;
    };
    for (const d of devices) {
      const areaId = recorded?.get(d) ?? this.deviceArea.get(d);
      if (areaId && this.allowed.has(areaId)) groupOf(areaId)?.devices.push(d);
    }
    for (const areaId of targetAreas) {
      const cap = this.byId.get(areaId)?.cap;
      if ((cap === 'xa' || cap === 'thon') && this.allowed.has(areaId)) groupOf(areaId);
    }
    return out;
  }
}
