import {
  MESSAGE_TYPES, MSG, NORMAL_PRIORITY, isPriority, REPEAT_COUNT_DEFAULT, REPEAT_COUNT_MIN, REPEAT_INTERVAL_MIN_SECONDS, SCHEDULE_MESSAGES,
  type MonthlyRule, type PriorityId, type RepeatMode, type Schedule, type ScheduleBody, type ScheduleException, type ScheduleMode,
} from '@loa/contract';
import type { SourceList } from '../broadcast/sources/sourceList';
import { storedSourcesOf } from '../broadcast/sources/storedSources';
import { vnDate } from './vietnamTime';

/** What the schedule editor's fields hold. */
export interface ScheduleForm {
  tieude: string;
  /** A programme of the library, or null for the schedule's own sources. */
  idchuongtrinh: string | null;
  diabanchon: string[];
  thietbichon: string[];
  loaibantin: number | null;
  uutien: PriorityId;
  chedophat: ScheduleMode;
  /** 0 = Sunday … 6 = Saturday. */
  thutrongtuan: number[];
  ngaybatdau: string;
  /** '' for no end date. */
  ngayketthuc: string;
  /** 'HH:mm', Vietnam time. */
  giophat: string[];
  /** 'hangthang': a day of the month or the Nth weekday. */
  hangthang: MonthlyRule | null;
  /** 'cacngay': the dates (YYYY-MM-DD). */
  cacngay: string[];
  /** '' for no count: the schedule ends by its end date only. */
  solanphat: string;
  ngoaile: ScheduleException[];
  bongayle: boolean;
  kieulaplai: RepeatMode;
  intervalMinutes: string;
  solanlaplai: string;
}

/** A new schedule starting today (Vietnam date). */
export function emptyScheduleForm(now: number = Date.now()): ScheduleForm {
  return {
    tieude: '', idchuongtrinh: null, diabanchon: [], thietbichon: [], loaibantin: null, uutien: NORMAL_PRIORITY, chedophat: 'hangtuan', thutrongtuan: [],
    ngaybatdau: vnDate(now), ngayketthuc: '', giophat: [],
    hangthang: null, cacngay: [], solanphat: '', ngoaile: [], bongayle: false, kieulaplai: 0, intervalMinutes: '', solanlaplai: String(REPEAT_COUNT_DEFAULT),
  };
}

/** The editor's fields for a saved schedule. */
export function formFromSchedule(schedule: Schedule): ScheduleForm {
  return {
    tieude: schedule.tieude,
    idchuongtrinh: schedule.idchuongtrinh,
    diabanchon: schedule.diabanchon.map((a) => a._id),
    thietbichon: schedule.thietbichon,
    loaibantin: schedule.loaibantin,
    uutien: isPriority(schedule.uutien) ? schedule.uutien : NORMAL_PRIORITY,
    chedophat: schedule.chedophat,
    thutrongtuan: schedule.thutrongtuan,
    ngaybatdau: schedule.ngaybatdau,
    ngayketthuc: schedule.ngayketthuc ?? '',
    giophat: schedule.giophat.map((t) => t.slice(0, 5)),
    hangthang: schedule.hangthang,
    cacngay: schedule.cacngay,
    solanphat: schedule.solanphat ? String(schedule.solanphat) : '',
    ngoaile: schedule.ngoaile,
    bongayle: schedule.bongayle,
    kieulaplai: (schedule.kieulaplai === 1 || schedule.kieulaplai === 2 ? schedule.kieulaplai : 0),
    intervalMinutes: schedule.kieulaplai === 2 ? String(schedule.thoigianlaplai / 60) : '',
    solanlaplai: String(schedule.solanlaplai),
  };
}

/** Adds a start time (kept sorted, no duplicates); a malformed time is refused with the contract message. */
export function addStartTime(times: string[], time: string): string[] | string {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return SCHEDULE_MESSAGES.timeInvalid;
  return [...new Set([...times, time])].sort();
}

