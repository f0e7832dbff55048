import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, SCHEDULE_MESSAGES } from '@loa/contract';
import {
  calendarDay, calendarOccurrences, fromCalendarTime, lengthFixedBy, MIN_BLOCK_MS, moveProblem, movedForm, occurrenceSpanMs, playsOn, resizedSources, resizeProblem, shareSpeakers, slotOf, toCalendarTime,
  type CalendarSchedule,
} from './calendarEvents';
import { emptyScheduleForm, type ScheduleForm } from './scheduleForm';
import { vnInstant } from './vietnamTime';

// 2025-11-17 is a Monday.
const MONDAY = '2025-11-17';
const schedule = (id: string, overrides: Partial<CalendarSchedule> = {}): CalendarSchedule => ({
  _id: id, thoiluong: 600, thietbichon: ['loa-1'], diabanchon: [{ _id: 'xa-1', tendiaban: 'Xã Một' }], kieulaplai: 0, solanlaplai: 1, thoigianlaplai: 0,
  chedophat: 'hangtuan', thutrongtuan: [1, 3], giophat: ['06:00'], ngaybatdau: '2025-11-01', ngayketthuc: null, ...overrides,
});

describe('calendarOccurrences', () => {
  it('makes one block per occurrence of the range, as long as the programme, in time order', () => {
    const found = calendarOccurrences([schedule('b', { giophat: ['17:30'] }), schedule('a')], MONDAY, 7);
    expect(found.map((o) => `${o.schedule._id} ${o.date} ${o.time}`)).toEqual([
      'a 2025-11-17 06:00', 'b 2025-11-17 17:30', 'a 2025-11-19 06:00', 'b 2025-11-19 17:30',
    ]);
    expect(found[0]!.start).toBe(Date.parse('2025-11-16T23:00:00Z'));
    expect(found[0]!.end - found[0]!.start).toBe(600_000);
    expect(new Set(found.map((o) => o.id)).size).toBe(4);
  });

  it('covers a month range and a single day', () => {
    expect(calendarOccurrences([schedule('a')], '2025-11-01', 30)).toHaveLength(8);
    expect(calendarOccurrences([schedule('a')], '2025-11-18', 1)).toEqual([]);
  });

  it('counts the repeats within an occurrence (as the server does) in its length, and draws at least a minute', () => {
    expect(occurrenceSpanMs({ thoiluong: 300, kieulaplai: 2, solanlaplai: 3, thoigianlaplai: 60 })).toBe((300 + 3 * (300 + 60)) * 1000); // the programme, then three repeats each after a minute's wait;
    expect(occurrenceSpanMs({ thoiluong: 5, kieulaplai: 0, solanlaplai: 1, thoigianlaplai: 0 })).toBe(MIN_BLOCK_MS);
  });

  it('marks overlapping occurrences of different schedules on a shared speaker, and only those', () => {
    const found = calendarOccurrences([
      schedule('a', { giophat: ['06:00'], thietbichon: ['loa-1', 'loa-2'] }),
      schedule('b', { giophat: ['06:09'], thietbichon: ['loa-2'] }), // starts before a's 10 minutes end
      schedule('c', { giophat: ['06:05'], thietbichon: ['loa-9'] }), // same time, other speakers
      schedule('d', { giophat: ['06:10'], thietbichon: ['loa-1'] }), // starts as a ends: no overlap with a, but overlaps b? no shared speaker
    ], MONDAY, 1);
    expect(Object.fromEntries(found.map((o) => [o.schedule._id, o.clash]))).toEqual({ a: true, b: true, c: false, d: false });
  });

  it('counts every speaker of an area as shared when either schedule plays on all of them', () => {
    const xa1 = [{ _id: 'xa-1', tendiaban: 'Xã Một' }];
    const xa2 = [{ _id: 'xa-2', tendiaban: 'Xã Hai' }];
    expect(shareSpeakers({ thietbichon: ['tatca'], diabanchon: xa1 }, { thietbichon: ['loa-7'], diabanchon: xa1 })).toBe(true);
    expect(shareSpeakers({ thietbichon: ['tatca'], diabanchon: xa1 }, { thietbichon: ['tatca'], diabanchon: xa2 })).toBe(false);
    expect(shareSpeakers({ thietbichon: ['loa-1'], diabanchon: xa1 }, { thietbichon: ['loa-2'], diabanchon: xa1 })).toBe(false);
    expect(playsOn({ thietbichon: ['tatca'], diabanchon: xa1 }, { _id: 'loa-5', diaban: { _id: 'xa-1' } })).toBe(true);
    expect(playsOn({ thietbichon: ['loa-1'], diabanchon: xa1 }, { _id: 'loa-5', diaban: { _id: 'xa-1' } })).toBe(false);
    expect(playsOn({ thietbichon: ['loa-5'], diabanchon: xa2 }, { _id: 'loa-5', diaban: { _id: 'xa-1' } })).toBe(true);
  });

  it('follows the area tree: a district\'s bulletin to all its speakers shares them with a commune\'s of that district', () => {
    const huyen = [{ _id: 'huyen-1', tendiaban: 'Huyện Một' }];
    const xa1 = [{ _id: 'xa-1', tendiaban: 'Xã Một' }];
    const xaKhac = [{ _id: 'xa-9', tendiaban: 'Xã Huyện Khác' }];
    const places = {
      parentOf: new Map<string, string | null>([['huyen-1', null], ['xa-1', 'huyen-1'], ['thon-1', 'xa-1'], ['huyen-2', null], ['xa-9', 'huyen-2']]),
      areaOf: new Map([['loa-thon', 'thon-1'], ['loa-xa9', 'xa-9']]),
    };
    const district = { thietbichon: ['tatca'], diabanchon: huyen };
    expect(shareSpeakers(district, { thietbichon: ['tatca'], diabanchon: xa1 }, places)).toBe(true);
    expect(shareSpeakers({ thietbichon: ['tatca'], diabanchon: xa1 }, district, places)).toBe(true);
    // A speaker of a hamlet of the commune, chosen by name.
    expect(shareSpeakers(district, { thietbichon: ['loa-thon'], diabanchon: xa1 }, places)).toBe(true);
    // Another district's commune and speaker.
    expect(shareSpeakers(district, { thietbichon: ['tatca'], diabanchon: xaKhac }, places)).toBe(false);
    expect(shareSpeakers(district, { thietbichon: ['loa-xa9'], diabanchon: xaKhac }, places)).toBe(false);
    // Without the tree an area covers only itself.
    expect(shareSpeakers(district, { thietbichon: ['tatca'], diabanchon: xa1 })).toBe(false);
    expect(playsOn(district, { _id: 'loa-thon', diaban: { _id: 'thon-1' } }, places)).toBe(true);
    expect(playsOn(district, { _id: 'loa-xa9', diaban: { _id: 'xa-9' } }, places)).toBe(false);
    // And the calendar marks the pair.
    const found = calendarOccurrences([
      schedule('huyen', { thietbichon: ['tatca'], diabanchon: huyen }),
      schedule('xa', { thietbichon: ['tatca'], diabanchon: xa1 }),
    ], MONDAY, 1, undefined, places);
    expect(found.map((o) => o.clash)).toEqual([true, true]);
  });

  it('skips holidays only for a schedule that skips them', () => {
    const holidays = new Set(['2025-11-19']);
    expect(calendarOccurrences([schedule('a', { bongayle: true })], MONDAY, 7, holidays).map((o) => o.date)).toEqual(['2025-11-17']);
    expect(calendarOccurrences([schedule('a')], MONDAY, 7, holidays)).toHaveLength(2);
  });
});

