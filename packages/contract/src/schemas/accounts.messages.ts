import { PASSWORD_MIN_LENGTH } from '../constants';

// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
/** Messages of account management, invitations and e-mail verification. */
export const ACCOUNT_MESSAGES = {
  loginNameInvalid: 'Tên tài khoản phải dài 3 đến 64 ký tự, chỉ gồm chữ cái không dấu, chữ số và các dấu . _ -',
  loginNameTaken: 'Tên tài khoản đã tồn tại, hãy chọn tên khác!',
  passwordTooShort: `Mật khẩu phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự!`,
  passwordRepeatMismatch: 'Mật khẩu nhập lại không giống nhau!',
  accountTypeInvalid: 'Loại tài khoản không hợp lệ!',
  rightUnknown: 'Quyền được chọn không tồn tại!',
  rightNotHeld: 'Bạn không thể cấp quyền mà chính bạn không có!',
  areaUnknown: 'Địa bàn được chọn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  areaRequired: 'Tài khoản của bạn chỉ quản lý một địa bàn, hãy chọn địa bàn cho tài khoản mới!',
  accountUnknown: 'Tài khoản không tồn tại hoặc không thuộc quyền quản lý của bạn!',
  lastAdministrator: 'Không thể bỏ quyền quản trị của quản trị viên cuối cùng!',
  notOnSelf: 'Bạn không thể khoá hoặc xoá chính tài khoản của mình!',
  ownerProtected: 'Không thể khoá hoặc xoá tài khoản quản trị gốc!',
  adminOnly: 'Chỉ quản trị viên mới được thao tác trên tài khoản quản trị viên!',
  mustChangePassword: 'Mật khẩu của bạn vừa được đặt lại. Hãy đổi mật khẩu trước khi tiếp tục!',
  invitationInvalid: 'Lời mời không tồn tại, đã được dùng hoặc đã hết hạn!',
  emailRequired: 'Bạn chưa nhập email!',
  emailInvalid: 'Email không hợp lệ!',
  emailTokenInvalid: 'Liên kết xác thực email không hợp lệ hoặc đã hết hạn!',
  emailMissing: 'Tài khoản chưa có email để xác thực!',
  emailAlreadyVerified: 'Email đã được xác thực!',
  mailUnknown: 'Không tìm thấy thư!',
  mailSendFailed: 'Không gửi được thư, hãy kiểm tra cấu hình máy chủ thư (SMTP)!',
} as const;
