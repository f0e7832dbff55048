// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const DEVICE_MESSAGES = {
  nameRequired: 'Tên thiết bị không được để trống!',
  areaRequired: 'Bạn chưa chọn địa bàn cho thiết bị!',
  areaUnknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  serialRequired: 'Số serial/IMEI không được để trống!',
  serialDuplicate: 'Số serial/IMEI này đã được dùng cho một thiết bị khác!',
  latitudeRange: 'Vĩ độ phải nằm trong khoảng -90 đến 90!',
  longitudeRange: 'Kinh độ phải nằm trong khoảng -180 đến 180!',
  deviceUnknown: 'Thiết bị không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  volumeRange: 'Âm lượng phải từ 0 đến 100!',
  deviceOffline: 'Thiết bị đang mất kết nối, lệnh sẽ không tới được thiết bị!',
  keepaliveRange: 'Chu kỳ giữ kết nối phải từ 5 đến 600 giây!',
  relayUrlInvalid: 'Đường dẫn kênh mặc định không hợp lệ (http, https, rtsp, rtmp…)!',
  timeFormat: 'Giờ phải có dạng HH:mm!',
  brokerUnavailable: 'Không cập nhật được tài khoản thiết bị trên máy chủ MQTT nên thao tác chưa được thực hiện, hãy thử lại sau!',
  resetIncomplete: 'Không cập nhật được khoá mới trên máy chủ MQTT, hãy cấp lại khoá lần nữa!',
} as const;

/** What each health fault means, as the console and the notification say it (issue #31). */
export const DEVICE_HEALTH_FAULTS = {
  nhietdo: 'Nhiệt độ CPU quá cao',
  odia: 'Ổ đĩa sắp đầy',
  bonho: 'Bộ nhớ sắp hết',
} as const;
export type DeviceHealthFault = keyof typeof DEVICE_HEALTH_FAULTS;
