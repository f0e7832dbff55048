// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const SCHEDULE_MESSAGES = {
  titleRequired: 'Bạn chưa nhập tên chương trình!',
  dateInvalid: 'Ngày phải có dạng YYYY-MM-DD!',
  timeInvalid: 'Giờ phát phải có dạng HH:mm!',
  noTimes: 'Bạn chưa chọn giờ phát!',
  noWeekdays: 'Lịch phát hằng tuần phải có ít nhất một ngày trong tuần!',
  endBeforeStart: 'Ngày kết thúc phải sau ngày bắt đầu!',
  inPast: 'Lịch phát đã nằm hoàn toàn trong quá khứ!',
  notFound: 'Lịch phát không tồn tại hoặc không thuộc phạm vi của bạn!',
  editConflict: 'Lịch phát vừa được người khác sửa. Hãy tải lại để xem thay đổi trước khi lưu!',
  notPending: 'Lịch phát này không ở trạng thái chờ duyệt!',
  reasonRequired: 'Bạn chưa nhập lý do yêu cầu duyệt lại!',
  cannotApproveOwn: 'Bạn không thể tự duyệt lịch phát do mình tạo khi không có quyền duyệt!',
  programmeNotFound: 'Chương trình không tồn tại!',
  programmeNameRequired: 'Tên chương trình không được để trống!',
  mediaInUse: 'Tệp đang được dùng trong chương trình hoặc lịch phát, không thể xoá!',
  mediaNotFound: 'Tệp âm thanh không tồn tại!',
  sourceNotFound: 'Nguồn phát không tồn tại trong lịch phát!',
  outsideScope: 'Lịch phát này phát tới địa bàn ngoài phạm vi của bạn hoặc do cấp trên của bạn tạo: bạn chỉ được xem, không được thay đổi!',
  notSendBack: 'Chỉ trả lại được lịch phát đang chờ duyệt hoặc đã duyệt!',
} as const;
