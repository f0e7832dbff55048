import { describe, expect, it } from 'vitest';
import { itemAt, runCount, stateAt, type RunPlan } from './plan';

const items = [
  { url: '/media/tts/a.mp3', duration: 30, title: 'Bản tin', kind: 'tts' as const },
  { url: '/media/audio/b.mp3', duration: 60, title: 'Nhạc', kind: 'file' as const },
];
const plan = (repeatMode: 0 | 1 | 2, repeatCount = 1, repeatInterval = 0): RunPlan => ({ items, total: 90, repeatMode, repeatCount, repeatInterval });

describe('stateAt', () => {
  it('plays once without repeat, then finishes', () => {
    expect(stateAt(plan(0), 1000, 1000 + 45_000)).toEqual({ status: 'playing', runIndex: 0, runStart: 1000, runEnd: 91_000 });
    expect(stateAt(plan(0), 1000, 91_000)).toEqual({ status: 'finished', endedAt: 91_000 });
  });

  it('repeats at once in mode 1, as many times as asked', () => {
    expect(runCount(plan(1, 2))).toBe(3);
    expect(stateAt(plan(1, 2), 0, 100_000)).toMatchObject({ status: 'playing', runIndex: 1, runStart: 90_000 });
    expect(stateAt(plan(1, 2), 0, 269_999)).toMatchObject({ status: 'playing', runIndex: 2 });
    expect(stateAt(plan(1, 2), 0, 270_000).status).toBe('finished');
  });

  it('waits for the interval between runs in mode 2', () => {
    expect(stateAt(plan(2, 1, 60), 0, 120_000)).toEqual({ status: 'waiting', runIndex: 0, nextRunAt: 150_000 });
    expect(stateAt(plan(2, 1, 60), 0, 150_000)).toMatchObject({ status: 'playing', runIndex: 1, runEnd: 240_000 });
    expect(stateAt(plan(2, 1, 60), 0, 240_000)).toEqual({ status: 'finished', endedAt: 240_000 });
  });

  it('treats a moment before the start as the first run', () => {
    expect(stateAt(plan(0), 10_000, 9_000)).toMatchObject({ status: 'playing', runIndex: 0 });
  });
});

describe('itemAt', () => {
  it('finds the item and the position inside it', () => {
    expect(itemAt(items, 0)).toEqual({ index: 0, position: 0 });
    expect(itemAt(items, 45)).toEqual({ index: 1, position: 15 });
    expect(itemAt(items, 90)).toBeNull();
  });
});
