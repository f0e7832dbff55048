import { describe, expect, it } from 'vitest';
import { ALL_DEVICES } from '@loa/contract';
import { AREAS, makeSpeaker } from '../../../test/deviceFixtures';
import { inSentence, reachSummary } from './reachSummary';

const devices = [
  makeSpeaker({ _id: 'd-1' }, { online: true }),
  makeSpeaker({ _id: 'd-2' }, { online: false }),
  makeSpeaker({ _id: 'd-3', diaban: { _id: 'xa-2', tendiaban: 'Xã Hải An' } }, { online: true }),
];

describe('the reach a broadcast confirmation shows', () => {
  it('counts one commune, its chosen speakers and those online, and asks nothing more', () => {
    expect(reachSummary(AREAS, ['xa-1'], devices.slice(0, 2), [ALL_DEVICES])).toEqual({ areaNames: ['Xã Tân Lập'], communes: ['Xã Tân Lập'], speakers: 2, online: 1, wide: null });
    expect(reachSummary(AREAS, ['xa-1'], devices.slice(0, 2), ['d-2'])).toMatchObject({ speakers: 1, online: 0, wide: null });
  });

  it('names a village by its commune', () => {
    expect(reachSummary(AREAS, ['thon-1'], [], [ALL_DEVICES]).communes).toEqual(['Xã Tân Lập']);
  });

  it('treats a district as district-wide, whatever of its communes is chosen with it', () => {
    expect(reachSummary(AREAS, ['huyen-1'], devices, [ALL_DEVICES])).toMatchObject({ communes: ['Xã Tân Lập', 'Xã Hải An'], speakers: 3, online: 2, wide: { kind: 'huyen', name: 'Huyện Hải Lăng' } });
    expect(reachSummary(AREAS, ['xa-1', 'huyen-1'], devices, [ALL_DEVICES]).wide).toEqual({ kind: 'huyen', name: 'Huyện Hải Lăng' });
  });

  it('asks once more for two communes', () => {
    expect(reachSummary(AREAS, ['xa-1', 'xa-2'], devices, [ALL_DEVICES]).wide).toEqual({ kind: 'communes' });
  });

  it('writes an area inside a sentence in lower case', () => {
    expect(inSentence('Huyện Hải Lăng')).toBe('huyện Hải Lăng');
  });
});
