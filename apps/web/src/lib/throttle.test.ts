import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and folds a burst into one call a second later', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(50);
      t.call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the pending call when cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    t.call();
    t.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
