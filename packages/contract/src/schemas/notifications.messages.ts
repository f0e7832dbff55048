// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const NOTIFICATION_MESSAGES = {
  serviceUnknown: 'Dịch vụ nhắn tin không được hỗ trợ!',
  eventUnknown: 'Loại sự kiện thông báo không tồn tại!',
  telegramTokenRequired: 'Bạn chưa nhập mã bot Telegram!',
  telegramChatRequired: 'Bạn chưa nhập mã cuộc trò chuyện (chat id) Telegram!',
  webhookUrlInvalid: 'Địa chỉ webhook phải là một URL http(s) hợp lệ!',
  telegramTokenInvalid: 'Mã bot Telegram không đúng dạng (ví dụ 123456789:AAHk…)!',
  notConfigured: 'Dịch vụ này chưa được cấu hình!',
  zaloTokenRequired: 'Bạn chưa nhập mã truy cập (access token) của Zalo OA!',
  zaloUserRequired: 'Bạn chưa nhập mã người nhận (user id) Zalo!',
  zaloUserInvalid: 'Mã người nhận Zalo chỉ gồm chữ số (tối đa 20 người, cách nhau bởi dấu phẩy)!',
  sendFailed: 'Gửi thử không thành công, hãy kiểm tra cấu hình!',
  testMessage: 'Loa: tin nhắn thử từ hệ thống truyền thanh.',
} as const;

/** Kinds of notification, raised by real events. */
export const NOTIFICATION_KINDS = [
  { value: 'thietbi-matketnoi', ten: 'Thiết bị mất kết nối lâu' },
  { value: 'thietbi-lechdongho', ten: 'Đồng hồ thiết bị không tin cậy' },
  { value: 'thietbi-guisai', ten: 'Thiết bị gửi dữ liệu sai, bị ngắt kết nối' },
  { value: 'thietbi-suckhoe', ten: 'Thiết bị quá nóng, sắp đầy ổ đĩa hoặc hết bộ nhớ' },
  { value: 'phat-batdau', ten: 'Chương trình bắt đầu phát' },
  { value: 'phat-ketthuc', ten: 'Chương trình dừng phát' },
  { value: 'phat-bingat', ten: 'Chương trình bị ngắt bởi bản tin ưu tiên cao hơn' },
  { value: 'lichphat-choduyet', ten: 'Lịch phát chờ duyệt' },
  { value: 'lichphat-sapden', ten: 'Lịch phát sắp đến giờ mà chưa được duyệt' },
  { value: 'lichphat-bolo', ten: 'Lịch phát bị bỏ lỡ' },
  { value: 'canhbao-cap', ten: 'Cảnh báo CAP được phát ngay' },
] as const;
