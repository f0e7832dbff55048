// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const SCHEDULE_MESSAGES = {
  titleRequired: 'Bạn chưa nhập tên chương trình!',
  dateInvalid: 'Ngày phải có dạng YYYY-MM-DD!',
  dateNotReal: 'Ngày không có trên lịch (ví dụ 30/02)!',
  timeInvalid: 'Giờ phát phải có dạng HH:mm!',
  noTimes: 'Bạn chưa chọn giờ phát!',
  noWeekdays: 'Lịch phát hằng tuần phải có ít nhất một ngày trong tuần!',
  endBeforeStart: 'Ngày kết thúc phải sau ngày bắt đầu!',
  inPast: 'Lịch phát đã nằm hoàn toàn trong quá khứ!',
  /** An edit of a schedule on air whose only occurrence (the one playing) has started (issue #32 item 9). */
  onAirNothingLeft: 'Lần phát duy nhất của lịch này đã bắt đầu và đang phát: muốn lưu thay đổi, hãy chọn ngày giờ phát mới trong tương lai; muốn dừng ngay, dùng nút "Dừng phát"!',
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
  noOccurrence: 'Quy tắc lặp không tạo ra lần phát nào',
  monthlyRuleRequired: 'Lịch phát hằng tháng phải chọn ngày trong tháng hoặc thứ của tuần thứ mấy!',
  noDates: 'Lịch phát theo các ngày cụ thể phải có ít nhất một ngày!',
  moveNeedsTime: 'Dời một lần phát phải nói rõ giờ phát của lần đó!',
  exceptionNotOccurrence: 'Ngày ngoại lệ không phải một lần phát của lịch này!',
  copyWeekNotMonday: 'Tuần cần sao chép phải bắt đầu từ thứ Hai!',
  copyWeekRepeats: 'Lịch phát đã tự lặp sang các tuần này',
  copyWeekNotHeld: 'Lịch phát của cấp trên hoặc phát cả ra ngoài địa bàn của bạn: chỉ người quản lý lịch phát đó sao chép được',
  copyWeekCounted: 'Lịch phát dừng sau số lần phát đã đặt: muốn phát thêm, hãy sửa số lần phát của lịch',
  countInvalid: 'Số lần phát phải là số nguyên từ 1 trở lên!',
  moveInPast: 'Không thể dời lần phát về thời điểm đã qua!',
  moveStarted: 'Lần phát này đã bắt đầu hoặc đã qua, không dời được nữa!',
  moveOnceSeveralTimes: 'Lịch phát một lần có nhiều giờ phát chỉ dời được trong cùng ngày; hãy mở lịch để sửa!',
  resizeStarted: 'Lần phát này đã bắt đầu hoặc đã qua, không đổi thời lượng được nữa!',
  resizeTooShort: 'Nội dung tiếp sóng phải dài ít nhất 1 phút: không thu ngắn lần phát được hơn nữa!',
  resizeFixed: 'Thời lượng của lịch phát này do nội dung phát quyết định, không kéo dài hay thu ngắn được trên lịch biểu!',
} as const;

/**
 * The answer to deleting a schedule (issue #30): how many speakers whose plan held it have not yet
 * reported the new plan (offline, or a link down the server has not noticed); they may still play
 * it from the plan they hold until they hear of the change.
 */
export function scheduleRemovedMessage(unheard: number): string {
  return unheard === 0
    ? 'Đã xoá lịch phát. Mọi loa đã nhận lịch mới.'
    : `Đã xoá lịch phát. ${unheard} loa chưa nhận lịch mới (đang mất kết nối): loa đó vẫn có thể phát lịch này nếu không kết nối lại trước giờ phát.`;
}
