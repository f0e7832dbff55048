// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const BROADCAST_MESSAGES = {
  unknownArea: 'Địa bàn được chọn không tồn tại hoặc không thuộc phạm vi của bạn!',
  unknownDevice: 'Thiết bị được chọn không tồn tại hoặc không thuộc các địa bàn đã chọn!',
  allDevicesExclusive: '"Tất cả thiết bị" không được chọn cùng các thiết bị riêng lẻ!',
  filesMismatch: 'Danh sách nguồn phát không khớp với các tệp đã tải lên!',
  fileMissing: 'Tệp âm thanh của nguồn phát không tồn tại trên máy chủ, hãy tải lại!',
  uploadAddressUsed: 'Địa chỉ tải lên này đã được dùng cho một tệp, hãy lấy địa chỉ mới!',
  fileTooLarge: 'Tệp âm thanh vượt quá dung lượng cho phép (50 MB mỗi tệp)!',
  durationInvalid: 'Thời lượng nguồn phát không hợp lệ!',
  tooLong: 'Chương trình phát quá dài (tối đa 24 giờ)!',
  noDevicesInAreas: 'Các địa bàn đã chọn chưa có thiết bị nào!',
  notFound: 'Không tìm thấy chương trình đang phát!',
  notYours: 'Bạn không có quyền dừng chương trình này!',
  nothingToStop: 'Bạn không có chương trình nào đang phát!',
  takeoverNotAllowed: 'Bạn không có quyền ngắt bản tin đang phát trên các loa này!',
  takeoverGone: 'Bản tin bạn định ngắt không còn phát trên các loa đã chọn, hãy thử lại!',
} as const;
