// The event names apart from their payload schemas: listening needs no zod in the console's first load.
/** Socket.IO event names of spec §7, server to console. */
export const EVENTS = {
  stopImmediate: 'GUI-TRANG-THAI-DUNG-PHAT-NGAY',
  playState: 'GUI-TRANG-THAI-PHAT',
  waitingRepeat: 'GUI-TRANG-THAI-CHO-PHAT-LAI',
  deviceLogout: 'DANG-XUAT-THIET-BI',
  /** Ours (the spec shows no device events): batched live status of speakers. */
  deviceStatus: 'CAP-NHAT-TRANG-THAI-THIET-BI',
  /** Ours: a new notification for this user (the header's notifications popup). */
  newNotification: 'THONG-BAO-MOI',
  /** Ours: how many speakers a running broadcast reaches now, and which failed or are offline. */
  reach: 'CAP-NHAT-PHAM-VI-PHAT',
  /** Ours (issue #16): an administrator changed this user's account (rights, type, area) or locked it. */
  accountChanged: 'CAP-NHAT-TAI-KHOAN',
  /**
   * Ours (issue #32 items 8 and 13): schedules changed (created, edited, approved, sent back,
   * deleted, copied, or an occurrence missed): open lists and calendars read them again.
   */
  schedulesChanged: 'CAP-NHAT-LICH-PHAT',
  /** Ours (issue #28): a speaker was added, edited, moved or deleted: device lists in its areas are read again. */
  deviceRegistry: 'CAP-NHAT-DANH-SACH-THIET-BI',
  /** Ours (issue #31): a rollout of the speaker agent changed: Cập nhật phần mềm reads its rollouts again. */
  rolloutsChanged: 'CAP-NHAT-TRIEN-KHAI',
} as const;
