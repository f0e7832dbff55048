// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const SYSTEM_LOG_MESSAGES = {
  dateInvalid: 'Ngày lọc nhật ký không hợp lệ!',
  dateRange: 'Ngày bắt đầu phải trước ngày kết thúc!',
  cursorInvalid: 'Vị trí trang nhật ký không hợp lệ!',
} as const;
