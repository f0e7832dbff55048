import { z } from 'zod';
import { MESSAGE_TYPES } from '../constants';
import { formatDuration } from '../format';
import { isCalendarDay, vnClock, vnDay } from '../vietnamTime';
import { AS_RUN_MESSAGES } from './asRun.messages';

export { AS_RUN_MESSAGES } from './asRun.messages';

/** At most this many days in one view or export. */
export const AS_RUN_MAX_DAYS = 31;

/** What became of one planned or sent programme in one commune. */
export const AS_RUN_OUTCOMES = [
  { value: 'daphat', ten: 'Đã phát' },
  { value: 'dangphat', ten: 'Đang phát' },
  { value: 'bidung', ten: 'Bị dừng' },
  { value: 'bingat', ten: 'Bị ngắt' },
  { value: 'maychudung', ten: 'Kết thúc khi máy chủ dừng' },
  { value: 'khongphat', ten: 'Không loa nào phát' },
  { value: 'bolo', ten: 'Bỏ lỡ' },
  { value: 'chuaden', ten: 'Chưa đến giờ' },
] as const;
export type AsRunOutcome = (typeof AS_RUN_OUTCOMES)[number]['value'];
const OUTCOME_VALUES = AS_RUN_OUTCOMES.map((o) => o.value) as [AsRunOutcome, ...AsRunOutcome[]];

/** The outcome's Vietnamese label. */
export const asRunOutcomeLabel = (value: string): string => AS_RUN_OUTCOMES.find((o) => o.value === value)?.ten ?? value;

/** Why a row ended as it did, in the words an officer hands to the district. */
export const AS_RUN_REASONS = {
  stoppedBy: (name: string, at: string) => `Dừng bởi ${name} lúc ${at}`,
  cutBy: (name: string | null, at: string) => `Bị ngắt${name ? ` bởi ${name}` : ''} lúc ${at}`,
  /** The whole session ended by an officer's takeover at the same priority (end_reason 'bi-ngat'). */
  takenOverBy: (name: string | null, at: string) => `Bị ${name ?? 'cán bộ khác'} phát đè bằng bản tin cùng mức ưu tiên lúc ${at}`,
  serverDown: 'Máy chủ ngừng hoạt động trước khi chương trình phát xong',
  devicesCut: (n: number) => `${n} loa bị bản tin ưu tiên cao hơn ngắt`,
  /** An officer's explicit takeover at the same priority ('Ngắt và phát'), not a pre-emption (issue #32 item 14). */
  devicesTakenOver: (n: number) => `${n} loa bị cán bộ khác phát đè (cùng mức ưu tiên)`,
  devicesOffline: (n: number) => `${n} loa ngoại tuyến lúc bắt đầu phát`,
  playedOffline: (n: number) => `${n} loa phát khi mất kết nối, báo sau`,
  devicesSilent: (n: number) => `${n} loa không báo đã phát`,
  devicesError: (n: number, message: string | null) => `${n} loa báo lỗi${message ? `: ${message}` : ''}`,
  noDevices: 'Địa bàn không có loa nào',
  missedServerDown: 'Máy chủ không hoạt động lúc đến giờ phát',
  missedAllOffline: 'Không có loa nào trực tuyến lúc đến giờ phát',
  missedNotStarted: 'Không khởi động được chương trình lúc đến giờ phát',
  missedNoRecord: 'Không có bản ghi phát của bộ lập lịch',
  missedNotApproved: 'Chưa được duyệt trước giờ phát',
  approvedLate: 'Được duyệt hoặc sửa sau giờ phát',
  awaitingApproval: 'Đang chờ duyệt',
} as const;

const date = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, AS_RUN_MESSAGES.dateInvalid).refine(isCalendarDay, AS_RUN_MESSAGES.dateInvalid);

