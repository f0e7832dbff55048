import { describe, expect, it } from 'vitest';
import { shouldReplace } from './arbitration';

describe('shouldReplace', () => {
  it('plays anything when nothing plays', () => {
    expect(shouldReplace(null, { sessionId: 's', priority: -5 })).toBe(true);
  });

  it('replaces a session of equal or lower priority', () => {
    expect(shouldReplace({ sessionId: 'a', priority: 0 }, { sessionId: 'b', priority: 0 })).toBe(true);
    expect(shouldReplace({ sessionId: 'a', priority: 0 }, { sessionId: 'b', priority: 1 })).toBe(true);
  });

  it('ignores a lower priority while a higher one plays', () => {
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 0 })).toBe(false);
  });
});
