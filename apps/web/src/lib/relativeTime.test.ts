import { describe, expect, it } from 'vitest';
import { formatRelative } from './relativeTime';

const NOW = Date.UTC(2025, 10, 20, 3, 0);

describe('formatRelative', () => {
  it('names the largest whole unit, ahead and behind', () => {
    expect(formatRelative(NOW + 2 * 3_600_000 + 10 * 60_000, NOW, 'en')).toBe('in 2 hours');
    expect(formatRelative(NOW - 5 * 60_000, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelative(NOW + 3 * 86_400_000, NOW, 'en')).toBe('in 3 days');
    expect(formatRelative(NOW + 20_000, NOW, 'en')).toBe('now');
  });

  it('speaks Vietnamese', () => {
    expect(formatRelative(NOW + 2 * 3_600_000, NOW, 'vi')).toBe('sau 2 giờ nữa');
  });
});
