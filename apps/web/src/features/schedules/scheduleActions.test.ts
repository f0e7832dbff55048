import { describe, expect, it } from 'vitest';
import type { LiveBroadcast } from '@loa/contract';
import { makeLive } from '../broadcast/live/liveFixtures';
import { scheduleActions, sortSchedules } from './scheduleActions';
import { makeSchedule } from './scheduleFixtures';

const none = { sua: false, xoa: false, ghim: false, ghimchung: false, duyet: false, yeucauduyetlai: false, dung: false };

describe('schedule row actions', () => {
  it('offers exactly the actions the server allows (thaotac), whatever the user\'s rights say', () => {
    expect(scheduleActions(makeSchedule({ thaotac: { ...none, duyet: true, yeucauduyetlai: true, ghim: true, ghimchung: true } }), []))
      .toEqual({ approve: true, sendBack: true, edit: false, remove: false, pin: true, pinAll: true, stop: null });
    // A commune officer looking at a district's schedule: the server allows nothing, so no button.
    expect(scheduleActions(makeSchedule({ thaotac: none }), [])).toEqual({ approve: false, sendBack: false, edit: false, remove: false, pin: false, pinAll: false, stop: null });
    expect(scheduleActions(makeSchedule(), [])).toMatchObject({ edit: true, remove: true, pin: true, pinAll: false });
  });

  it('offers Stop for the run the server names as the schedule\'s, when it allows stopping', () => {
    const run: LiveBroadcast = makeLive({ idlichphat: 'run-7', type: 'phatlich', nguoitao: 'u-1', idlichgoc: 'lp-1' });
    const playing = makeSchedule({ iddangphat: 'run-7', thaotac: { ...none, dung: true } });
    expect(scheduleActions(playing, [run]).stop?.idlichphat).toBe('run-7');
    expect(scheduleActions({ ...playing, thaotac: none }, [run]).stop).toBeNull();
    // The list has not caught up with a run that just started: no Stop until it does.
    expect(scheduleActions({ ...playing, iddangphat: null }, [run]).stop).toBeNull();
    expect(scheduleActions(playing, []).stop).toBeNull();
  });

  it('lists pinned schedules first, then by next start', () => {
    const order = sortSchedules([
      makeSchedule({ _id: 'late', lanphattiep: 3000 }),
      makeSchedule({ _id: 'none', lanphattiep: null }),
      makeSchedule({ _id: 'pinned', ghim: true, lanphattiep: 9000 }),
      makeSchedule({ _id: 'soon', lanphattiep: 1000 }),
    ]).map((s) => s._id);
    expect(order).toEqual(['pinned', 'soon', 'late', 'none']);
  });
});
