/**
 * One label table (issue #28, items 7 and 8): the words a person reads for each code the server
 * writes (system-log actions, their targets and outcomes, device connection reasons, messaging
 * services, notification kinds), in Vietnamese and English. The console's screens, the system-log
 * CSV, the as-run XLSX and the notifications all read them here, so no raw code reaches a person.
 */
import type { Locale } from './constants';
import { labelOf, type Label } from './serviceLabels';

export { SERVICE_LABELS, labelOf, type Label } from './serviceLabels';

/** System-log actions (system_log.action). */
export const LOG_ACTION_LABELS = {
  'dang-nhap': { vi: 'Đăng nhập', en: 'Sign in' },
  'dang-nhap-that-bai': { vi: 'Đăng nhập thất bại', en: 'Failed sign-in' },
  'tam-khoa-dang-nhap': { vi: 'Tạm khoá đăng nhập (sai quá nhiều lần)', en: 'Sign-in locked (too many failures)' },
  'tu-choi-quyen': { vi: 'Bị từ chối: không có quyền', en: 'Refused: missing right' },
  'tu-choi-pham-vi': { vi: 'Bị từ chối: ngoài phạm vi địa bàn', en: 'Refused: outside area scope' },
  'dang-xuat': { vi: 'Đăng xuất', en: 'Sign out' },
  'dang-xuat-thiet-bi': { vi: 'Đăng xuất thiết bị khác', en: 'Sign out another device' },
  'doi-mat-khau': { vi: 'Đổi mật khẩu', en: 'Change password' },
  'thay-doi-thong-tin': { vi: 'Đổi thông tin cá nhân', en: 'Change own details' },
  'gui-xac-thuc-email': { vi: 'Gửi liên kết xác thực email', en: 'Send e-mail verification link' },
  'xac-thuc-email': { vi: 'Xác thực email', en: 'Verify e-mail' },
  'them-tai-khoan': { vi: 'Thêm tài khoản', en: 'Create account' },
  'sua-tai-khoan': { vi: 'Sửa tài khoản', en: 'Edit account' },
  'xoa-tai-khoan': { vi: 'Xoá tài khoản', en: 'Delete account' },
  'khoa-tai-khoan': { vi: 'Khoá tài khoản', en: 'Lock account' },
  'mo-khoa-tai-khoan': { vi: 'Mở khoá tài khoản', en: 'Unlock account' },
  'dat-lai-mat-khau': { vi: 'Đặt lại mật khẩu', en: 'Reset password' },
  'moi-tai-khoan': { vi: 'Mời tham gia', en: 'Invite' },
  'huy-loi-moi': { vi: 'Huỷ lời mời', en: 'Cancel invitation' },
  'nhan-loi-moi': { vi: 'Nhận lời mời', en: 'Accept invitation' },
  'phat-ngay': { vi: 'Phát ngay (khẩn cấp)', en: 'Broadcast now (emergency)' },
  'dung-phat': { vi: 'Dừng phát', en: 'Stop broadcast' },
  'ngat-phat': { vi: 'Ngắt bản tin đang phát', en: 'Interrupt a running broadcast' },
  'tao-lich-phat': { vi: 'Tạo lịch phát', en: 'Create schedule' },
  'sua-lich-phat': { vi: 'Sửa lịch phát', en: 'Edit schedule' },
  'sua-lich-ngay-nghi': { vi: 'Sửa lịch ngày nghỉ', en: 'Change the holiday calendar' },
  'xoa-lich-phat': { vi: 'Xoá lịch phát', en: 'Delete schedule' },
  'ghim-lich-phat': { vi: 'Ghim lịch phát cho mọi người', en: 'Pin schedule for everyone' },
  'bo-ghim-lich-phat': { vi: 'Bỏ ghim lịch phát cho mọi người', en: 'Unpin schedule for everyone' },
  'duyet-lich-phat': { vi: 'Duyệt lịch phát', en: 'Approve schedule' },
  'yeu-cau-duyet-lai': { vi: 'Yêu cầu duyệt lại lịch phát', en: 'Ask to re-approve schedule' },
  'tao-chuong-trinh': { vi: 'Tạo chương trình', en: 'Create programme' },
  'sua-chuong-trinh': { vi: 'Sửa chương trình', en: 'Edit programme' },
  'xoa-chuong-trinh': { vi: 'Xoá chương trình', en: 'Delete programme' },
  'xoa-tep': { vi: 'Xoá tệp', en: 'Delete file' },
  'them-kenh': { vi: 'Thêm kênh tiếp sóng', en: 'Add relay channel' },
  'xoa-kenh': { vi: 'Xoá kênh tiếp sóng', en: 'Delete relay channel' },
  'tong-hop-giong-noi': { vi: 'Chuyển văn bản thành giọng nói', en: 'Text to speech' },
  'them-thiet-bi': { vi: 'Thêm thiết bị', en: 'Add device' },
  'sua-thiet-bi': { vi: 'Sửa thiết bị', en: 'Edit device' },
  'xoa-thiet-bi': { vi: 'Xoá thiết bị', en: 'Delete device' },
  'cau-hinh-thiet-bi': { vi: 'Cấu hình thiết bị', en: 'Configure device' },
  'cap-lai-khoa-thiet-bi': { vi: 'Cấp lại khoá bí mật thiết bị', en: 'Reissue device secret' },
  'thiet-bi-gui-sai': { vi: 'Bị từ chối: thiết bị gửi dữ liệu sai', en: 'Refused: device sent invalid data' },
  'ngat-thiet-bi-gui-sai': { vi: 'Ngắt kết nối thiết bị gửi dữ liệu sai liên tục', en: 'Device cut off for repeatedly sending invalid data' },
  'dat-am-luong': { vi: 'Đặt âm lượng thiết bị', en: 'Set device volume' },
  'khoi-dong-lai': { vi: 'Khởi động lại thiết bị', en: 'Reboot device' },
  'them-dia-ban': { vi: 'Thêm địa bàn', en: 'Add area' },
  'sua-dia-ban': { vi: 'Sửa địa bàn', en: 'Edit area' },
  'xoa-dia-ban': { vi: 'Xoá địa bàn', en: 'Delete area' },
  'cau-hinh-chuyen-tiep-thong-bao': { vi: 'Cấu hình chuyển tiếp thông báo', en: 'Configure notification forwarding' },
  'xuat-nhat-ky': { vi: 'Xuất nhật ký', en: 'Export log' },
  'tao-khoa-api': { vi: 'Tạo khoá API', en: 'Create API key' },
  'thu-hoi-khoa-api': { vi: 'Thu hồi khoá API', en: 'Revoke API key' },
  'goi-api': { vi: 'Gọi API bằng khoá', en: 'API call with a key' },
  'tu-choi-khoa-api': { vi: 'Bị từ chối: khoá API sai, đã thu hồi hoặc gọi quá nhiều', en: 'Refused: API key wrong, revoked or over its rate' },
  'nhan-ban-tin-httt-nguon': { vi: 'Nhận bản tin từ Hệ thống thông tin nguồn', en: 'Bulletin received from the province information source' },
  'nhan-lenh-httt-nguon': { vi: 'Nhận lệnh điều khiển từ Hệ thống thông tin nguồn', en: 'Command received from the province information source' },
  'tu-choi-httt-nguon': { vi: 'Bị từ chối: bản tin hoặc lệnh của Hệ thống thông tin nguồn không hợp lệ', en: 'Refused: invalid bulletin or command from the province information source' },
  'gui-lai-httt-nguon': { vi: 'Gửi lại thông điệp lên Hệ thống thông tin nguồn', en: 'Retry messages to the province information source' },
  'dong-bo-httt-nguon': { vi: 'Đồng bộ toàn bộ lên Hệ thống thông tin nguồn', en: 'Send everything to the province information source' },
  'nhan-canh-bao-cap': { vi: 'Nhận cảnh báo CAP', en: 'CAP alert received' },
  'tu-choi-canh-bao-cap': { vi: 'Bị từ chối: cảnh báo CAP không hợp lệ', en: 'Refused: invalid CAP alert' },
  'them-nguon-cap': { vi: 'Thêm nguồn CAP', en: 'Add CAP feed' },
  'xoa-nguon-cap': { vi: 'Xoá nguồn CAP', en: 'Remove CAP feed' },
  'chinh-sach-canh-bao-cap': { vi: 'Đổi chính sách cảnh báo CAP', en: 'Change CAP alert policy' },
  'sua-ranh-gioi-dia-ban': { vi: 'Sửa mã và ranh giới địa bàn', en: 'Edit area code and boundary' },
  'nhap-ranh-gioi-dia-ban': { vi: 'Nhập ranh giới địa bàn (GeoJSON)', en: 'Import area boundaries (GeoJSON)' },
  'phat-truc-tiep': { vi: 'Phát trực tiếp', en: 'Live broadcast' },
  'tu-choi-phat-truc-tiep': { vi: 'Bị từ chối: phát trực tiếp', en: 'Refused: live broadcast' },
  'tai-goi-phan-mem': { vi: 'Tải lên gói phần mềm loa', en: 'Upload speaker software package' },
  'tu-choi-goi-phan-mem': { vi: 'Bị từ chối: gói phần mềm loa không hợp lệ hoặc sai chữ ký', en: 'Refused: invalid or wrongly signed speaker package' },
  'tao-dot-cap-nhat': { vi: 'Tạo đợt cập nhật phần mềm loa', en: 'Start speaker software rollout' },
  'tu-choi-dot-cap-nhat': { vi: 'Bị từ chối: đợt cập nhật phần mềm loa', en: 'Refused: speaker software rollout' },
  'tam-dung-cap-nhat': { vi: 'Tạm dừng đợt cập nhật', en: 'Pause rollout' },
  'tiep-tuc-cap-nhat': { vi: 'Tiếp tục đợt cập nhật', en: 'Resume rollout' },
  'hoan-lai-cap-nhat': { vi: 'Hoàn lại đợt cập nhật (về phiên bản cũ)', en: 'Roll back rollout (to the previous version)' },
  'loa-cap-nhat': { vi: 'Loa báo kết quả cập nhật phần mềm', en: 'Speaker reported a software update' },
  'tu-choi-tep-am-thanh': { vi: 'Bị từ chối: loa tải tệp âm thanh bằng địa chỉ sai, hết hạn hoặc của địa bàn khác', en: 'Refused: a speaker asked for audio with a wrong, expired or other area\'s address' },
} as const satisfies Record<string, Label>;

