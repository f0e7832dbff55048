import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGES, stagesToBody } from './rolloutStages';

describe('stagesToBody', () => {
  it('waits until every stage names its speaker or area', () => {
    expect(stagesToBody(DEFAULT_STAGES)).toBeNull();
    expect(stagesToBody([])).toBeNull();
  });

  it('turns one speaker, a commune and the rest into the three stages the server takes', () => {
    expect(stagesToBody([{ kind: 'device', id: 'd1' }, { kind: 'area', id: 'xa' }, { kind: 'rest', id: '' }])).toEqual([
      { thietbi: ['d1'], diaban: [], conlai: false },
      { thietbi: [], diaban: ['xa'], conlai: false },
      { thietbi: [], diaban: [], conlai: true },
    ]);
  });
});
