/**
 * Every user-visible message of spec §5 and §8, verbatim, plus the server's own messages.
 * The console and the server both import these so the wording can never drift apart.
 */
export const MSG = {
  // §5 Change password, in the order they are checked
  currentPasswordRequired: 'Bạn Phải Nhập Mật Khẩu Hiện Tại!',
  newPasswordRequired: 'Bạn Phải Nhập Mật Khẩu Mới!',
  repeatPasswordRequired: 'Bạn Phải Nhập Lại Mật Khẩu Mới!',
  repeatPasswordMismatch: 'Mật Khẩu Nhập Lại Không Giống Nhau!',
  // §5 Files
  fileNotMp3: 'Định dạng file không hợp lệ, hãy chọn định trạng MP3!',
  fileBitrate320: 'Hãy chọn định dạng tệp với bitrate dưới 320Kbps!',
  noFileChosen: 'Bạn chưa chọn tệp âm thanh!',
  // §5 Relay
  relayNameEmpty: 'Tên kênh không được để trống!',
  relayPathEmpty: 'Đường dẫn không được để trống!',
  relayDurationEmpty: 'Thời lượng không được để trống!',
  relayDurationInvalid: 'Tham số thời lượng sai!',
  // §5 Text-to-speech
  ttsTooLong: 'Ký tự đã vượt quá giới hạn cho phép!',
  ttsTooShort: 'Nội dung phải lớn hơn 10 ký tự!',
  ttsNoVoice: 'Bạn chưa chọn giọng đọc!',
  ttsNotDone: 'Chưa tổng hợp giọng nói, hoặc chưa thành công!',
  // §5 Recording
  recordingTooShort: 'File ghi âm tối thiểu 10 giây!',
  recordingNone: 'Chưa có nguồn ghi âm nào!',
  recordingInProgress: 'Tính Năng Đang Hoàn Thiện!',
  // §5 Broadcast submit, in the order they are checked
  noMessageType: 'Bạn chưa chọn loại bản tin!',
  noPriority: 'Bạn chưa chọn chế độ ưu tiên!',
  noArea: 'Bạn chưa chọn địa bàn!',
  noDevice: 'Bạn chưa chọn thiết bị!',
  noProgramName: 'Bạn chưa nhập tên chương trình!',
  noSources: 'Chưa có nguồn phát nào!',
  repeatIntervalMin: 'Thời gian lặp lại ít nhất 1 phút!',
  repeatCountMin: 'Số lần lặp lại ít nhất 1 lần!',
  // Ours: a repeat count is a whole number of repeats.
  repeatCountWhole: 'Số lần lặp lại phải là một số nguyên!',
  // §2 empty texts
  noDevices: 'Không có thiết bị nào!',
  noNotifications: 'Không có thông báo nào!',
  allDevices: 'Tất cả thiết bị',
  undefinedProgram: 'Chưa Xác Định',
  // §8 error catalogue
  sessionExpired: 'Phiên Sử Dụng Đã Hết Hạn!',
  cannotConnect: 'Không thể kết nối với máy chủ!',
  ttsOverloaded: 'Máy chủ hiện đang quá tải, vui lòng thử lại sau !',
  metadataTimeout: 'Đã quá thời gian phản hồi, vui lòng thử lại!',
  broadcastSuccess: 'Phát thành công!',
  stopSuccess: 'Dừng phát thành công!',
  updateSuccess: 'Cập nhật thành công!',
  // Server messages not given by the spec
  loginRequired: 'Bạn chưa đăng nhập!',
  wrongCredentials: 'Tên tài khoản hoặc mật khẩu không đúng!',
  loginNameRequired: 'Bạn chưa nhập tên tài khoản!',
  passwordRequired: 'Bạn chưa nhập mật khẩu!',
  accountLocked: 'Tài khoản đã bị khoá. Hãy liên hệ quản trị viên!',
  tooManyLoginFailures: 'Bạn đã đăng nhập sai quá 5 lần. Tên tài khoản này tạm khoá 5 phút, vui lòng thử lại sau!',
  currentPasswordWrong: 'Mật khẩu hiện tại không đúng!',
  newPasswordTooShort: 'Mật khẩu mới phải có ít nhất 8 ký tự!',
  newPasswordSameAsCurrent: 'Mật khẩu mới phải khác mật khẩu hiện tại!',
  emailInvalid: 'Email không hợp lệ!',
  phoneInvalid: 'Số điện thoại không hợp lệ!',
  fullNameRequired: 'Họ tên không được để trống!',
  loginDeviceNotFound: 'Không tìm thấy thiết bị đăng nhập!',
  csrfInvalid: 'Yêu cầu không hợp lệ (thiếu mã chống giả mạo CSRF), vui lòng tải lại trang!',
  forbidden: 'Bạn không có quyền thực hiện thao tác này!',
  notFound: 'Không tìm thấy đường dẫn yêu cầu!',
  tooManyRequests: 'Bạn gửi quá nhiều yêu cầu, vui lòng thử lại sau ít phút!',
  bodyInvalid: 'Dữ liệu gửi lên không hợp lệ!',
  bodyTooLarge: 'Dữ liệu gửi lên vượt quá dung lượng cho phép!',
  serverError: 'Máy chủ gặp lỗi, vui lòng thử lại sau!',
  // Rights and area scope of accounts and shared things (hardening #15, scope)
  accountWiderRights: 'Tài khoản này có quyền mà bạn không có, bạn không thể thao tác trên tài khoản này!',
  forwardingWholeAdministrator: 'Cấu hình chuyển tiếp thông báo dùng chung cho mọi địa bàn: chỉ tài khoản quản trị của đơn vị, hoặc tài khoản quản lý toàn bộ địa bàn, mới được sửa!',
  stopOutsideScope: 'Chương trình này phát tới cả địa bàn ngoài phạm vi quản lý của bạn, bạn không thể dừng!',
  // Database faults (issue #15, database availability): answered 503, the request can be retried.
  databaseUnavailable: 'Máy chủ tạm thời không kết nối được cơ sở dữ liệu, vui lòng thử lại sau ít phút!',
  databaseBusy: 'Cơ sở dữ liệu đang bận, không kịp xử lý yêu cầu. Vui lòng thử lại sau giây lát!',
  // Schema versions (issue #11, bad input): this build does not serve a database it cannot read or migrate.
  schemaNewer: 'Cơ sở dữ liệu đã được một phiên bản Loa mới hơn nâng cấp, máy chủ này (phiên bản cũ hơn) tạm ngừng phục vụ. Hãy chạy phiên bản mới!',
  schemaMigrationFailed: 'Không nâng cấp được cơ sở dữ liệu lên phiên bản Loa này, máy chủ tạm ngừng phục vụ. Quản trị viên hãy xem nhật ký máy chủ!',
  brokerRefused: 'Máy chủ MQTT từ chối tài khoản của Loa, máy chủ tạm ngừng phục vụ và sẽ thử lại. Quản trị viên hãy kiểm tra tên và mật khẩu trong MQTT_URL!',
  // Edge limits (issue #15): multipart uploads past their limits
  tooManyFiles: 'Bạn gửi quá nhiều tệp cùng lúc: mỗi lần tối đa 50 tệp!',
  tooManyFormFields: 'Biểu mẫu gửi lên có quá nhiều trường dữ liệu!',
  tooManyFormParts: 'Biểu mẫu gửi lên có quá nhiều phần!',
  formFieldTooLong: 'Một trường dữ liệu của biểu mẫu quá dài!',
  formFieldNameInvalid: 'Tên trường dữ liệu của biểu mẫu không hợp lệ!',
  formMalformed: 'Biểu mẫu gửi lên bị hỏng hoặc không đầy đủ, hãy gửi lại!',
  formNotMultipart: 'Hãy gửi dữ liệu dạng biểu mẫu multipart/form-data!',
  uploadIncomplete: 'Tệp tải lên bị gián đoạn hoặc không đầy đủ, hãy gửi lại!',
} as const;

/** Files one multipart upload may carry (the tooManyFiles message says the same number). */
export const MAX_UPLOAD_FILES = 50;

export type MessageKey = keyof typeof MSG;

export { INPUT_MESSAGES } from './inputMessages';