describe('Vietnam clock of the calendar', () => {
  it('shifts instants so the library’s UTC wall clock reads Vietnam time, and back', () => {
    const at = vnInstant('2025-11-17', '23:30'); // 16:30 UTC
    const shown = new Date(toCalendarTime(at));
    expect(shown.toISOString()).toBe('2025-11-17T23:30:00.000Z');
    expect(fromCalendarTime(shown)).toBe(at);
    expect(calendarDay(new Date(toCalendarTime(vnInstant('2025-11-18', '00:00'))))).toBe('2025-11-18');
  });

  it('reads a dropped block across midnight as the Vietnam date and time', () => {
    // A block dragged to 00:15 on Tuesday (Vietnam) is 17:15 UTC on Monday.
    const dropped = new Date('2025-11-18T00:15:00Z'); // what the library hands back
    expect(slotOf(fromCalendarTime(dropped))).toEqual({ date: '2025-11-18', time: '00:15' });
    expect(new Date(fromCalendarTime(dropped)).toISOString()).toBe('2025-11-17T17:15:00.000Z');
  });
});

describe('moveProblem', () => {
  const now = vnInstant('2025-11-18', '12:00');
  it('refuses moving into the past or moving an occurrence already started', () => {
    expect(moveProblem(now + 3600_000, now - 60_000, now)).toBe(SCHEDULE_MESSAGES.moveInPast);
    expect(moveProblem(now - 60_000, now + 3600_000, now)).toBe(SCHEDULE_MESSAGES.moveStarted);
    expect(moveProblem(now + 3600_000, now + 7200_000, now)).toBeNull();
  });
});

