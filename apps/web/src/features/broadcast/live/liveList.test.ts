import { describe, expect, it } from 'vitest';
import { applyPlayState, applyWaitingRepeat, repeatInfo, secondsLeft } from './liveList';
import { makeLive } from './liveFixtures';

const start = (entry: ReturnType<typeof makeLive>) => ({ trangthai: true, idlichphat: entry.idlichphat, nguonphat: entry.nguonphat, nguoncho: entry.nguoncho, file: entry.nguondangphat, nguoitao: entry.nguoitao, type: entry.type, lichphat: entry });

describe('live list from socket events (spec §4)', () => {
  it('adds a card on status true and replaces one with the same schedule id', () => {
    const a = makeLive({ idlichphat: 'a' });
    let list = applyPlayState([], start(a));
    list = applyPlayState(list, start(makeLive({ idlichphat: 'b' })));
    expect(list.map((e) => e.idlichphat)).toEqual(['a', 'b']);
    list = applyPlayState(list, start({ ...a, nguondangphat: 'tiep-theo.mp3' }));
    expect(list.map((e) => e.idlichphat)).toEqual(['a', 'b']);
    expect(list[0]!.nguondangphat).toBe('tiep-theo.mp3');
  });

  it('removes the card on status false', () => {
    const list = [makeLive({ idlichphat: 'a' }), makeLive({ idlichphat: 'b' })];
    expect(applyPlayState(list, { ...start(list[0]!), trangthai: false, lichphat: null }).map((e) => e.idlichphat)).toEqual(['b']);
  });

  it('updates the waiting flag and time of one card', () => {
    const list = [makeLive({ idlichphat: 'a' }), makeLive({ idlichphat: 'b' })];
    const next = applyWaitingRepeat(list, { idlichphat: 'b', chophatlai: true, thoigianchophatlai: 123 });
    expect(next[1]).toMatchObject({ chophatlai: true, thoigianchophatlai: 123 });
    expect(next[0]).toBe(list[0]);
  });
});

describe('card countdown', () => {
  const now = 1_763_700_000_000;
  it('counts to the end time, never below zero', () => {
    expect(secondsLeft({ chophatlai: false, thoigianchophatlai: null, thoigianketthuc: now + 65_000 }, now)).toBe(65);
    expect(secondsLeft({ chophatlai: false, thoigianchophatlai: null, thoigianketthuc: now - 5_000 }, now)).toBe(0);
  });
  it('counts to the repeat time while waiting to repeat', () => {
    expect(secondsLeft({ chophatlai: true, thoigianchophatlai: now + 300_000, thoigianketthuc: now - 1_000 }, now)).toBe(300);
    expect(secondsLeft({ chophatlai: true, thoigianchophatlai: now - 1, thoigianketthuc: now + 10_000 }, now)).toBe(0);
  });
});

describe('repeat info fallback', () => {
  it("uses the source's values when its count is above -1, else the entry's", () => {
    const entry = makeLive({ kieulaplai: 2, solanlaplai: 5 });
    expect(repeatInfo({ ...entry, nguonphat: { ...entry.nguonphat, kieulaplai: 1, solanlaplai: 3 } })).toEqual({ kieulaplai: 1, solanlaplai: 3 });
    expect(repeatInfo({ ...entry, nguonphat: { ...entry.nguonphat, kieulaplai: 1, solanlaplai: -1 } })).toEqual({ kieulaplai: 2, solanlaplai: 5 });
  });
});
