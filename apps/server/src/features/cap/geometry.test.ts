import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Boundary } from '@loa/contract';
import {
  capCircle, capPolygon, circleIntersectsPolygon, inPolygon, inRing, kmToSegment, reachedAreaIds, ringIntersectsPolygon, segmentsIntersect, shapeReaches, type Point,
} from './geometry';

// A square commune around (107.0E, 16.8N), about 11 km a side, with a small hole in its middle.
const commune: Boundary = { type: 'Polygon', coordinates: [
  [[106.95, 16.75], [107.05, 16.75], [107.05, 16.85], [106.95, 16.85], [106.95, 16.75]],
  [[106.99, 16.79], [107.01, 16.79], [107.01, 16.81], [106.99, 16.81], [106.99, 16.79]],
] };
const polygons = (b: Boundary) => (b.type === 'Polygon' ? [b.coordinates] : b.coordinates);

describe('CAP shapes against area boundaries', () => {
  it('reads CAP polygons and circles as latitude,longitude', () => {
    expect(capPolygon('16.8,107.0 16.9,107.0 16.9,107.1 16.8,107.0')[0]).toEqual([107.0, 16.8]);
    expect(capCircle('16.8,107.0 2.5')).toEqual({ center: [107.0, 16.8], radiusKm: 2.5 });
  });

  it('finds points inside the outer ring but not in a hole', () => {
    const [polygon] = polygons(commune);
    expect(inPolygon([106.96, 16.76], polygon as never)).toBe(true);
    expect(inPolygon([107.0, 16.8], polygon as never)).toBe(false);
    expect(inPolygon([107.2, 16.8], polygon as never)).toBe(false);
  });

  it('matches polygons that overlap, contain or are contained, and not those apart', () => {
    const overlapping = capPolygon('16.70,107.00 16.70,107.10 16.78,107.10 16.78,107.00 16.70,107.00');
    const around = capPolygon('16.0,106.0 16.0,108.0 17.5,108.0 17.5,106.0 16.0,106.0');
    const crossing = capPolygon('16.70,106.97 16.90,106.97 16.90,106.98 16.70,106.98 16.70,106.97'); // no vertex inside either way
    const apart = capPolygon('17.0,107.0 17.0,107.1 17.1,107.1 17.1,107.0 17.0,107.0');
    expect(shapeReaches({ ring: overlapping }, commune)).toBe(true);
    expect(shapeReaches({ ring: around }, commune)).toBe(true);
    expect(shapeReaches({ ring: crossing }, commune)).toBe(true);
    expect(shapeReaches({ ring: apart }, commune)).toBe(false);
    expect(ringIntersectsPolygon(capPolygon('16.76,106.96 16.77,106.96 16.77,106.97 16.76,106.96'), polygons(commune)[0] as never)).toBe(true);
  });

  it('matches circles by distance to the boundary, radius in kilometres', () => {
    const [polygon] = polygons(commune) as never[];
    // 107.06E is about 1.07 km east of the commune's edge at 107.05E.
    expect(circleIntersectsPolygon({ center: [107.06, 16.8], radiusKm: 0.5 }, polygon)).toBe(false);
    expect(circleIntersectsPolygon({ center: [107.06, 16.8], radiusKm: 1.5 }, polygon)).toBe(true);
    expect(shapeReaches({ circle: { center: [106.96, 16.76], radiusKm: 0 } }, commune)).toBe(true);
  });

  it('tells crossing segments from parallel and apart ones', () => {
    expect(segmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [2, 0], [0, 1], [2, 1])).toBe(false);
    expect(segmentsIntersect([0, 0], [2, 0], [2, 0], [3, 1])).toBe(true);
  });
});

// The matcher before the spatial index (issue #27), every point and edge against every other: the
// reference the indexed one must agree with.
const edgesOf = (ring: Point[]): [Point, Point][] => ring.slice(1).map((p, i) => [ring[i], p]);
function naiveReaches(ring: Point[], polygon: Point[][]): boolean {
  if (ring.some((p) => inPolygon(p, polygon))) return true;
  if (polygon[0].some((p) => inRing(p, ring))) return true;
  const theirs = polygon.flatMap(edgesOf);
  return edgesOf(ring).some(([a, b]) => theirs.some(([c, d]) => segmentsIntersect(a, b, c, d)));
}

describe('the indexed matcher', () => {
  // Small random rings on a coarse grid, so that crossings, shared vertices and containment all occur.
  const coordinate = fc.integer({ min: 0, max: 8 });
  const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 9 }).map((points) => [...points, points[0]] as Point[]);

  it('agrees with comparing everything with everything, holes included', () => {
    fc.assert(fc.property(ring, ring, fc.option(ring, { nil: undefined }), (alert, outer, hole) => {
      const polygon = hole ? [outer, hole] : [outer];
      expect(ringIntersectsPolygon(alert, polygon)).toBe(naiveReaches(alert, polygon));
    }), { numRuns: 3000 });
  });

  it('skips only edges a circle cannot reach', () => {
    // Degrees around 107E 16.8N; the reference measures every edge. 0.01° is about 1.1 km.
    const place = fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })).map(([x, y]) => [107 + x / 100, 16.8 + y / 100] as Point);
    const area = fc.array(place, { minLength: 3, maxLength: 9 }).map((points) => [...points, points[0]]);
    fc.assert(fc.property(place, fc.double({ min: 0, max: 3, noNaN: true }), area, (center, radiusKm, outer) => {
      const everyEdge = inPolygon(center, [outer]) || edgesOf(outer).some(([a, b]) => kmToSegment(center, a, b) <= radiusKm);
      expect(circleIntersectsPolygon({ center, radiusKm }, [outer])).toBe(everyEdge);
    }), { numRuns: 2000 });
  });

  it('answers which areas the shapes reach, MultiPolygons included', () => {
    const far: Boundary = { type: 'MultiPolygon', coordinates: [[[[110, 20], [110.1, 20], [110.1, 20.1], [110, 20]]], polygons(commune)[0]] };
    const rows = [{ id: 'commune', boundary: commune }, { id: 'far', boundary: far }, { id: 'apart', boundary: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } as Boundary }];
    expect(reachedAreaIds([{ circle: { center: [106.96, 16.76], radiusKm: 0 } }], rows)).toEqual(['commune', 'far']);
    expect(reachedAreaIds([{ ring: capPolygon('20.05,110.05 20.06,110.05 20.06,110.06 20.05,110.05') }], rows)).toEqual(['far']);
  });
});
