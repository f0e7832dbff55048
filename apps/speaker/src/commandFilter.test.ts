import { describe, expect, it } from 'vitest';
import { CommandFilter } from './commandFilter';

const now = 1_000_000;

describe('CommandFilter', () => {
  it('accepts a new command and drops the same id the second time', () => {
    const filter = new CommandFilter();
    expect(filter.check({ id: 'a', expiresAt: now + 1000 }, now)).toBe('accept');
    expect(filter.check({ id: 'a', expiresAt: now + 1000 }, now)).toBe('duplicate');
    expect(filter.check({ id: 'b', expiresAt: now + 1000 }, now)).toBe('accept');
  });

  it('drops a command received after its expiry', () => {
    const filter = new CommandFilter();
    expect(filter.check({ id: 'late', expiresAt: now - 1 }, now)).toBe('expired');
    expect(filter.check({ id: 'edge', expiresAt: now }, now)).toBe('accept');
  });

  it('forgets the oldest ids beyond its capacity', () => {
    const filter = new CommandFilter(3);
    for (const id of ['1', '2', '3', '4']) filter.check({ id, expiresAt: now + 1 }, now);
    expect(filter.size).toBe(3);
    expect(filter.check({ id: '1', expiresAt: now + 1 }, now)).toBe('accept');
    expect(filter.check({ id: '4', expiresAt: now + 1 }, now)).toBe('duplicate');
  });

  it('keeps an id that keeps coming back', () => {
    const filter = new CommandFilter(2);
    filter.check({ id: 'x', expiresAt: now + 1 }, now);
    filter.check({ id: 'y', expiresAt: now + 1 }, now);
    filter.check({ id: 'x', expiresAt: now + 1 }, now); // seen again: now the newest
    filter.check({ id: 'z', expiresAt: now + 1 }, now); // evicts y, not x
    expect(filter.check({ id: 'x', expiresAt: now + 1 }, now)).toBe('duplicate');
  });
});
