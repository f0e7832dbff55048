/** Business constants and limits of spec §9. */
export const DEFAULT_PATH = '/tong-quan';
export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';

/** Why a session ended without the user signing out here (a 401's `lydo`, /login's reason): expired, signed out from another device, locked. */
export const SESSION_END_REASONS = ['hethan', 'thietbikhac', 'khoa'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const REQUEST_TIMEOUT_MS = 60_000;
export const TTS_FIRST_CALL_TIMEOUT_MS = 120_000;
export const SOCKET_RECONNECT_ATTEMPTS = 20;
export const SOCKET_RECONNECT_DELAY_MS = 5_000;

export const MENU_WIDTH = 260;
export const GRID_SPACING = 3;
export const DEFAULT_BORDER_RADIUS = 12;
export const MAIN_CONTENT_OFFSET_PX = 88;
export const SNACKBAR_AUTO_HIDE_MS = 6_000;

export const TTS_MIN_CHARS = 10;
export const TTS_MAX_CHARS = 3_000;
export const TTS_SUMMARY_CHARS = 40;
export const RECORDING_MIN_SECONDS = 10;
export const RECORDING_KBPS = 128;
export const REJECTED_BITRATE_KBPS = 320;
export const METADATA_RETRY_CAP = 100;
export const UPLOAD_SUCCESS_STATUS = 204;
export const BROADCAST_SUCCESS_STATUS = 200;
export const CARD_TITLE_MAX = 17;
export const LABEL_MAX = 20;
export const DIGITAL_DEVICE_FIXED_DURATION = '00:30:00';

/** Message types (loaibantin) of §9. */
export const MESSAGE_TYPES = [
  { id: 1, ten: 'Thông tin chung', en: 'General information' },
  { id: 2, ten: 'Thông tin đột xuất', en: 'Sudden information' },
  { id: 3, ten: 'Chủ trương, chính sách của Đảng và Nhà nước', en: 'Party and State policy' },
  { id: 4, ten: 'Chỉ đạo, điều hành của chính quyền cơ sở', en: 'Directives of local authorities' },
  { id: 5, ten: 'Kiến thức khoa học, công nghệ, kinh tế, văn hoá, xã hội', en: 'Science, technology, economy, culture and society' },
  { id: 6, ten: 'Gương người tốt, việc tốt', en: 'Good examples' },
] as const;
export type MessageTypeId = (typeof MESSAGE_TYPES)[number]['id'];

/**
 * Priority levels (uutien), strongest first: khẩn cấp / ưu tiên / thông thường, the three levels of
 * the province information-source guidance (issue #14). The number is what the playout engine and
 * the speakers compare (a higher one pre-empts a lower one on shared speakers), so the spec's
 * emergency bulletin keeps its id 1 and the lower levels sit below it. `muc` is the level's number
 * in the province exchange (docs/interop.md).
 */
export const PRIORITIES = [
  { id: 1, ten: 'Bản tin khẩn cấp', en: 'Emergency bulletin', muc: 1 },
  { id: 0, ten: 'Bản tin ưu tiên', en: 'Priority bulletin', muc: 2 },
  { id: -1, ten: 'Bản tin thông thường', en: 'Normal bulletin', muc: 3 },
] as const;
export type PriorityId = (typeof PRIORITIES)[number]['id'];
export const EMERGENCY_PRIORITY = 1;
export const HIGH_PRIORITY = 0;
export const NORMAL_PRIORITY = -1;
/** Whether a number is one of the priority levels. */
export const isPriority = (value: unknown): value is PriorityId => PRIORITIES.some((p) => p.id === value);

/** Repeat modes (kieulaplai). */
export const REPEAT_MODES = [
  { id: 0, ten: 'Không lặp lại', en: 'No repeat' },
  { id: 1, ten: 'Lặp lại ngay', en: 'Repeat immediately' },
  { id: 2, ten: 'Lặp lại sau khoảng thời gian', en: 'Repeat after an interval' },
] as const;
export type RepeatMode = 0 | 1 | 2;
export const REPEAT_INTERVAL_MIN_SECONDS = 60;
export const REPEAT_COUNT_MIN = 1;
export const REPEAT_COUNT_DEFAULT = 1;

/** Source kinds (kieunguon). */
export const SOURCE_KINDS = {
  file: 'FILE',
  relay: 'Tiếp Sóng',
  tts: 'Tổng Hợp Giọng Nói',
  digital: 'Thiết Bị Số Hóa',
} as const;
export type SourceKind = (typeof SOURCE_KINDS)[keyof typeof SOURCE_KINDS];
export const RELAY_FREE_ENTRY = 'nhapduongdan';

/** The nine text-to-speech voices of §9, grouped by region (grouping is ours; the spec leaves it open). */
export const VOICES = [
  { id: 'banmaiace', ten: 'Ban Mai (nữ miền Bắc)', region: 'north' },
  { id: 'thuminhace', ten: 'Thu Minh (nữ miền Bắc)', region: 'north' },
  { id: 'leminh', ten: 'Lê Minh (nam miền Bắc)', region: 'north' },
  { id: 'lannhi', ten: 'Lan Nhi (nữ miền Nam)', region: 'south' },
  { id: 'linhsanace', ten: 'Linh San (nữ miền Nam)', region: 'south' },
  { id: 'minhquangace', ten: 'Minh Quang (nam miền Nam)', region: 'south' },
  { id: 'myan', ten: 'Mỹ An (nữ miền Trung)', region: 'central' },
  { id: 'ngoclamace', ten: 'Ngọc Lam (nữ miền Trung)', region: 'central' },
  { id: 'giahuy', ten: 'Gia Huy (nam miền Trung)', region: 'central' },
] as const;
export type VoiceId = (typeof VOICES)[number]['id'];

/** Account type value labelled administrator (§6). */
export const ADMIN_ACCOUNT_TYPE = 'nguoidung';
export const ACCOUNT_TYPE_LABELS = { admin: 'Quản Trị Viên', user: 'Người Dùng' } as const;

/** The server's own name where a person's is expected (the system log's IP, the one who acted). */
export const SERVER_ACTOR = { ip: 'máy chủ', commandLine: 'Máy chủ (dòng lệnh)' } as const;

/** Rights (quyenhan values) and their labels. */
export const RIGHTS = [
  { value: 'themsuaxoalichphat', quyen: 'Soạn, sửa, xoá và phát chương trình' },
  { value: 'dungphatchuongtrinh', quyen: 'Dừng chương trình phát của người khác' },
  { value: 'duyetlichphat', quyen: 'Duyệt lịch phát' },
  { value: 'quanlythietbi', quyen: 'Quản lý thiết bị và địa bàn' },
  { value: 'quanlytaikhoan', quyen: 'Quản lý tài khoản' },
  { value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' },
] as const;
export type RightValue = (typeof RIGHTS)[number]['value'];

/** Sign-in throttling: this many failures within the window lock the login name for the lock time. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 300;
export const LOGIN_LOCK_SECONDS = 300;
export const PASSWORD_MIN_LENGTH = 8;

/** Cookie and header names shared by server and console. */
export const ACCESS_COOKIE = 'loa_at';
export const REFRESH_COOKIE = 'loa_rt';
export const CSRF_COOKIE = 'loa_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const LOGIN_ACTIVITY_FORMAT = 'HH:mm:ss - DD/MM/YYYY';
