import Flatbush from 'flatbush';
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

/** A bounding box: [west, south, east, north]. */
export type Box = [number, number, number, number];

/** The bounding box of some points. */
export function boxOf(points: Iterable<Point>): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

export const boxesOverlap = (a: Box, b: Box): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** An alert's ring made ready to meet many areas: its box, and its edges in a spatial index (Flatbush, an R-tree packed once). */
export interface PreparedRing { ring: Point[]; box: Box; edges: Flatbush }

export function prepareRing(ring: Point[]): PreparedRing {
  const edges = new Flatbush(Math.max(1, ring.length - 1));
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [a, b] = [ring[i], ring[i + 1]];
    edges.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  }
  if (ring.length < 2) edges.add(ring[0][0], ring[0][1], ring[0][0], ring[0][1]);
  edges.finish();
  return { ring, box: boxOf(ring), edges };
}

/** Whether any edge of the polygon's rings touches or crosses an edge of the prepared ring: each edge asks the index for the few it may meet. */
function edgesMeet(prepared: PreparedRing, polygon: Polygon): boolean {
  const { ring } = prepared;
  for (const theirs of polygon) {
    for (let j = 0; j + 1 < theirs.length; j += 1) {
      const [c, d] = [theirs[j], theirs[j + 1]];
      const near = prepared.edges.search(Math.min(c[0], d[0]), Math.min(c[1], d[1]), Math.max(c[0], d[0]), Math.max(c[1], d[1]));
      if (near.some((i) => i + 1 < ring.length && segmentsIntersect(ring[i], ring[i + 1], c, d))) return true;
    }
  }
  return false;
}

/**
 * Whether a ring (the alert's polygon) and a polygon (an area's) share any point. When no edges
 * touch, each ring lies wholly on one side of the other's boundary, so one vertex each way decides:
 * O((n + m) log n) instead of comparing every edge with every edge.
 */
export function ringIntersectsPolygon(ring: Point[] | PreparedRing, polygon: Polygon): boolean {
  const prepared = Array.isArray(ring) ? prepareRing(ring) : ring;
  if (!boxesOverlap(prepared.box, boxOf(polygon.flat()))) return false;
  if (edgesMeet(prepared, polygon)) return true;
  return inPolygon(prepared.ring[0], polygon) || inRing(polygon[0][0], prepared.ring);
}

/** Kilometres from a point to a segment, on a local flat projection around the point (fine at a province's scale). */
export function kmToSegment(p: Point, a: Point, b: Point): number {
  const kx = 111.32 * Math.cos((p[1] * Math.PI) / 180);
  const ky = 110.574;
  const ax = (a[0] - p[0]) * kx; const ay = (a[1] - p[1]) * ky;
  const bx = (b[0] - p[0]) * kx; const by = (b[1] - p[1]) * ky;
  const dx = bx - ax; const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** The box around a circle, a little wider than its radius (the flat projection is approximate). */
export function circleBox(circle: Circle): Box {
  const [x, y] = circle.center;
  const dy = (circle.radiusKm * 1.01) / 110.574 + 1e-9;
  const dx = (circle.radiusKm * 1.01) / (111.32 * Math.max(0.01, Math.cos((y * Math.PI) / 180))) + 1e-9;
  return [x - dx, y - dy, x + dx, y + dy];
}

/** Whether a circle (radius 0: a point) and a polygon share any point: linear in the polygon's edges, those outside the circle's box skipped. */
export function circleIntersectsPolygon(circle: Circle, polygon: Polygon): boolean {
  const box = circleBox(circle);
  if (!boxesOverlap(box, boxOf(polygon.flat()))) return false;
  if (inPolygon(circle.center, polygon)) return true;
  return polygon.some((ring) => ring.some((a, i) => {
    const b = ring[i + 1];
    return b !== undefined && boxesOverlap(box, boxOf([a, b])) && kmToSegment(circle.center, a, b) <= circle.radiusKm;
  }));
}

/** An alert's shape: a polygon's ring or a circle. */
export type Shape = { ring: Point[] } | { circle: Circle };
/** A shape made ready to meet many boundaries. */
export type PreparedShape = { ring: PreparedRing; box: Box } | { circle: Circle; box: Box };

export const prepareShape = (shape: Shape): PreparedShape => {
  if ('circle' in shape) return { circle: shape.circle, box: circleBox(shape.circle) };
  const ring = prepareRing(shape.ring);
  return { ring, box: ring.box };
};

/** Whether the alert's shape reaches one of the polygons (a boundary's). */
function reachesPolygons(shape: PreparedShape, polygons: Polygon[]): boolean {
  return polygons.some((polygon) => ('ring' in shape ? ringIntersectsPolygon(shape.ring, polygon) : circleIntersectsPolygon(shape.circle, polygon)));
}

/** Whether the alert's shape reaches any polygon of a boundary. */
export function shapeReaches(shape: Shape | PreparedShape, boundary: Boundary): boolean {
  return reachesPolygons('box' in shape ? shape : prepareShape(shape), polygonsOf(boundary));
}

/** The ids of the areas whose boundary one of the shapes reaches; boundaries whose box meets no shape's box are skipped. */
export function reachedAreaIds(shapes: Shape[], rows: { id: string; boundary: Boundary }[]): string[] {
  const prepared = shapes.map(prepareShape);
  return rows.filter((row) => {
    const polygons = polygonsOf(row.boundary);
    // All rings: an imported hole is not checked to lie inside its outer ring.
    const box = boxOf(polygons.flat(2));
    return prepared.some((shape) => boxesOverlap(shape.box, box) && reachesPolygons(shape, polygons));
  }).map((row) => row.id);
}
