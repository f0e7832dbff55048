import type { AreaGeography, Boundary } from '@loa/contract';

/** [[south, west], [north, east]], as Leaflet's fitBounds takes it. */
export type Box = [[number, number], [number, number]];

/** The box around a boundary's outer rings. */
export function boundaryBox(boundary: Boundary): Box {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  let south = 90, west = 180, north = -90, east = -180;
  for (const rings of polygons) {
    for (const [lon, lat] of rings[0] ?? []) {
      south = Math.min(south, lat!); north = Math.max(north, lat!);
      west = Math.min(west, lon!); east = Math.max(east, lon!);
    }
  }
  return [[south, west], [north, east]];
}

/** The box around every box; null for none. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return [
    [Math.min(...boxes.map((b) => b[0][0])), Math.min(...boxes.map((b) => b[0][1]))],
    [Math.max(...boxes.map((b) => b[1][0])), Math.max(...boxes.map((b) => b[1][1]))],
  ];
}

/** A short fingerprint of an area's boundary: a changed (re-imported) outline has another. */
export function boundarySignature(boundary: Boundary): string {
  const text = JSON.stringify(boundary);
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${text.length.toString(36)}.${hash.toString(36)}`;
}

/**
 * The boundaries the map has not shown before (new, or imported again with another outline), by
 * what it remembers (area id → fingerprint); and what it remembers from now on.
 */
export function freshBoundaries(areas: readonly AreaGeography[], seen: Readonly<Record<string, string>>): { fresh: AreaGeography[]; seen: Record<string, string> } {
  const next: Record<string, string> = {};
  const fresh: AreaGeography[] = [];
  for (const area of areas) {
    if (!area.ranhgioi) continue;
    const signature = boundarySignature(area.ranhgioi);
    next[area._id] = signature;
    if (seen[area._id] !== signature) fresh.push(area);
  }
  return { fresh, seen: next };
}
