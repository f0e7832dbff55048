// The words (and plain constants) apart from the schemas: a console screen that needs only these
// does not load zod (docs/performance.md, "Console first load").
/** Issue #31: enrolment codes and the boxes that enrolled with one (docs/device-protocol.md "Enrolment"). */
export const ENROLMENT_MESSAGES = {
  areaUnknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  countRange: 'Số lượt dùng của mã phải từ 1 đến 2000!',
  hoursRange: 'Thời hạn của mã phải từ 1 đến 720 giờ!',
  codeUnknown: 'Mã đăng ký không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  alreadyRevoked: 'Mã đăng ký này đã bị thu hồi!',
  refused: 'Mã đăng ký không đúng, đã hết hạn, đã bị thu hồi hoặc đã dùng hết lượt!',
  identityRequired: 'Thiếu định danh phần cứng của loa (machine-id)!',
  pendingUnknown: 'Loa chờ gán không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  replacedUnknown: 'Thiết bị được thay thế không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  notSameHardware: 'Loa này không cùng phần cứng (serial, IMEI hoặc machine-id) với thiết bị được chọn!',
  handoverUnknown: 'Không có bàn giao nào cho loa này!',
} as const;

/** XXXX-XXXX: 8 characters of an alphabet without 0/O, 1/I/L (read aloud over the phone, typed on a box). */
export const ENROLMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ENROLMENT_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;