/** What a system-log entry is about (system_log.target_type). */
export const LOG_TARGET_LABELS = {
  'chuongtrinh': { vi: 'Chương trình', en: 'Programme' },
  'chuyentiep': { vi: 'Chuyển tiếp thông báo', en: 'Notification forwarding' },
  'diaban': { vi: 'Địa bàn', en: 'Area' },
  'giongnoi': { vi: 'Giọng nói', en: 'Speech' },
  'kenh': { vi: 'Kênh tiếp sóng', en: 'Relay channel' },
  'ngaynghi': { vi: 'Lịch ngày nghỉ', en: 'Holiday calendar' },
  'lichphat': { vi: 'Lịch phát', en: 'Schedule' },
  'loimoi': { vi: 'Lời mời', en: 'Invitation' },
  'phatngay': { vi: 'Phát ngay', en: 'Immediate broadcast' },
  'taikhoan': { vi: 'Tài khoản', en: 'Account' },
  'tep': { vi: 'Tệp', en: 'File' },
  'thietbi': { vi: 'Thiết bị', en: 'Device' },
  'httt-nguon': { vi: 'Hệ thống thông tin nguồn', en: 'Province information source' },
  'thietbidangnhap': { vi: 'Thiết bị đăng nhập', en: 'Login device' },
  'khoaapi': { vi: 'Khoá API', en: 'API key' },
  'nguoncap': { vi: 'Nguồn CAP', en: 'CAP feed' },
  'phatlich': { vi: 'Lịch phát đang phát', en: 'Scheduled broadcast playing' },
  'canhbaocap': { vi: 'Cảnh báo CAP', en: 'CAP alert' },
  'goiphanmem': { vi: 'Gói phần mềm loa', en: 'Speaker software package' },
  'dotcapnhat': { vi: 'Đợt cập nhật phần mềm', en: 'Software rollout' },
} as const satisfies Record<string, Label>;

