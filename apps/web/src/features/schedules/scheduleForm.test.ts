import { describe, expect, it } from 'vitest';
import { MSG, SCHEDULE_MESSAGES } from '@loa/contract';
import { listFromStored } from '../broadcast/sources/storedSources';
import { EMPTY_SOURCE_LIST } from '../broadcast/sources/sourceList';
import { makeSchedule } from './scheduleFixtures';
import { addStartTime, buildScheduleBody, emptyScheduleForm, formFromSchedule, scheduleFormError, type ScheduleForm } from './scheduleForm';

const ready = (overrides: Partial<ScheduleForm> = {}): ScheduleForm => ({
  ...emptyScheduleForm(Date.UTC(2025, 10, 16, 18, 0)), tieude: ' Loa sáng ', diabanchon: ['xa-1'], thietbichon: ['tatca'], loaibantin: 2,
  thutrongtuan: [5, 1], giophat: ['17:00', '06:00'], ...overrides,
});

describe('schedule editor body', () => {
  it('starts on today in Vietnam time', () => {
    // 18:00 UTC on the 16th is already the 17th in Vietnam.
    expect(emptyScheduleForm(Date.UTC(2025, 10, 16, 18, 0)).ngaybatdau).toBe('2025-11-17');
  });

  it('builds a weekly body with its own sources, sorted days and times, no end date', () => {
    const list = listFromStored(makeSchedule().nguonphat);
    const body = buildScheduleBody(ready(), list);
    expect(body).toMatchObject({
      tieude: 'Loa sáng', idchuongtrinh: null, diabanchon: ['xa-1'], thietbichon: ['tatca'], loaibantin: 2, uutien: -1, chedophat: 'hangtuan',
      thutrongtuan: [1, 5], ngaybatdau: '2025-11-17', ngayketthuc: null, giophat: ['06:00', '17:00'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1,
    });
    expect(body.nguonphat).toEqual([expect.objectContaining({ kieunguon: 'Tiếp Sóng', tenkenh: 'VOV1', thoiluong: 300, thutu: 1, liveThoigian: { batdau: 0, ketthuc: 300 } })]);
  });

  it('sends a programme instead of sources, and a once-only schedule without weekdays or end date', () => {
    const body = buildScheduleBody(ready({ idchuongtrinh: 'ct-1', chedophat: 'motlan', ngayketthuc: '2025-12-01', uutien: 1, kieulaplai: 2, intervalMinutes: '5', solanlaplai: '3' }), listFromStored(makeSchedule().nguonphat));
    expect(body).toMatchObject({ idchuongtrinh: 'ct-1', nguonphat: [], chedophat: 'motlan', thutrongtuan: [], ngayketthuc: null, uutien: 1, kieulaplai: 2, thoigianlaplai: 300, solanlaplai: 3 });
  });

  it('reads a saved schedule back into the fields', () => {
    const form = formFromSchedule(makeSchedule({ giophat: ['06:00:00'], ngayketthuc: null, kieulaplai: 2, thoigianlaplai: 120 }));
    expect(form).toMatchObject({ diabanchon: ['xa-1'], ngayketthuc: '', giophat: ['06:00'], intervalMinutes: '2' });
  });

  it('stops on the first missing field, in the order of the form', () => {
    expect(scheduleFormError(ready({ tieude: ' ' }), 1)).toBe(SCHEDULE_MESSAGES.titleRequired);
    expect(scheduleFormError(ready(), 0)).toBe(MSG.noSources);
    expect(scheduleFormError(ready({ idchuongtrinh: 'ct-1' }), 0)).toBeNull();
    expect(scheduleFormError(ready({ diabanchon: [] }), 1)).toBe(MSG.noArea);
    expect(scheduleFormError(ready({ thietbichon: [] }), 1)).toBe(MSG.noDevice);
    expect(scheduleFormError(ready({ loaibantin: null }), 1)).toBe(MSG.noMessageType);
    expect(scheduleFormError(ready({ thutrongtuan: [] }), 1)).toBe(SCHEDULE_MESSAGES.noWeekdays);
    expect(scheduleFormError(ready({ thutrongtuan: [], chedophat: 'motlan' }), 1)).toBeNull();
    expect(scheduleFormError(ready({ ngayketthuc: '2025-11-10' }), 1)).toBe(SCHEDULE_MESSAGES.endBeforeStart);
    expect(scheduleFormError(ready({ giophat: [] }), 1)).toBe(SCHEDULE_MESSAGES.noTimes);
    expect(scheduleFormError(ready({ kieulaplai: 2, intervalMinutes: '0.5' }), 1)).toBe(MSG.repeatIntervalMin);
    expect(scheduleFormError(ready({ kieulaplai: 1, solanlaplai: '0' }), 1)).toBe(MSG.repeatCountMin);
    expect(scheduleFormError(ready({ kieulaplai: 1, solanlaplai: '1.5' }), 1)).toBe(MSG.repeatCountWhole);
    expect(scheduleFormError(ready(), EMPTY_SOURCE_LIST.sources.length + 1)).toBeNull();
  });

  it('adds start times sorted and once, and refuses a malformed one', () => {
    expect(addStartTime(['17:00'], '06:30')).toEqual(['06:30', '17:00']);
    expect(addStartTime(['06:30'], '06:30')).toEqual(['06:30']);
    expect(addStartTime([], '25:00')).toBe(SCHEDULE_MESSAGES.timeInvalid);
    expect(addStartTime([], '')).toBe(SCHEDULE_MESSAGES.timeInvalid);
  });
});