/** Filters: a day (tu alone) or a date range (Asia/Ho_Chi_Minh), an area, a message type, a kind and an outcome. */
export const asRunQuerySchema = z
  .object({
    tu: date.optional(),
    den: date.optional(),
    /** Area id within the caller's scope: rows of the communes under it (or of it). */
    diaban: z.string().trim().max(64).optional(),
    loaibantin: z.coerce.number().int().min(1).max(MESSAGE_TYPES.length).optional(),
    hinhthuc: z.enum(['phatngay', 'phatlich']).optional(),
    ketqua: z.enum(OUTCOME_VALUES).optional(),
  })
  .refine((q) => !q.tu || !q.den || q.tu <= q.den, AS_RUN_MESSAGES.dateRange);
export type AsRunQuery = z.infer<typeof asRunQuerySchema>;

/** One programme (a broadcast, or a planned occurrence of a schedule) in one commune. */
export const asRunRowSchema = z.object({
  _id: z.string(),
  /** Local day (YYYY-MM-DD) of its planned or actual start. */
  ngay: z.string(),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }),
  hinhthuc: z.enum(['phatngay', 'phatlich']),
  /** The broadcast session (null for an occurrence that never started). */
  idphien: z.string().nullable(),
  idlichphat: z.string().nullable(),
  tieude: z.string(),
  loaibantin: z.number().int(),
  nguoitao: z.object({ _id: z.string(), hoten: z.string() }).nullable(),
  /** Planned start (a schedule's occurrence) or the moment it was sent (immediate), unix ms. */
  giodukien: z.number(),
  batdau: z.number().nullable(),
  ketthuc: z.number().nullable(),
  /** Length of one run of the programme, seconds. */
  thoiluong: z.number(),
  /** Speakers of the commune it was sent to (within the caller's scope). */
  sothietbi: z.number().int(),
  /** Of those, how many reported playing it, reported an error, were cut off by another bulletin, were offline at its start. */
  sodaphat: z.number().int(),
  soloi: z.number().int(),
  sobingat: z.number().int(),
  songoaituyen: z.number().int(),
  /** Of those that played, how many played while their link was down and reported it on reconnection (issue #30). */
  sobaosau: z.number().int(),
  ketqua: z.enum(OUTCOME_VALUES),
  lydo: z.string().nullable(),
});
export type AsRunRow = z.infer<typeof asRunRowSchema>;

export const asRunReportSchema = z.object({
  tu: z.string(),
  den: z.string(),
  items: z.array(asRunRowSchema),
  /** Rows per outcome. */
  tomtat: z.record(z.string(), z.number().int()),
});
export type AsRunReport = z.infer<typeof asRunReportSchema>;

/** Columns of the CSV and XLSX exports, in order. */
export const AS_RUN_COLUMNS = [
  'Ngày', 'Địa bàn', 'Giờ dự kiến', 'Bắt đầu', 'Kết thúc', 'Hình thức', 'Tên chương trình', 'Loại bản tin', 'Người tạo',
  'Thời lượng', 'Số loa dự kiến', 'Số loa đã phát', 'Số loa lỗi', 'Số loa bị ngắt', 'Số loa ngoại tuyến', 'Kết quả', 'Lý do / ghi chú',
] as const;

const KIND_LABELS = { phatngay: 'Phát ngay', phatlich: 'Theo lịch' } as const;
export const asRunKindLabel = (kind: AsRunRow['hinhthuc']): string => KIND_LABELS[kind];
export const messageTypeLabel = (id: number): string => MESSAGE_TYPES.find((m) => m.id === id)?.ten ?? String(id);

/** One row as the cells of the exports, in the order of AS_RUN_COLUMNS: text, and counts as numbers. */
export function asRunCells(row: AsRunRow): (string | number)[] {
  return [
    vnDay(row.ngay), row.diaban.tendiaban, vnClock(row.giodukien), row.batdau === null ? '' : vnClock(row.batdau), row.ketthuc === null ? '' : vnClock(row.ketthuc),
    asRunKindLabel(row.hinhthuc), row.tieude, messageTypeLabel(row.loaibantin), row.nguoitao?.hoten ?? '', formatDuration(row.thoiluong),
    row.sothietbi, row.sodaphat, row.soloi, row.sobingat, row.songoaituyen, asRunOutcomeLabel(row.ketqua), row.lydo ?? '',
  ];
}
