import type { Boundary } from '@loa/contract';

/** A point as GeoJSON orders it: [longitude, latitude]. */
export type Point = [number, number];
/** A polygon: its outer ring, then its holes (each ring closed). */
export type Polygon = Point[][];
export interface Circle { center: Point; radiusKm: number }

/** A CAP <polygon> ("lat,lon lat,lon …") as a GeoJSON-ordered ring. */
export function capPolygon(text: string): Point[] {
  return text.trim().split(/\s+/).map((pair) => {
    const [lat, lon] = pair.split(',').map(Number);
    return [lon, lat] as Point;
  });
}

/** A CAP <circle> ("lat,lon radius", radius in km). */
export function capCircle(text: string): Circle {
  const [pair, radius] = text.trim().split(/\s+/);
  const [lat, lon] = pair.split(',').map(Number);
  return { center: [lon, lat], radiusKm: Number(radius) };
}

/** The polygons of a GeoJSON boundary. */
export const polygonsOf = (boundary: Boundary): Polygon[] =>
  (boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates).map((rings) => rings.map((ring) => ring.map((p) => [p[0], p[1]] as Point)));

/** Ray casting: whether a point lies inside a closed ring (points on the edge may go either way). */
export function inRing(point: Point, ring: Point[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of the holes. */
export const inPolygon = (point: Point, polygon: Polygon): boolean => inRing(point, polygon[0]) && !polygon.slice(1).some((hole) => inRing(point, hole));

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Point, q: Point, r: Point) => Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd touch or cross. */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(c, a, d)) || (d2 === 0 && onSegment(c, b, d)) || (d3 === 0 && onSegment(a, c, b)) || (d4 === 0 && onSegment(a, d, b));
}

const edges = (ring: Point[]): [Point, Point][] => ring.slice(1).map((p, i) => [ring[i], p]);

/** Whether a ring (the alert's polygon) and a polygon (an area's) share any point. */
export function ringIntersectsPolygon(ring: Point[], polygon: Polygon): boolean {
  if (ring.some((p) => inPolygon(p, polygon))) return true;
  if (polygon[0].some((p) => inRing(p, ring))) return true;
  const theirs = polygon.flatMap(edges);
  return edges(ring).some(([a, b]) => theirs.some(([c, d]) => segmentsIntersect(a, b, c, d)));
}

/** Kilometres from a point to a segment, on a local flat projection around the point (fine at a province's scale). */
function kmToSegment(p: Point, a: Point, b: Point): number {
  const kx = 111.32 * Math.cos((p[1] * Math.PI) / 180);
  const ky = 110.574;
  const ax = (a[0] - p[0]) * kx; const ay = (a[1] - p[1]) * ky;
  const bx = (b[0] - p[0]) * kx; const by = (b[1] - p[1]) * ky;
  const dx = bx - ax; const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Whether a circle (radius 0: a point) and a polygon share any point. */
export function circleIntersectsPolygon(circle: Circle, polygon: Polygon): boolean {
  if (inPolygon(circle.center, polygon)) return true;
  return polygon.flatMap(edges).some(([a, b]) => kmToSegment(circle.center, a, b) <= circle.radiusKm);
}

/** Whether the alert's shape reaches any polygon of a boundary. */
export function shapeReaches(shape: { ring: Point[] } | { circle: Circle }, boundary: Boundary): boolean {
  return polygonsOf(boundary).some((polygon) => ('ring' in shape ? ringIntersectsPolygon(shape.ring, polygon) : circleIntersectsPolygon(shape.circle, polygon)));
}
