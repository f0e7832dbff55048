import { z } from 'zod';
import { MSG } from '../messages';
import { isPriority, NORMAL_PRIORITY } from '../constants';
import { repeatCountSchema, repeatIntervalSchema, sourcesSchema } from './broadcast';
import { isCalendarDay } from '../vietnamTime';
import { SCHEDULE_MESSAGES } from './schedules.messages';

export { SCHEDULE_MESSAGES, scheduleRemovedMessage } from './schedules.messages';

/**
 * Schedule kinds: every chosen weekday between two dates, once on a date, every day, Monday to
 * Friday, monthly (a day of the month or the Nth weekday), or a set of specific dates.
 */
export const SCHEDULE_MODES = ['hangtuan', 'motlan', 'hangngay', 'ngaythuong', 'hangthang', 'cacngay'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
/** Lifecycle: waiting for approval, approved (fires), sent back with a reason, ended. */
export const SCHEDULE_STATUSES = ['choduyet', 'daduyet', 'yeucausua', 'ketthuc'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * The status a save that changes a schedule gives it (issue #32 item 5). Saving never approves:
 * approving is its own act (duyetlichphat). So a changed schedule waits for approval again, except
 * an approved one changed by someone who may approve, which stays approved. A save that changes
 * nothing changes nothing, status included. The editor shows this before the officer saves.
 */
export function statusAfterSave(current: ScheduleStatus, canApprove: boolean): 'daduyet' | 'choduyet' {
  return canApprove && current === 'daduyet' ? 'daduyet' : 'choduyet';
}

/** What became of an occurrence: on air, played, cut short, missed. */
export const SCHEDULE_OUTCOMES = ['dangphat', 'daphat', 'bingat', 'bolo'] as const;
export type ScheduleOutcome = (typeof SCHEDULE_OUTCOMES)[number];
/** A schedule as it really stands (tinhtrang): an outcome, or 'ketthuc' for a weekly one with nothing left. */
export const SCHEDULE_STATES = [...SCHEDULE_OUTCOMES, 'ketthuc'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];
/** Why an occurrence was missed (lanphatcuoi.lydo of a 'bolo'). */
export const SCHEDULE_MISSED_REASONS = {
  chuaduyet: 'Chưa được duyệt kịp giờ phát',
  khongcoloa: 'Không có loa nào phát (không loa nào trực tuyến)',
  maychudung: 'Máy chủ ngừng hoạt động lúc đến giờ phát',
} as const;
export type ScheduleMissedReason = keyof typeof SCHEDULE_MISSED_REASONS;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SCHEDULE_MESSAGES.dateInvalid).refine(isCalendarDay, SCHEDULE_MESSAGES.dateNotReal);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, SCHEDULE_MESSAGES.timeInvalid);

/**
 * A monthly repeat: on day `ngay` of each month (a month without that day has no occurrence), or on
 * the `tuan`-th weekday `thu` of the month (0 = Sunday; tuan -1: the last one), e.g. the second Monday.
 */
export const monthlyRuleSchema = z.discriminatedUnion('kieu', [
  z.object({ kieu: z.literal('ngay'), ngay: z.number().int().min(1).max(31) }),
  z.object({ kieu: z.literal('thu'), tuan: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(-1)]), thu: z.number().int().min(0).max(6) }),
]);
export type MonthlyRule = z.infer<typeof monthlyRuleSchema>;

/**
 * An exception of one schedule: the occurrence of day `ngay` at `gio` (null: every occurrence that
 * day) is skipped, or moved to `doisang` (a move names its occurrence's time).
 */
export const scheduleExceptionSchema = z.object({
  ngay: date,
  gio: time.nullable().default(null),
  doisang: z.object({ ngay: date, gio: time }).nullable().default(null),
});
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;

