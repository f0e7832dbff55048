import { describe, expect, it } from 'vitest';
import { shouldReplace } from './arbitration';

describe('shouldReplace', () => {
  it('plays anything when nothing plays', () => {
    expect(shouldReplace(null, { sessionId: 's', priority: -5 })).toBe(true);
  });

  it('lets a higher priority pre-empt', () => {
    expect(shouldReplace({ sessionId: 'a', priority: 0 }, { sessionId: 'b', priority: 1 })).toBe(true);
  });

  it('keeps a session of the same priority unless the play says it takes over', () => {
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 1 })).toBe(false);
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 1, takeover: false })).toBe(false);
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 1, takeover: true })).toBe(true);
  });

  it('ignores a lower priority while a higher one plays, takeover or not', () => {
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 0 })).toBe(false);
    expect(shouldReplace({ sessionId: 'a', priority: 1 }, { sessionId: 'b', priority: 0, takeover: true })).toBe(false);
  });
});