describe('movedForm', () => {
  const base: ScheduleForm = { ...emptyScheduleForm(vnInstant('2025-11-17', '08:00')), chedophat: 'hangtuan', thutrongtuan: [1, 3], giophat: ['06:00', '17:00'], ngaybatdau: '2025-11-01' };
  const from = { date: '2025-11-19', time: '06:00' };

  it('keeps a repeating rule and moves the one occurrence by an exception', () => {
    const moved = movedForm(base, from, { date: '2025-11-20', time: '07:30' }) as ScheduleForm;
    expect(moved.giophat).toEqual(['06:00', '17:00']);
    expect(moved.ngoaile).toEqual([{ ngay: '2025-11-19', gio: '06:00', doisang: { ngay: '2025-11-20', gio: '07:30' } }]);
  });

  it('moves an occurrence already moved by changing its exception, and drops it when it goes home', () => {
    const once = movedForm(base, from, { date: '2025-11-20', time: '07:30' }) as ScheduleForm;
    const twice = movedForm(once, { date: '2025-11-20', time: '07:30' }, { date: '2025-11-21', time: '09:00' }) as ScheduleForm;
    expect(twice.ngoaile).toEqual([{ ngay: '2025-11-19', gio: '06:00', doisang: { ngay: '2025-11-21', gio: '09:00' } }]);
    expect((movedForm(twice, { date: '2025-11-21', time: '09:00' }, from) as ScheduleForm).ngoaile).toEqual([]);
  });

  it('changes the date and time of a one-time schedule', () => {
    const once: ScheduleForm = { ...base, chedophat: 'motlan', ngaybatdau: '2025-11-19', giophat: ['06:00'] };
    expect(movedForm(once, from, { date: '2025-11-21', time: '18:05' })).toMatchObject({ ngaybatdau: '2025-11-21', giophat: ['18:05'], ngoaile: [] });
    const two: ScheduleForm = { ...once, giophat: ['06:00', '17:00'] };
    expect(movedForm(two, from, { date: '2025-11-19', time: '08:00' })).toMatchObject({ ngaybatdau: '2025-11-19', giophat: ['08:00', '17:00'] });
    expect(movedForm(two, from, { date: '2025-11-20', time: '08:00' })).toBe(SCHEDULE_MESSAGES.moveOnceSeveralTimes);
  });

  it('answers null when the block lands where it was', () => {
    expect(movedForm(base, from, { ...from })).toBeNull();
  });
});

describe('the length of an occurrence', () => {
  const file = { kieunguon: 'FILE', thoigianBatdau: 120, files: [{ fileName: 'a.mp3', url: 'audio/a.mp3', duration: 120 }] };
  const relay = (seconds: number, tenkenh = 'VOV1') => ({ kieunguon: 'Tiếp Sóng', tenkenh, url: 'http://radio/vov1', thoiluong: seconds, thoigianBatdau: seconds });
  const tts = { kieunguon: 'Tổng Hợp Giọng Nói', thoigianBatdau: 40, url: 'tts/x.mp3' };

  it('is the officer’s to change only for a schedule’s own sources with a relay, played once per occurrence', () => {
    expect(lengthFixedBy({ idchuongtrinh: null, nguonphat: [file, relay(600)], kieulaplai: 0 })).toBeNull();
    expect(lengthFixedBy({ idchuongtrinh: 'ct-1', nguonphat: [relay(600)], kieulaplai: 0 })).toBe('programme');
    expect(lengthFixedBy({ idchuongtrinh: null, nguonphat: [file, tts], kieulaplai: 0 })).toBe('media');
    expect(lengthFixedBy({ idchuongtrinh: null, nguonphat: [relay(600)], kieulaplai: 2 })).toBe('repeats');
  });

  it('lengthens or shortens the last relay by the change, and nothing else', () => {
    const sources = [relay(300, 'Đài huyện'), file, relay(600), tts];
    const longer = resizedSources(sources, 1060, 1960) as typeof sources;
    expect(longer.map((s) => s.thoigianBatdau)).toEqual([300, 120, 1500, 40]);
    expect(longer[2]).toMatchObject({ tenkenh: 'VOV1', thoiluong: 1500 });
    expect(longer[0]).toBe(sources[0]);
    expect((resizedSources(sources, 1060, 760) as typeof sources)[2]).toMatchObject({ thoiluong: 300, thoigianBatdau: 300 });
    expect(resizedSources(sources, 1060, 1060)).toEqual(sources);
  });

  it('refuses a relay under a minute, a programme over a day, and sources without a relay', () => {
    expect(resizedSources([file, relay(600)], 720, 179)).toBe(SCHEDULE_MESSAGES.resizeTooShort);
    expect(resizedSources([file, relay(600)], 720, 180)).not.toBeTypeOf('string');
    expect(resizedSources([relay(600)], 600, 24 * 3600 + 60)).toBe(BROADCAST_MESSAGES.tooLong);
    expect(resizedSources([file, tts], 160, 600)).toBe(SCHEDULE_MESSAGES.resizeFixed);
  });

  it('may not change once the occurrence has started', () => {
    const now = vnInstant('2025-11-18', '12:00');
    expect(resizeProblem(now, now)).toBe(SCHEDULE_MESSAGES.resizeStarted);
    expect(resizeProblem(now + 60_000, now)).toBeNull();
  });
});
