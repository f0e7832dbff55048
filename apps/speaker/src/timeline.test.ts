import { describe, expect, it } from 'vitest';
import { itemStartOffset, locateInTimeline } from './timeline';

const items = [{ duration: 10 }, { duration: 0 }, { duration: 5 }, { duration: 20 }];

describe('locateInTimeline', () => {
  it('starts at item 0 when the session has not begun', () => {
    expect(locateInTimeline(items, -3)).toEqual({ index: 0, position: 0 });
    expect(locateInTimeline(items, 0)).toEqual({ index: 0, position: 0 });
  });

  it('finds the position inside the first item', () => {
    expect(locateInTimeline(items, 4.5)).toEqual({ index: 0, position: 4.5 });
  });

  it('moves to the next item exactly at a boundary and skips zero-length items', () => {
    expect(locateInTimeline(items, 10)).toEqual({ index: 2, position: 0 });
  });

  it('seeks a late joiner into a later item', () => {
    expect(locateInTimeline(items, 17)).toEqual({ index: 3, position: 2 });
  });

  it('returns null when the whole timeline is over', () => {
    expect(locateInTimeline(items, 35)).toBeNull();
    expect(locateInTimeline(items, 1000)).toBeNull();
    expect(locateInTimeline([], 0)).toBeNull();
  });
});

describe('itemStartOffset', () => {
  it('sums the durations of the items before', () => {
    expect(itemStartOffset(items, 0)).toBe(0);
    expect(itemStartOffset(items, 3)).toBe(15);
  });
});
