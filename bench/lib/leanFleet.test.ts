import { describe, expect, it } from 'vitest';
import { LeanSpeaker } from './leanFleet';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('the lean speakers\' warm-up', () => {
  it('runs the play path of every detached speaker and leaves no timer behind', () => {
    const before = timers();
    expect(LeanSpeaker.warmUp(200)).toBe(200);
    expect(timers()).toBe(before);
  });
});
