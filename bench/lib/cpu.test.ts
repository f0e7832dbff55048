import { describe, expect, it } from 'vitest';
import { cpuSeconds, cpuSecondsFromStat } from './cpu';

describe('cpuSecondsFromStat', () => {
  it('adds user and system ticks, even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 150 0 0 20 0 11 0 100 1000000 5000 18446744073709551615';
    expect(cpuSecondsFromStat(stat)).toBe(4);
  });

  it('answers null for text that is not a stat line', () => {
    expect(cpuSecondsFromStat('nonsense')).toBeNull();
  });
});

describe('cpuSeconds', () => {
  it('reads this process, which has used some CPU to get here', async () => {
    const seconds = await cpuSeconds(process.pid);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 + 0.1);
  });
});
