import { z } from 'zod';

/** Every successful answer is wrapped as `{ data }` (the console reads `data.data`). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error answers carry a Vietnamese message; 401 also says whether a silent refresh can help. */
export const errorSchema = z.object({ message: z.string() });
export const unauthorizedSchema = z.object({ message: z.string(), auto: z.enum(['yes', 'no']) });
export type ApiError = z.infer<typeof errorSchema>;
export type Unauthorized = z.infer<typeof unauthorizedSchema>;

/** Area (địa bàn) as the lists of spec §3 show it. */
export const areaSchema = z.object({
  _id: z.string(),
  tendiaban: z.string(),
  cap: z.enum(['tinh', 'huyen', 'xa', 'thon'] as const),
  idcha: z.string().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

/** Human labels for wire field names, used to name the field in validation messages. */
export const FIELD_LABELS: Record<string, string> = {
  tentaikhoan: 'Tên tài khoản',
  password: 'Mật khẩu',
  token: 'Mã xác thực',
  DiaDiem: 'Địa điểm',
  DeviceID: 'Mã thiết bị đăng nhập',
  userId: 'Mã người dùng',
  hoten: 'Họ tên',
  email: 'Email',
  sdt: 'Số điện thoại',
  matkhauHientai: 'Mật khẩu hiện tại',
  matkhaumoi: 'Mật khẩu mới',
  nhaplaimatkhaumoi: 'Nhập lại mật khẩu mới',
  // Every other input field (issue #15 item 12, audit area), so each message names the field.
  _id: 'Mã', id: 'Mã', ids: 'Danh sách mã', key: 'Khoá tệp', q: 'Từ khoá tìm kiếm', sort: 'Sắp xếp', order: 'Thứ tự sắp xếp',
  page: 'Trang', trang: 'Trang', limit: 'Số dòng', sodong: 'Số dòng', sau: 'Vị trí trang', sotab: 'Thẻ',
  tieude: 'Tiêu đề', tenchuongtrinh: 'Tên chương trình', noidung: 'Nội dung', noidunggiongnoi: 'Nội dung giọng nói', ghichu: 'Ghi chú',
  loaibantin: 'Loại bản tin', uutien: 'Chế độ ưu tiên', kieulaplai: 'Kiểu lặp lại', solanlaplai: 'Số lần lặp lại',
  thoigianlaplai: 'Thời gian lặp lại', thoiluong: 'Thời lượng', duration: 'Thời lượng', amluong: 'Âm lượng',
  diaban: 'Địa bàn', diabanchon: 'Địa bàn được chọn', iddiaban: 'Địa bàn', thietbi: 'Thiết bị', thietbichon: 'Thiết bị được chọn',
  nguonphat: 'Nguồn phát', kieunguon: 'Kiểu nguồn', url: 'Đường dẫn', fileName: 'Tên tệp', fimename: 'Tên tệp', items: 'Danh sách nguồn',
  thoigianbatdau: 'Thời gian bắt đầu', thoigianBatdau: 'Thời gian bắt đầu', thoigianBatdauTimeline: 'Thời điểm trên dòng thời gian',
  thoigianketthuc: 'Thời gian kết thúc', batdau: 'Bắt đầu', ketthuc: 'Kết thúc', ngaybatdau: 'Ngày bắt đầu', ngayketthuc: 'Ngày kết thúc',
  giophat: 'Giờ phát', thutrongtuan: 'Thứ trong tuần', chedophat: 'Chế độ phát', chophatlai: 'Cho phát lại', thoigianchophatlai: 'Thời gian cho phát lại',
  idchuongtrinh: 'Chương trình', idlichphat: 'Lịch phát', idlichgoc: 'Lịch phát gốc', idcha: 'Địa bàn cha',
  tendiaban: 'Tên địa bàn', cap: 'Cấp địa bàn', cauhinh: 'Cấu hình', tenthietbi: 'Tên thiết bị', serial: 'Số sê-ri', kinhdo: 'Kinh độ', vido: 'Vĩ độ',
  tenkenh: 'Tên kênh', kenhmacdinh: 'Kênh mặc định', ten: 'Tên', label: 'Nhãn', lienket: 'Liên kết',
  taikhoan: 'Tài khoản', nguoidung: 'Người dùng', loaitaikhoan: 'Loại tài khoản', quyenhan: 'Quyền hạn', khoa: 'Khoá',
  hanhdong: 'Hành động', tu: 'Từ ngày', den: 'Đến ngày', loai: 'Loại', trangthai: 'Trạng thái', status: 'Trạng thái',
  engine: 'Bộ tổng hợp giọng nói', speaker_id: 'Giọng đọc', input: 'Văn bản', bottoken: 'Mã bot', chatid: 'Mã cuộc trò chuyện',
  thongtin: 'Thông tin chương trình', files: 'Tệp âm thanh', ghim: 'Ghim', dadoc: 'Đã đọc', thutu: 'Thứ tự',
  // The province exchange (issue #14, docs/interop.md)
  mabantin: 'Mã bản tin', mucdouutien: 'Mức độ ưu tiên', tepamthanh: 'Tệp âm thanh', tiepsong: 'Đường dẫn tiếp sóng', thoigianphat: 'Thời điểm phát',
  lichphat: 'Lịch phát', malenh: 'Mã lệnh', lenh: 'Lệnh', chedo: 'Chế độ phát',
  gioihanphut: 'Giới hạn số lần gọi mỗi phút',
};
