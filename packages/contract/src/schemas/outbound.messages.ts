// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const OUTBOUND_MESSAGES = {
  urlNotHttp: 'Địa chỉ phải là một URL bắt đầu bằng http:// hoặc https://!',
  relayUrlNotHttp: 'Đường dẫn tiếp sóng phải là một địa chỉ bắt đầu bằng http:// hoặc https:// (ví dụ https://radio.vn/truc-tiep.mp3)!',
  channelUnknown: 'Kênh tiếp sóng không tồn tại!',
  addressRefused: 'Địa chỉ này trỏ vào mạng nội bộ hoặc một địa chỉ đặc biệt (localhost, 10.x, 192.168.x, 169.254.x…) nên máy chủ không được phép kết nối. Nếu thật sự cần, hãy nhờ quản trị hệ thống cho phép địa chỉ này.',
  hostNotFound: 'Không tìm thấy tên máy trong địa chỉ.',
  connectFailed: 'Không kết nối được tới máy nhận.',
  timeout: 'Máy nhận không trả lời trong thời gian cho phép.',
  tooLarge: 'Câu trả lời của máy nhận vượt quá dung lượng cho phép.',
  redirect: 'Máy nhận chuyển hướng sang địa chỉ khác; máy chủ không đi theo.',
} as const;
