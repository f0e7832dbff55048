import { describe, expect, it } from 'vitest';
import type { LiveBroadcast } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { makeLive } from '../broadcast/live/liveFixtures';
import { scheduleActions, sortSchedules } from './scheduleActions';
import { makeSchedule } from './scheduleFixtures';

const right = (value: string) => ({ value, quyen: value });
const writer = makeUser({ quyenhan: [right('themsuaxoalichphat')] });
const approver = makeUser({ userID: 'u-9', quyenhan: [right('duyetlichphat')] });
const viewer = makeUser({ quyenhan: [] });

describe('schedule row actions by right', () => {
  it('gives approve and send back only to duyetlichphat, on a pending schedule', () => {
    expect(scheduleActions(makeSchedule(), approver, [])).toMatchObject({ approve: true, sendBack: true, edit: false, remove: false, pin: true });
    expect(scheduleActions(makeSchedule({ trangthai: 'daduyet' }), approver, [])).toMatchObject({ approve: false, sendBack: false });
    expect(scheduleActions(makeSchedule(), writer, [])).toMatchObject({ approve: false, sendBack: false, edit: true, remove: true, pin: true });
    expect(scheduleActions(makeSchedule({ trangthai: 'ketthuc' }), writer, [])).toMatchObject({ edit: false, remove: true });
    expect(scheduleActions(makeSchedule(), viewer, [])).toEqual({ approve: false, sendBack: false, edit: false, remove: false, pin: false, stop: null });
  });

  it('offers Stop for the live run of the schedule to its creator', () => {
    const schedule = makeSchedule({ nguoitao: { _id: 'u-1', hoten: 'An' } });
    const run: LiveBroadcast = makeLive({ idlichphat: 'run-7', type: 'phatlich', nguoitao: 'u-1', idlichgoc: 'lp-1' });
    expect(scheduleActions(schedule, writer, [run]).stop?.idlichphat).toBe('run-7');
    expect(scheduleActions(schedule, writer, [{ ...run, idlichgoc: 'lp-other' }]).stop).toBeNull();
    expect(scheduleActions(makeSchedule(), viewer, [{ ...run, nguoitao: 'u-2' }]).stop).toBeNull();
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
