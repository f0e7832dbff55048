import { describe, expect, it } from 'vitest';
import { offlineSeconds, onlineSeries, type Timeline } from './connectionTimeline';

const H = 3600_000;
const speaker = (since: number, initial: boolean, changes: [number, boolean][]): Timeline =>
  ({ id: String(since), since, initial, changes: changes.map(([at, online]) => ({ at, online })) });

describe('onlineSeries', () => {
  it('counts the speakers online at each instant among those registered then', () => {
    const a = speaker(0, true, [[5 * H, false], [7 * H, true]]);
    const b = speaker(6 * H, false, [[6.5 * H, true]]);
    expect(onlineSeries([a, b], 8 * H, 2 * H, 4)).toEqual([
      { thoidiem: 2 * H, online: 1, tong: 1 },
      { thoidiem: 4 * H, online: 1, tong: 1 },
      { thoidiem: 6 * H, online: 0, tong: 2 },
      { thoidiem: 8 * H, online: 2, tong: 2 },
    ]);
  });
});

describe('offlineSeconds', () => {
  it('adds the offline stretches inside the window, the open one up to now', () => {
    const t = speaker(0, true, [[2 * H, false], [3 * H, true], [5 * H, false]]);
    expect(offlineSeconds(t, H, 6 * H)).toBe(2 * 3600);
  });
  it('starts at registration and counts a speaker that never connected as offline', () => {
    expect(offlineSeconds(speaker(4 * H, false, []), 0, 6 * H)).toBe(2 * 3600);
  });
});
