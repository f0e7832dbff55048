/** Vietnamese strings of the console's resilience: failed reads, lost connection, failed loads, ended sessions, page titles. */
export const viResilience = {
  'query.retry': 'Thử lại',
  'realtime.down': 'Mất kết nối thời gian thực, đang kết nối lại…',
  'chunk.title': 'Mất kết nối hoặc đã có phiên bản mới',
  'chunk.body': 'Không tải được phần này của trang. Có thể mạng vừa bị gián đoạn, hoặc hệ thống vừa được cập nhật lên phiên bản mới. Hãy tải lại trang.',
  'chunk.reload': 'Tải lại trang',
  'routeError.title': 'Đã có lỗi khi hiển thị trang',
  'routeError.body': 'Trang gặp lỗi không mong muốn. Hãy tải lại trang; nếu lỗi còn, hãy báo cho quản trị viên.',
  // Spec §8's wording, exactly.
  'sessionEnded.expired': 'Phiên Sử Dụng Đã Hết Hạn!',
  'sessionEnded.remote': 'Bạn đã bị đăng xuất từ một thiết bị khác.',
  'sessionEnded.locked': 'Tài khoản của bạn đã bị khoá. Hãy liên hệ quản trị viên.',
  'sessionEnded.rightsChanged': 'Quyền hạn của bạn vừa được quản trị viên thay đổi.',
  'profile.noRights': 'Tài khoản chưa được cấp quyền nào.',
  'profile.areas': 'Địa bàn quản lý',
  'title.suffix': 'Loa',
} as const;
