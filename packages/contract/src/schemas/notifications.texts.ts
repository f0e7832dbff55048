import { DEVICE_HEALTH_FAULTS } from './devices.messages';

/** A device as notifications name it: its area (when known), then its name. */
const place = (area: string | null, name: string) => `${area ? `${area} / ` : ''}${name}`;

/**
 * Every title and body of the notifications the server makes (stored, shown on the bell, forwarded
 * to messaging services). Stored in Vietnamese; the English console words them through
 * localizeMessage (notificationTextsEn.ts), so each is a constant or a function of flat values
 * (names, numbers, an inner message) that the translation can read back out of the sentence.
 */
export const NOTIFICATION_TEXTS = {
  /** What kind of broadcast a broadcast notification speaks of (the `what` of the titles below). */
  live: 'Phát trực tiếp',
  emergency: 'Phát khẩn cấp',
  scheduled: 'Lịch phát',
  startedTitle: (what: string, title: string) => `${what} bắt đầu: ${title}`,
  cutTitle: (what: string, title: string) => `${what} bị ngắt: ${title}`,
  finishedTitle: (what: string, title: string) => `${what} đã phát xong: ${title}`,
  stoppedTitle: (what: string, title: string) => `${what} đã dừng: ${title}`,
  startedBody: (author: string | null, live: boolean, title: string) => `${author ?? 'Một người dùng'} bắt đầu ${live ? 'phát trực tiếp' : 'phát'} "${title}".`,
  cutBody: (title: string, byTitle: string | null, byAuthor: string | null, at: string) =>
    `Chương trình "${title}" đã bị ngắt bởi ${byTitle ? `"${byTitle}"` : 'một bản tin khác'}${byAuthor ? ` của ${byAuthor}` : ''} lúc ${at}.`,
  finishedBody: (title: string, at: string) => `Chương trình "${title}" đã phát xong lúc ${at}.`,
  stoppedBody: (title: string, stopper: string | null, at: string) => `Chương trình "${title}" đã được dừng${stopper ? ` bởi ${stopper}` : ''} lúc ${at}.`,
  preemptedTitle: (title: string) => `Bị ngắt bởi bản tin ưu tiên cao hơn: ${title}`,
  preemptedBody: (title: string, author: string, speakers: number, byTitle: string, byAuthor: string, at: string) =>
    `Chương trình "${title}" của ${author} bị ngắt trên ${speakers} loa bởi "${byTitle}" của ${byAuthor} lúc ${at}; sẽ tiếp tục sau khi "${byTitle}" kết thúc.`,

  offlineTitle: (area: string | null, name: string) => `Thiết bị mất kết nối: ${place(area, name)}`,
  offlineBody: (name: string, minutes: number) => `Thiết bị "${name}" đã mất kết nối khoảng ${minutes} phút.`,
  clockTitle: (area: string | null, name: string) => `Đồng hồ thiết bị không tin cậy: ${place(area, name)}`,
  clockNoAnswer: (name: string) => `Thiết bị "${name}" không nhận được trả lời đồng bộ đồng hồ từ máy chủ nên có thể phát lệch giờ so với các cụm loa khác.`,
  clockSlowRoundTrip: (name: string, rttMs: number) =>
    `Đường truyền tới thiết bị "${name}" quá chậm (khứ hồi ${rttMs} ms) để đồng bộ đồng hồ chính xác; thiết bị có thể phát lệch so với các cụm loa khác.`,
  clockJumping: (name: string) => `Đồng hồ của thiết bị "${name}" nhảy vọt nhiều lần; thiết bị có thể phát lệch so với các cụm loa khác.`,
  clockNotReported: (name: string) =>
    `Thiết bị "${name}" đã kết nối nhiều phút mà không báo đồng bộ đồng hồ (phần mềm loa có thể đã cũ) nên có thể phát lệch giờ so với các cụm loa khác. Hãy cập nhật phần mềm loa.`,
  overheatedTitle: (area: string | null, name: string) => `${DEVICE_HEALTH_FAULTS.nhietdo}: ${place(area, name)}`,
  overheatedBody: (name: string, celsius: number | null) => `CPU của thiết bị "${name}" đang ở ${celsius ?? '?'} °C. Hãy kiểm tra tản nhiệt và thông gió của hộp loa.`,
  diskFullTitle: (area: string | null, name: string) => `${DEVICE_HEALTH_FAULTS.odia}: ${place(area, name)}`,
  diskFullBody: (name: string, freePercent: number | null) =>
    `Ổ đĩa của thiết bị "${name}" chỉ còn trống ${freePercent ?? '?'} %. Thiết bị có thể không lưu được tệp âm thanh của lịch phát.`,
  memoryLowTitle: (area: string | null, name: string) => `${DEVICE_HEALTH_FAULTS.bonho}: ${place(area, name)}`,
  memoryLowBody: (name: string, freePercent: number | null) =>
    `Bộ nhớ của thiết bị "${name}" chỉ còn trống ${freePercent ?? '?'} %. Thiết bị có thể phát gián đoạn hoặc tự khởi động lại.`,
  cutOffTitle: (area: string | null, name: string) => `Thiết bị gửi dữ liệu sai: ${place(area, name)}`,
  cutOffBody: (name: string, minutes: number) =>
    `Thiết bị "${name}" liên tục gửi dữ liệu sai (có thể bị giả mạo hoặc lỗi phần mềm) nên đã bị ngắt kết nối và bị từ chối kết nối lại trong ${minutes} phút. Hãy kiểm tra thiết bị và cấp lại khoá bí mật nếu nghi bị lộ.`,

  awaitingApprovalTitle: 'Lịch phát chờ duyệt',
  awaitingApprovalBody: (author: string, title: string) => `${author} gửi lịch phát "${title}" chờ duyệt.`,
  dueUnapprovedTitle: 'Lịch phát sắp đến giờ mà chưa được duyệt',
  dueUnapprovedBody: (title: string, author: string, when: string) =>
    `Lịch phát "${title}" của ${author} sẽ phát lúc ${when} nhưng chưa được duyệt. Hãy duyệt hoặc trả lại trước giờ phát.`,
  missedTitle: 'Lịch phát bị bỏ lỡ',
  missedBody: (title: string, author: string, when: string) => `Lịch phát "${title}" của ${author} đã không phát lúc ${when} vì chưa được duyệt kịp.`,

  capBroadcastTitle: 'Đã phát ngay cảnh báo khẩn cấp',
  /** `severity`: a CAP_LABELS.severity label; `waiting`: a CAP_NOTES.waiting sentence. */
  capBroadcastBody: (via: string, headline: string, severity: string, areas: string, waiting: string | null) =>
    `${via}: "${headline}" (${severity}) đang phát tới ${areas}${waiting ? ` (${waiting})` : ''}.`,
  capRefusedTitle: 'Cảnh báo CAP bị từ chối',
  /** `reason`: the product message that refused it. */
  capRefusedBody: (via: string, headline: string, reason: string) => `${via}: "${headline}" không được thực hiện. ${reason}`,
} as const;