/** How a system-log entry ended (system_log.outcome). */
export const LOG_OUTCOME_LABELS = {
  'ok': { vi: 'Thành công', en: 'Succeeded' },
  'failed': { vi: 'Thất bại', en: 'Failed' },
  'denied': { vi: 'Bị từ chối', en: 'Denied' },
} as const satisfies Record<string, Label>;

/**
 * Why a device came online or went offline (device_connections.reason): connection history and
 * Tổng quan's faults. Worded as the cause, so it never repeats the event ("Mất kết nối").
 */
export const CONNECTION_REASON_LABELS = {
  'ket-noi': { vi: 'Thiết bị kết nối tới máy chủ', en: 'The device connected' },
  'mat-ket-noi': { vi: 'Đứt kết nối đột ngột (khởi động lại, mất điện hoặc mất đường truyền)', en: 'Dropped abruptly (reboot, power or link loss)' },
  'khong-phan-hoi': { vi: 'Không báo trạng thái quá lâu', en: 'No report for too long' },
  'tat-may': { vi: 'Thiết bị tự ngắt (tắt hoặc khởi động lại phần mềm loa)', en: 'The device signed off (shut down or restarted its agent)' },
  'gui-sai': { vi: 'Bị ngắt vì gửi dữ liệu sai liên tục', en: 'Cut off for invalid messages' },
  'khoa-moi': { vi: 'Bị ngắt vì đã cấp khoá bí mật mới', en: 'Cut off: a new secret was issued' },
  'tu-choi-dang-nhap': { vi: 'Máy chủ MQTT từ chối mã thiết bị hoặc khoá bí mật', en: 'The broker refused its id or secret' },
  'may-chu-khoi-dong-lai': { vi: 'Máy chủ khởi động lại', en: 'The server restarted' },
} as const satisfies Record<string, Label>;