/** The first problem that stops saving, in the order the fields appear; null when the schedule may be sent. */
export function scheduleFormError(form: ScheduleForm, sourceCount: number): string | null {
  if (!form.tieude.trim()) return SCHEDULE_MESSAGES.titleRequired;
  if (!form.idchuongtrinh && sourceCount === 0) return MSG.noSources;
  if (!form.diabanchon.length) return MSG.noArea;
  if (!form.thietbichon.length) return MSG.noDevice;
  if (!form.loaibantin || !MESSAGE_TYPES.some((m) => m.id === form.loaibantin)) return MSG.noMessageType;
  if (form.chedophat === 'hangtuan' && form.thutrongtuan.length === 0) return SCHEDULE_MESSAGES.noWeekdays;
  if (form.chedophat === 'hangthang' && !form.hangthang) return SCHEDULE_MESSAGES.monthlyRuleRequired;
  if (form.chedophat === 'cacngay' && form.cacngay.length === 0) return SCHEDULE_MESSAGES.noDates;
  const dated = form.chedophat !== 'cacngay';
  if (dated && (!/^\d{4}-\d{2}-\d{2}$/.test(form.ngaybatdau) || (form.ngayketthuc && !/^\d{4}-\d{2}-\d{2}$/.test(form.ngayketthuc)))) return SCHEDULE_MESSAGES.dateInvalid;
  if (dated && form.chedophat !== 'motlan' && form.ngayketthuc && form.ngayketthuc < form.ngaybatdau) return SCHEDULE_MESSAGES.endBeforeStart;
  if (form.chedophat !== 'motlan' && form.solanphat && !(Number.isInteger(Number(form.solanphat)) && Number(form.solanphat) >= 1)) return SCHEDULE_MESSAGES.countInvalid;
  if (form.giophat.length === 0) return SCHEDULE_MESSAGES.noTimes;
  if (form.kieulaplai === 2 && Number(form.intervalMinutes || 0) * 60 < REPEAT_INTERVAL_MIN_SECONDS) return MSG.repeatIntervalMin;
  if (form.kieulaplai !== 0 && Number(form.solanlaplai || 0) < REPEAT_COUNT_MIN) return MSG.repeatCountMin;
  if (form.kieulaplai !== 0 && !Number.isInteger(Number(form.solanlaplai))) return MSG.repeatCountWhole;
  return null;
}

/** The schedule body (taolichphat / kiemtrathongtin): a programme's id, or the list's stored sources. */
export function buildScheduleBody(form: ScheduleForm, list: SourceList): ScheduleBody {
  const once = form.chedophat === 'motlan';
  return {
    tieude: form.tieude.trim(),
    idchuongtrinh: form.idchuongtrinh,
    nguonphat: form.idchuongtrinh ? [] : storedSourcesOf(list),
    diabanchon: form.diabanchon,
    thietbichon: form.thietbichon,
    loaibantin: form.loaibantin,
    uutien: form.uutien,
    chedophat: form.chedophat,
    thutrongtuan: form.chedophat === 'hangtuan' ? [...form.thutrongtuan].sort((a, b) => a - b) : [],
    ngaybatdau: form.chedophat === 'cacngay' ? [...form.cacngay].sort()[0] ?? form.ngaybatdau : form.ngaybatdau,
    ngayketthuc: once || form.chedophat === 'cacngay' || !form.ngayketthuc ? null : form.ngayketthuc,
    giophat: [...form.giophat].sort(),
    hangthang: form.chedophat === 'hangthang' ? form.hangthang : null,
    cacngay: form.chedophat === 'cacngay' ? [...form.cacngay].sort() : [],
    solanphat: once || !form.solanphat ? null : Number(form.solanphat),
    ngoaile: once ? [] : form.ngoaile,
    bongayle: form.bongayle,
    kieulaplai: form.kieulaplai,
    thoigianlaplai: form.kieulaplai === 2 ? Math.round(Number(form.intervalMinutes || 0) * 60) : 0,
    solanlaplai: form.kieulaplai === 0 ? REPEAT_COUNT_DEFAULT : Number(form.solanlaplai || 0),
  };
}
