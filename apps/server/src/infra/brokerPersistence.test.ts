import { describe, expect, it } from 'vitest';
import { topicMatches } from './brokerPersistence';

describe('topicMatches', () => {
  it('follows MQTT wildcard rules', () => {
    expect(topicMatches('pa/v1/dev/a/config', 'pa/v1/dev/a/config')).toBe(true);
    expect(topicMatches('pa/v1/dev/+/state', 'pa/v1/dev/a/state')).toBe(true);
    expect(topicMatches('pa/v1/dev/+/state', 'pa/v1/dev/a/event')).toBe(false);
    expect(topicMatches('pa/#', 'pa/v1/dev/a/state')).toBe(true);
    expect(topicMatches('pa/v1/dev/a', 'pa/v1/dev/a/state')).toBe(false);
    expect(topicMatches('pa/v1/dev/a/state/x', 'pa/v1/dev/a/state')).toBe(false);
  });
});
