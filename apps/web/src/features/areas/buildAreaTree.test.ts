import { describe, expect, it } from 'vitest';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { buildAreaTree, flattenAreaTree, subtreeIds } from './buildAreaTree';

describe('buildAreaTree', () => {
  it('nests areas under their parents in the given order', () => {
    const [root, ...others] = buildAreaTree(AREAS);
    expect(others).toHaveLength(0);
    expect(root!.area._id).toBe('huyen-1');
    expect(root!.children.map((c) => c.area._id)).toEqual(['xa-1', 'xa-2']);
    expect(root!.children[0]!.children.map((c) => [c.area._id, c.depth])).toEqual([['thon-1', 2]]);
  });

  it('makes an area whose parent is outside the scope a root', () => {
    const roots = buildAreaTree(AREAS.filter((a) => a._id !== 'huyen-1'));
    expect(roots.map((r) => r.area._id)).toEqual(['xa-1', 'xa-2']);
  });

  it('counts devices on their area and every area above it', () => {
    const devices = [
      makeSpeaker({ diaban: { _id: 'thon-1', tendiaban: 'Thôn Đông' } }),
      makeSpeaker({ diaban: { _id: 'xa-1', tendiaban: 'Xã Tân Lập' } }, { online: false }),
      makeSpeaker({ diaban: { _id: 'xa-2', tendiaban: 'Xã Hải An' } }),
    ];
    const byId = new Map(flattenAreaTree(buildAreaTree(AREAS, devices)).map((n) => [n.area._id, [n.devices, n.online]]));
    expect(Object.fromEntries(byId)).toEqual({ 'huyen-1': [3, 2], 'xa-1': [2, 1], 'thon-1': [1, 1], 'xa-2': [1, 1] });
  });

  it('lists an area with everything below it', () => {
    expect([...subtreeIds(AREAS, 'huyen-1')].sort()).toEqual(['huyen-1', 'thon-1', 'xa-1', 'xa-2']);
    expect([...subtreeIds(AREAS, 'xa-2')]).toEqual(['xa-2']);
  });
});
