// The words apart from the schemas: a console screen that needs only these does not load zod.
export const HOLIDAY_MESSAGES = {
  badLines: 'Danh sách ngày nghỉ có dòng không hợp lệ, chưa lưu gì:',
  badDate: 'ngày không hợp lệ (viết dd/mm/yyyy, ví dụ 02/09/2026)',
  noName: 'thiếu tên ngày nghỉ sau ngày',
  duplicate: 'ngày này đã có ở một dòng trước',
  tooMany: 'Danh sách ngày nghỉ có tối đa 500 dòng!',
} as const;
