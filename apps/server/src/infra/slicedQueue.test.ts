import { describe, expect, it } from 'vitest';
import { SlicedQueue } from './broker';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('SlicedQueue (device messages handled a slice at a time)', () => {
  it('handles every item once, in order, across pushes', async () => {
    const seen: number[] = [];
    const queue = new SlicedQueue<number>((n) => seen.push(n), 1);
    queue.push([1, 2, 3]);
    queue.push([4, 5]);
    expect(seen).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    queue.push([6]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(queue.length).toBe(0);
  });

  it('lets a timer run in the middle of a burst that takes far longer than a slice', async () => {
    const handled: number[] = [];
    // 400 items of 1 ms each: 400 ms of work in slices of 8 ms.
    const queue = new SlicedQueue<number>((n) => {
      busy(1);
      handled.push(n);
    }, 8);
    queue.push(Array.from({ length: 400 }, (_, i) => i));
    const at = await new Promise<number>((resolve) => setTimeout(() => resolve(handled.length), 20));
    // The timer fired while most of the burst was still queued, not after all of it.
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(200);
    for (let waited = 0; handled.length < 400 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled).toEqual(Array.from({ length: 400 }, (_, i) => i));
  });

  it('drainAll handles what is queued at once (the broker closing)', () => {
    const seen: string[] = [];
    const queue = new SlicedQueue<string>((s) => seen.push(s));
    queue.push(['a', 'b']);
    queue.drainAll();
    expect(seen).toEqual(['a', 'b']);
    expect(queue.length).toBe(0);
  });
});
