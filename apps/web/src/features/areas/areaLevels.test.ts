import { describe, expect, it } from 'vitest';
import type { Area } from '@loa/contract';
import { choiceOfArea, initialCreate, mayAddArea, nameWithUnit } from './areaLevels';

const areas: Area[] = [
  { _id: 'h', tendiaban: 'Huyện Diên Khánh', cap: 'huyen', idcha: null },
  { _id: 'x', tendiaban: 'Xã Diên Sơn', cap: 'xa', idcha: 'h' },
];

describe('adding an area (issue #28)', () => {
  it('opens under the district officer’s own district, as a commune, not as a province with no parent', () => {
    expect(initialCreate(null, 'h', areas)).toEqual({ parentId: 'h', choice: 'xa' });
    expect(initialCreate(areas[1]!, 'h', areas)).toEqual({ parentId: 'x', choice: 'thon' });
    // An administrator of every area starts at the top.
    expect(initialCreate(null, null, areas)).toEqual({ parentId: '', choice: 'tinh' });
  });

  it('offers no "Thêm địa bàn" to a village officer (nothing is below a village), and does to the others', () => {
    const withVillage: Area[] = [...areas, { _id: 't', tendiaban: 'Thôn Phú Ân', cap: 'thon', idcha: 'x' }];
    expect(mayAddArea('t', withVillage)).toBe(false);
    expect(mayAddArea('x', withVillage)).toBe(true);
    expect(mayAddArea('h', withVillage)).toBe(true);
    expect(mayAddArea(null, withVillage)).toBe(true);
    // Not yet known: not offered until the areas are loaded.
    expect(mayAddArea('t', [])).toBe(false);
  });

  it('offers Phường and Thị trấn as commune-level units, carried by the name', () => {
    expect(nameWithUnit('Đông Lễ', 'phuong')).toBe('Phường Đông Lễ');
    expect(nameWithUnit('phường Đông Lễ ', 'phuong')).toBe('phường Đông Lễ');
    expect(nameWithUnit('Diên Khánh', 'thitran')).toBe('Thị trấn Diên Khánh');
    expect(nameWithUnit('Diên Sơn', 'xa')).toBe('Diên Sơn');
    expect(choiceOfArea({ cap: 'xa', unit: 'Thị trấn' })).toBe('thitran');
    expect(choiceOfArea({ cap: 'xa', unit: 'Xã' })).toBe('xa');
    expect(choiceOfArea({ cap: 'huyen', unit: 'Quận' })).toBe('huyen');
  });
});
