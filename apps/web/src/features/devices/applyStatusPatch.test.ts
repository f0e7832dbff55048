import { describe, expect, it } from 'vitest';
import { makeSpeaker } from '../../test/deviceFixtures';
import { applyStatusPatch } from './applyStatusPatch';

describe('applyStatusPatch', () => {
  const list = [makeSpeaker({ _id: 'a' }), makeSpeaker({ _id: 'b' }, { online: false })];

  it('replaces the live state of the devices in the batch and keeps the other rows as they were', () => {
    const live = { ...list[1]!.trangthai, online: true, amluong: 20 };
    const next = applyStatusPatch(list, [{ _id: 'b', trangthai: live }]);
    expect(next).not.toBe(list);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toEqual({ ...list[1], trangthai: live });
    expect(list[1]!.trangthai.online).toBe(false);
  });

  it('returns the same list when the batch holds no listed device', () => {
    expect(applyStatusPatch(list, [{ _id: 'elsewhere', trangthai: list[0]!.trangthai }])).toBe(list);
    expect(applyStatusPatch(list, [])).toBe(list);
  });
});
