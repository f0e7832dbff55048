import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_MS, reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('grows with each attempt', () => {
    const top = () => 1;
    expect(reconnectDelay(0, 1000, top)).toBe(1000);
    expect(reconnectDelay(1, 1000, top)).toBe(2000);
    expect(reconnectDelay(3, 1000, top)).toBe(8000);
  });

  it('never exceeds 30 s however many attempts failed', () => {
    expect(reconnectDelay(50, 1000, () => 1)).toBe(MAX_RECONNECT_DELAY_MS);
  });

  it('is jittered to between half and all of the ceiling', () => {
    expect(reconnectDelay(5, 1000, () => 0)).toBe(15_000);
    const delays = new Set(Array.from({ length: 20 }, () => reconnectDelay(5)));
    expect(delays.size).toBeGreaterThan(1);
  });
});