/** A schedule as composed in the console (keeps the spec's field names of §3 where they exist). */
export const scheduleBodySchema = z.object({
  tieude: z.string({ error: SCHEDULE_MESSAGES.titleRequired }).trim().min(1, SCHEDULE_MESSAGES.titleRequired).max(200),
  /** Either a programme of the library, or sources given here. */
  idchuongtrinh: z.string().max(64).nullable().optional(),
  nguonphat: sourcesSchema.optional().default([]),
  diabanchon: z.array(z.string().max(64)).max(1000).default([]),
  thietbichon: z.array(z.string().max(64)).max(20_000).default([]),
  loaibantin: z.number().int().nullable().optional(),
  /** Priority level (PRIORITIES); a schedule without one is a normal bulletin. */
  uutien: z.number({ error: MSG.noPriority }).int(MSG.noPriority).refine(isPriority, MSG.noPriority).optional().default(NORMAL_PRIORITY),
  chedophat: z.enum(SCHEDULE_MODES).default('hangtuan'),
  /** Weekdays, 0 = Sunday … 6 = Saturday (Asia/Ho_Chi_Minh). */
  thutrongtuan: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  ngaybatdau: date,
  ngayketthuc: date.nullable().optional(),
  /** Start times of day (local time); the programme plays from each. */
  giophat: z.array(time).max(24).default([]),
  /** Monthly rule (chedophat 'hangthang'). */
  hangthang: monthlyRuleSchema.nullable().optional(),
  /** The dates of a 'cacngay' schedule. */
  cacngay: z.array(date).max(366).default([]),
  /** Ends after this many occurrences (counted before exceptions and holidays), instead of or besides an end date. */
  solanphat: z.number().int().min(1).max(1000).nullable().optional(),
  ngoaile: z.array(scheduleExceptionSchema).max(200).default([]),
  /** Skips the days of the administrator's holiday calendar. */
  bongayle: z.boolean().default(false),
  kieulaplai: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  thoigianlaplai: repeatIntervalSchema.default(0),
  solanlaplai: repeatCountSchema.default(1),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

export const scheduleEditBodySchema = scheduleBodySchema.extend({
  id: z.string().max(64),
  /** The version the editor loaded; a newer one on the server means someone else saved first. */
  phienban: z.number().int().min(0),
});

/**
 * What the caller may do with a schedule, by the one rule the server enforces on every action
 * (docs/architecture.md "Who may act on a schedule"); the console shows exactly these buttons.
 */
export const scheduleActionsSchema = z.object({
  sua: z.boolean(),
  xoa: z.boolean(),
  /** Pin for oneself. */
  ghim: z.boolean(),
  /** Pin for every account (needs duyetlichphat). */
  ghimchung: z.boolean(),
  duyet: z.boolean(),
  yeucauduyetlai: z.boolean(),
  /** Stop the occurrence on air (dungkhancap with iddangphat). */
  dung: z.boolean(),
});
export type ScheduleActions = z.infer<typeof scheduleActionsSchema>;

export const scheduleSchema = z.object({
  _id: z.string(),
  tieude: z.string(),
  idchuongtrinh: z.string().nullable(),
  nguonphat: z.array(z.unknown()),
  thoiluong: z.number(),
  diabanchon: z.array(z.object({ _id: z.string(), tendiaban: z.string() })),
  thietbichon: z.array(z.string()),
  sothietbi: z.number().int(),
  loaibantin: z.number().int(),
  uutien: z.number().int(),
  chedophat: z.enum(SCHEDULE_MODES),
  thutrongtuan: z.array(z.number().int()),
  ngaybatdau: z.string(),
  ngayketthuc: z.string().nullable(),
  giophat: z.array(z.string()),
  hangthang: monthlyRuleSchema.nullable(),
  cacngay: z.array(z.string()),
  solanphat: z.number().int().nullable(),
  ngoaile: z.array(scheduleExceptionSchema),
  bongayle: z.boolean(),
  kieulaplai: z.number().int(),
  thoigianlaplai: z.number(),
  solanlaplai: z.number().int(),
  trangthai: z.enum(SCHEDULE_STATUSES),
  lydo: z.string().nullable(),
  /** Pinned for the caller: by themself or for everyone. */
  ghim: z.boolean(),
  /** Pinned by the caller for themself. */
  ghimcuatoi: z.boolean(),
  /** Pinned for every account by an approver. */
  ghimchung: z.boolean(),
  nguoitao: z.object({ _id: z.string(), hoten: z.string() }),
  nguoiduyet: z.object({ _id: z.string(), hoten: z.string() }).nullable(),
  phienban: z.number().int(),
  /** Next start that will fire (unix ms): approved and still to come; null otherwise. */
  lanphattiep: z.number().nullable(),
  ngaytao: z.number(),
  /** The running broadcast of this schedule (idlichphat of its live entry), or null. */
  iddangphat: z.string().nullable(),
  thaotac: scheduleActionsSchema,
  /**
   * Where it really stands, from what the scheduler and the speakers recorded: 'dangphat' while on
   * air; once nothing is left to fire, the outcome of a one-time schedule ('daphat', 'bingat',
   * 'bolo') or 'ketthuc' for a weekly one; null while it waits for its next occurrence.
   */
  tinhtrang: z.enum(SCHEDULE_STATES).nullable(),
  /** The latest occurrence that came: when, what became of it, why, on how many speakers it played. */
  lanphatcuoi: z.object({
    thoidiem: z.number(),
    ketqua: z.enum(SCHEDULE_OUTCOMES),
    /** Why it was missed or cut (Vietnamese), or null. */
    lydo: z.string().nullable(),
    /** Who stopped it, when someone did. */
    nguoingat: z.string().nullable(),
    sothietbiphat: z.number().int(),
  }).nullable(),
  /** The next planned start whether or not it is approved (lanphattiep only counts what will fire). */
  dukien: z.number().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** ghimlichphat: toggles the caller's own pin, or with `tatca` the pin for everyone. */
export const pinBodySchema = z.object({ id: z.string().max(64), tatca: z.boolean().optional() });

export const scheduleFilterSchema = z.object({
  trangthai: z.enum(SCHEDULE_STATUSES).optional(),
  diaban: z.string().max(64).optional(),
  nguoitao: z.string().max(64).optional(),
  /** Schedules active on this day (YYYY-MM-DD). */
  ngay: date.optional(),
  q: z.string().max(100).optional(),
});
export type ScheduleFilter = z.infer<typeof scheduleFilterSchema>;

/** Columns the list sorts by on the server: name, next start, status, creator, commune (first area). */
export const SCHEDULE_SORTS = ['ten', 'lanphattiep', 'trangthai', 'nguoitao', 'diaban'] as const;
export type ScheduleSort = (typeof SCHEDULE_SORTS)[number];

/** danhsachtrang: the filter, a page (from 1) of `sodong` rows, sorted (pinned schedules first on every sort). */
export const schedulePageQuerySchema = scheduleFilterSchema.extend({
  trang: z.number().int().min(1).default(1),
  sodong: z.number().int().min(1).max(200).default(20),
  sapxep: z.enum(SCHEDULE_SORTS).default('lanphattiep'),
  chieu: z.enum(['tang', 'giam']).default('tang'),
});
export type SchedulePageQuery = z.input<typeof schedulePageQuerySchema>;

export const schedulePageSchema = z.object({
  items: z.array(scheduleSchema),
  /** Schedules matching the filter, all pages. */
  tong: z.number().int(),
  trang: z.number().int(),
  sodong: z.number().int(),
});
export type SchedulePage = z.infer<typeof schedulePageSchema>;

/** kehoachtuan: the week (its Monday, or any day of it) whose plan is exported. */
export const weekPlanQuerySchema = z.object({ tuan: date });

/**
 * kiemtrathongtin: the schedule as composed, plus `id` (and `phienban`) when it is an edit, so the
 * check leaves out the schedule being edited.
 */
export const scheduleCheckBodySchema = scheduleBodySchema.extend({
  id: z.string().max(64).optional(),
  phienban: z.number().int().min(0).optional(),
});

/** duyetnhieu: approve several schedules, or send them back with one reason, each by the same rules as one. */
export const bulkReviewBodySchema = z.object({
  ids: z.array(z.string().max(64)).min(1).max(100),
  hanhdong: z.enum(['duyet', 'yeucauduyetlai']),
  /** Required to send back. */
  lydo: z.string().trim().max(500).optional(),
}).refine((b) => b.hanhdong === 'duyet' || !!b.lydo, { message: SCHEDULE_MESSAGES.reasonRequired, path: ['lydo'] });
export const bulkReviewResultSchema = z.object({
  /** The schedules done, as they now stand. */
  xong: z.array(z.string()),
  /** The others, each with why (the message a single action would give). */
  loi: z.array(z.object({ idlichphat: z.string(), lydo: z.string() })),
});

/** thietbimuctieu: a speaker a schedule plays on (within the caller's scope), for the approval view's map. */
export const targetDeviceSchema = z.object({
  _id: z.string(),
  tenthietbi: z.string(),
  tendiaban: z.string(),
  vido: z.number().nullable(),
  kinhdo: z.number().nullable(),
  tructuyen: z.boolean(),
});
export type TargetDevice = z.infer<typeof targetDeviceSchema>;

/** Copies the schedules of a week (from its Monday) to the next N weeks (saocheptuan). */
export const copyWeekBodySchema = z.object({
  tuan: date,
  sotuan: z.number().int().min(1).max(12).default(1),
});
export const copyWeekResultSchema = z.object({
  /** New schedules (one per schedule copied, holding every copied date). */
  datao: z.array(z.string()),
  /** Schedules left out: they repeat into those weeks already, or the caller may not change them. */
  boqua: z.array(z.object({ idlichphat: z.string(), tieude: z.string(), lydo: z.string() })),
});

/** One occurrence: planned start and end (unix ms), every run and wait included. */
const occurrenceRangeSchema = z.object({ batdau: z.number(), ketthuc: z.number() });

/** A device that another broadcast already holds at an overlapping time (kiemtrathongtin). */
export const scheduleConflictSchema = z.object({
  idlichphat: z.string(),
  tieude: z.string(),
  /** The overlap of the two occurrences (unix ms). */
  batdau: z.number(),
  ketthuc: z.number(),
  /** The whole occurrence of the schedule being saved that clashes. */
  lichnay: occurrenceRangeSchema,
  /** The whole occurrence of the other schedule. */
  lichkhac: occurrenceRangeSchema,
  thietbi: z.array(z.object({ _id: z.string(), tenthietbi: z.string() })),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

export const dataWrapper = <T extends z.ZodType>(inner: T) => z.object({ data: inner });
export const idDataSchema = dataWrapper(z.object({ id: z.string().max(64) }));
export const sendBackBodySchema = z.object({ id: z.string().max(64), lydo: z.string({ error: SCHEDULE_MESSAGES.reasonRequired }).trim().min(1, SCHEDULE_MESSAGES.reasonRequired).max(500) });

/** A programme of the library: a named, ordered list of sources. */
export const programmeBodySchema = z.object({
  ten: z.string({ error: SCHEDULE_MESSAGES.programmeNameRequired }).trim().min(1, SCHEDULE_MESSAGES.programmeNameRequired).max(200),
  loaibantin: z.number().int().min(1).max(6),
  nguonphat: sourcesSchema.min(1, MSG.noSources),
});
export const programmeSchema = z.object({
  _id: z.string(),
  ten: z.string(),
  loaibantin: z.number().int(),
  nguonphat: z.array(z.unknown()),
  thoiluong: z.number(),
  nguoitao: z.object({ _id: z.string(), hoten: z.string() }),
  ngaytao: z.number(),
  ngaysua: z.number(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const mediaItemSchema = z.object({
  key: z.string(),
  url: z.string(),
  ten: z.string(),
  loai: z.enum(['file', 'tts', 'recording']),
  thoiluong: z.number(),
  dungluong: z.number(),
  sudung: z.number().int(),
  ngaytao: z.number(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
