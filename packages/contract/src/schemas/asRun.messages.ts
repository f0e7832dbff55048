// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
/**
 * The as-run record (nhật ký phát sóng): per commune and day, what was planned, what played on how
 * many speakers, and what was missed or cut and why. docs/architecture.md says where each column
 * comes from.
 */
export const AS_RUN_MESSAGES = {
  dateInvalid: 'Ngày của nhật ký phát sóng phải có dạng YYYY-MM-DD!',
  dateRange: 'Ngày bắt đầu phải trước ngày kết thúc!',
  rangeTooLong: 'Nhật ký phát sóng xem được tối đa 31 ngày một lần!',
  areaUnknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi của bạn!',
} as const;