/** Names of the details a system-log entry keeps (system_log.detail), for people. */
export const LOG_DETAIL_LABELS = {
  lydo: { vi: 'Lý do', en: 'Reason' },
  tieude: { vi: 'Tiêu đề', en: 'Title' },
  ten: { vi: 'Tên', en: 'Name' },
  truong: { vi: 'Trường đã đổi', en: 'Fields changed' },
  duongdan: { vi: 'Đường dẫn', en: 'Path' },
  thongbao: { vi: 'Thông báo', en: 'Message' },
  trangthai: { vi: 'Trạng thái', en: 'State' },
  tentaikhoan: { vi: 'Tài khoản', en: 'Account' },
  sothietbi: { vi: 'Số thiết bị', en: 'Devices' },
  soluong: { vi: 'Số lượng', en: 'Count' },
  nguon: { vi: 'Nguồn', en: 'Source' },
  ketqua: { vi: 'Kết quả', en: 'Result' },
  email: { vi: 'Email', en: 'E-mail' },
  diaban: { vi: 'Địa bàn', en: 'Areas' },
  thoiluong: { vi: 'Thời lượng (giây)', en: 'Duration (s)' },
  soloa: { vi: 'Số loa', en: 'Speakers' },
  solan: { vi: 'Số lần', en: 'Times' },
  sodiaban: { vi: 'Số địa bàn', en: 'Areas' },
  loaibantin: { vi: 'Loại bản tin', en: 'Bulletin type' },
  amluong: { vi: 'Âm lượng', en: 'Volume' },
  keepalive: { vi: 'Chu kỳ giữ kết nối (giây)', en: 'Keep-alive (s)' },
  kenhmacdinh: { vi: 'Kênh mặc định', en: 'Default channel' },
  giotinh: { vi: 'Giờ tĩnh', en: 'Quiet hours' },
  tu: { vi: 'Từ', en: 'From' },
  den: { vi: 'Đến', en: 'To' },
  batdau: { vi: 'Bật', en: 'Enabled' },
  sukien: { vi: 'Sự kiện', en: 'Events' },
  boloc: { vi: 'Bộ lọc', en: 'Filters' },
  hanhdong: { vi: 'Hành động', en: 'Action' },
  nguoidung: { vi: 'Người dùng', en: 'User' },
  serial: { vi: 'Số sê-ri', en: 'Serial' },
  sender: { vi: 'Nơi gửi', en: 'Sender' },
  identifier: { vi: 'Mã cảnh báo', en: 'Alert identifier' },
  sent: { vi: 'Thời điểm gửi', en: 'Sent' },
  msgType: { vi: 'Loại tin', en: 'Message type' },
  mahanhchinh: { vi: 'Mã hành chính', en: 'Geocode' },
  engine: { vi: 'Bộ chuyển giọng nói', en: 'Speech engine' },
  chinhsach: { vi: 'Chính sách', en: 'Policy' },
  phienban: { vi: 'Phiên bản', en: 'Version' },
  kientruc: { vi: 'Kiến trúc', en: 'Architecture' },
  sha256: { vi: 'SHA-256', en: 'SHA-256' },
  tentep: { vi: 'Tên tệp', en: 'File name' },
  giaidoan: { vi: 'Số giai đoạn', en: 'Stages' },
  batbuoc: { vi: 'Cả trong giờ tĩnh', en: 'In quiet hours too' },
  tep: { vi: 'Tệp', en: 'File' },
  phien: { vi: 'Phiên phát', en: 'Session' },
  thietbi: { vi: 'Thiết bị', en: 'Device' },
  chuong: { vi: 'Chuông báo trước', en: 'Chime first' },
} as const satisfies Record<string, Label>;

const YES_NO = { vi: ['Có', 'Không'], en: ['Yes', 'No'] } as const;

function detailValue(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => detailValue(v, locale)).join(', ');
  if (typeof value === 'object') return `(${describeLogDetail(value as Record<string, unknown>, locale)})`;
  return String(value);
}

/**
 * A system-log entry's details as one readable line, as the screen and the CSV show them: each
 * detail by its label (Lý do: …; Âm lượng: 42), lists joined, yes/no in words; never JSON.
 */
export function describeLogDetail(detail: Record<string, unknown> | null | undefined, locale: Locale = 'vi'): string {
  if (!detail || typeof detail !== 'object') return '';
  return Object.entries(detail)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${labelOf(LOG_DETAIL_LABELS, key, locale)}: ${key === 'hanhdong' && typeof value === 'string' ? labelOf(LOG_ACTION_LABELS, value, locale) : detailValue(value, locale)}`)
    .join('; ');
}
