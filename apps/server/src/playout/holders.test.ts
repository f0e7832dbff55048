import { describe, expect, it } from 'vitest';
import { holderAmong, outranks } from './holders';

const claim = (id: string, priority: number, since: number) => ({ id, priority, since });

describe('who keeps a speaker', () => {
  it('gives it to the higher priority, whenever it came', () => {
    expect(outranks(claim('a', 2, 500), claim('b', 1, 100))).toBe(true);
    expect(outranks(claim('b', 1, 100), claim('a', 2, 500))).toBe(false);
  });

  it('at equal priority keeps the one that was there first', () => {
    expect(outranks(claim('first', 1, 100), claim('second', 1, 200))).toBe(true);
    expect(outranks(claim('second', 1, 200), claim('first', 1, 100))).toBe(false);
  });

  it('decides a tie of the same instant the same way whichever is asked first', () => {
    const a = claim('a', 1, 100);
    const b = claim('b', 1, 100);
    expect(outranks(a, b)).not.toBe(outranks(b, a));
    expect(holderAmong([a, b])).toBe(holderAmong([b, a]));
  });

  it('picks the holder among all that reach the speaker, or none', () => {
    expect(holderAmong([])).toBeNull();
    expect(holderAmong([claim('low', 0, 1), claim('late', 1, 300), claim('early', 1, 200)])?.id).toBe('early');
  });
});
