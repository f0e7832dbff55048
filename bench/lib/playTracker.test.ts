import { describe, expect, it } from 'vitest';
import { PlayTracker, type Arrival } from './playTracker';

describe('PlayTracker.record', () => {
  it('keeps the first arrival of each kind per speaker and tells onFirst about it once', () => {
    const heard: Arrival[] = [];
    const tracker = new PlayTracker([], () => 0, (a) => heard.push(a));
    tracker.record('play', 's1', 'd1', 10);
    tracker.record('play', 's1', 'd1', 20);
    tracker.record('started', 's1', 'd1', 30);
    expect(tracker.session('s1').play.get('d1')).toBe(10);
    expect(tracker.session('s1').started.get('d1')).toBe(30);
    expect(heard).toEqual([['play', 's1', 'd1', 10], ['started', 's1', 'd1', 30]]);
  });
});
