import type { Area, Device } from '@loa/contract';

/** An area with its sub-areas and the devices in it and below it. */
export interface AreaNode {
  area: Area;
  children: AreaNode[];
  depth: number;
  /** Devices in this area and every area below it. */
  devices: number;
  online: number;
}

/**
 * Builds the province › district › commune › village tree. Areas whose parent is outside the list
 * (the top of a user's scope) become roots; children keep the input order (the server's name order).
 */
export function buildAreaTree(areas: readonly Area[], devices: readonly Pick<Device, 'diaban' | 'trangthai'>[] = []): AreaNode[] {
  const nodes = new Map<string, AreaNode>(areas.map((area) => [area._id, { area, children: [], depth: 0, devices: 0, online: 0 }]));
  const roots: AreaNode[] = [];
  for (const area of areas) {
    const node = nodes.get(area._id)!;
    const parent = area.idcha ? nodes.get(area.idcha) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  for (const device of devices) {
    // Count the device on its area and every ancestor; the guard stops a malformed cycle.
    const seen = new Set<string>();
    for (let node = nodes.get(device.diaban._id); node && !seen.has(node.area._id); node = node.area.idcha ? nodes.get(node.area.idcha) : undefined) {
      seen.add(node.area._id);
      node.devices += 1;
      if (device.trangthai.online) node.online += 1;
    }
  }
  const setDepth = (list: AreaNode[], depth: number) => list.forEach((node) => {
    node.depth = depth;
    setDepth(node.children, depth + 1);
  });
  setDepth(roots, 0);
  return roots;
}

/** The tree flattened depth-first, for indented selects. */
export function flattenAreaTree(roots: readonly AreaNode[]): AreaNode[] {
  const out: AreaNode[] = [];
  const walk = (list: readonly AreaNode[]) => list.forEach((node) => {
    out.push(node);
    walk(node.children);
  });
  walk(roots);
  return out;
}

/** Ids of an area and every area below it. */
export function subtreeIds(areas: readonly Area[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const area of areas) if (area.idcha) children.set(area.idcha, [...(children.get(area.idcha) ?? []), area._id]);
  const ids = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return ids;
}
