import { describe, expect, it } from 'vitest';
import type { AreaGeography } from '@loa/contract';
import { boundaryBox, freshBoundaries, unionBox } from './boundaryFit';

const square = (west: number, south: number, east: number, north: number) => ({ type: 'Polygon' as const, coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]] as [number, number][]] });
const area = (id: string, ranhgioi: AreaGeography['ranhgioi']): AreaGeography => ({ _id: id, tendiaban: id, cap: 'xa', idcha: null, mahanhchinh: null, ranhgioi });

describe('fitting the map to boundaries (issue #28)', () => {
  it('fits a boundary it has not shown before, and not one it has', () => {
    const first = freshBoundaries([area('a', square(106, 16, 107, 17)), area('b', null)], {});
    expect(first.fresh.map((a) => a._id)).toEqual(['a']);
    // Imported: a new area's outline, and another outline for a.
    const imported = [area('a', square(106, 16, 107.5, 17)), area('c', square(108, 12, 108.2, 12.3))];
    const second = freshBoundaries(imported, first.seen);
    expect(second.fresh.map((a) => a._id)).toEqual(['a', 'c']);
    expect(freshBoundaries(imported, second.seen).fresh).toEqual([]);
  });

  it('computes the box around the new outlines', () => {
    const box = unionBox([boundaryBox(square(106, 16, 107, 17)), boundaryBox({ type: 'MultiPolygon', coordinates: [square(108, 12, 108.2, 12.3).coordinates] })]);
    expect(box).toEqual([[12, 106], [17, 108.2]]);
    expect(unionBox([])).toBeNull();
  });
});
