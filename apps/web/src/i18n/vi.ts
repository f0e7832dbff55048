import { ACCOUNT_TYPE_LABELS, MSG } from '@loa/contract';
import { viAreas } from './areas.vi';
import { viBroadcast } from './broadcast.vi';
import { viReach } from './reach.vi';
import { viAccounts } from './accounts.vi';
import { viDevices } from './devices.vi';
import { viGuide } from './guide.vi';
import { viNotifications } from './notifications.vi';
import { viSystemLog } from './systemLog.vi';
import { viOverview } from './overview.vi';
import { viProgrammes } from './programmes.vi';
import type { viSchedules } from './schedules.vi';
import { viAsRun } from './asRun.vi';
import { viLive } from './live.vi';
import type { viIntegrations } from './integrations.vi';
import type { viProvince } from './province.vi';
import { viResilience } from './resilience.vi';
import type { viEnrolment } from './enrolment.vi';
import type { viUpdates } from './updates.vi';

/** Vietnamese UI strings (default locale). The key set of this object is the key set of every locale. */
export const vi = {
  'app.name': 'Loa',
  'app.tagline': 'Hệ thống truyền thanh cơ sở',
  'common.loading': 'Đang tải…',
  'common.close': 'Đóng',
  'common.cancel': 'Hủy',
  'common.confirm': 'Xác nhận',
  'common.home': 'Trang chủ',
  'common.breadcrumb': 'Đường dẫn trang',

  'nav.integrations': 'Kết nối',
  'nav.updates': 'Cập nhật phần mềm',
  'nav.enrolment': 'Đăng ký loa',
  'nav.overview': 'Tổng quan',
  'nav.devices': 'Quản lý thiết bị',
  'nav.schedules': 'Quản lý lịch phát',
  'nav.deviceMap': 'Bản đồ thiết bị',
  'nav.programmes': 'Quản lý chương trình',
  'nav.accounts': 'Quản lý tài khoản',
  'nav.systemLog': 'Nhật ký hệ thống',
  'nav.asRun': 'Nhật ký phát sóng',
  'nav.guide': 'Hướng dẫn',
  'nav.deviceConfig': 'Cấu hình thiết bị',
  'nav.notificationPage': 'Thông báo qua {service}',
  'nav.emailVerification': 'Xác thực email',
  'nav.areas': 'Quản lý địa bàn',
  'nav.invitations': 'Lời mời',
  'nav.menu': 'Menu chính',

  'screen.devices': 'Nơi quản lý các thiết bị loa: trạng thái kết nối, cấu hình và lịch sử bản tin.',
  'screen.schedules': 'Nơi soạn, duyệt và quản lý các lịch phát theo địa bàn.',
  'screen.deviceMap': 'Nơi xem vị trí và trạng thái các thiết bị loa trên bản đồ.',
  'screen.programmes': 'Nơi quản lý các chương trình phát và nguồn phát của chúng.',
  'screen.accounts': 'Nơi quản lý tài khoản người dùng và quyền hạn của họ.',
  'screen.systemLog': 'Nơi tra cứu nhật ký hoạt động của hệ thống.',
  'screen.guide': 'Nơi hướng dẫn sử dụng hệ thống Loa.',
  'screen.deviceConfig': 'Nơi cấu hình thông số kỹ thuật của từng thiết bị loa.',
  'screen.notificationPage': 'Nơi cấu hình việc gửi thông báo qua dịch vụ {service}.',
  'screen.emailVerification': 'Nơi xác thực địa chỉ email của tài khoản.',
  'screen.areas': 'Nơi quản lý các địa bàn: tỉnh, huyện, xã và thôn.',
  'screen.invitations': 'Nơi quản lý lời mời tham gia hệ thống.',

  'login.title': 'Đăng nhập',
  'login.subtitle': 'Đăng nhập để quản lý hệ thống truyền thanh',
  'login.username': 'Tên tài khoản',
  'login.password': 'Mật khẩu',
  'login.submit': 'Đăng nhập',
  'login.showChars': 'Hiện ký tự đã nhập',
  'login.hideChars': 'Ẩn ký tự đã nhập',

  'header.toggleMenu': 'Mở hoặc đóng menu',
  'header.emergency': 'Phát khẩn cấp',
  'header.stopBroadcast': 'Dừng phát',
  'header.language': 'Ngôn ngữ (Language)',
  'header.notifications': 'Thông báo',
  'header.notificationsTitle': 'Thông báo hệ thống',
  'header.noNotifications': MSG.noNotifications,
  'header.viewAll': 'Xem tất cả',
  'header.account': 'Tài khoản',
  'header.greeting': 'Xin chào, {name}',
  'header.accountInfo': 'Thông tin tài khoản',
  'header.signOut': 'Đăng xuất',
  'header.customize': 'Tùy chỉnh giao diện',
  'role.admin': ACCOUNT_TYPE_LABELS.admin,
  'role.user': ACCOUNT_TYPE_LABELS.user,

  'theme.title': 'Tùy chỉnh giao diện',
  'theme.mode': 'Chế độ',
  'theme.light': 'Sáng',
  'theme.dark': 'Tối',
  'theme.font': 'Phông chữ',
  'theme.radius': 'Độ bo góc',
  'theme.inputs': 'Kiểu ô nhập',
  'theme.outlined': 'Viền',
  'theme.filled': 'Nền',

  'notFound.title': 'Không tìm thấy trang',
  'notFound.body': 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.',
  'notFound.back': 'Về trang tổng quan',

  'overview.accounts': 'Tài khoản',
  'overview.loggedIn': 'Đang đăng nhập',
  'overview.areas': 'Địa bàn',
  'overview.logsToday': 'Nhật ký hôm nay',
  'overview.devices': 'Thiết bị',
  'overview.devicesOnline': 'Thiết bị trực tuyến',
  'overview.devicesOffline': 'Thiết bị mất kết nối',
  'overview.devicesPlaying': 'Thiết bị đang phát',
  'overview.level.tinh': 'Tỉnh',
  'overview.level.huyen': 'Huyện',
  'overview.level.xa': 'Xã, thị trấn',
  'overview.level.thon': 'Thôn',

  'profile.title': 'Thông tin tài khoản',
  'profile.tabInfo': 'Thay đổi thông tin',
  'profile.tabPassword': 'Đổi mật khẩu',
  'profile.tabLogins': 'Quản lý đăng nhập',
  'profile.fullName': 'Họ tên',
  'profile.email': 'Email',
  'profile.phone': 'Số điện thoại',
  'profile.verified': 'Đã xác thực',
  'profile.notVerified': 'Chưa xác thực',
  'profile.username': 'Tên tài khoản',
  'profile.area': 'Địa bàn',
  'profile.role': 'Vai trò',
  'profile.rights': 'Quyền hạn',
  'profile.save': 'Lưu',
  'profile.update': 'Cập nhật',
  'profile.currentPassword': 'Mật khẩu hiện tại',
  'profile.newPassword': 'Mật khẩu mới',
  'profile.repeatPassword': 'Nhập lại mật khẩu mới',
  'profile.lastActivity': 'Hoạt động lần cuối',
  'profile.place': 'Địa điểm',
  'profile.placeVietnam': 'Việt Nam',
  'profile.placeUnknown': 'Không xác định',
  'profile.placeZone': 'múi giờ {city}',
  'profile.ip': 'Địa chỉ IP',
  'profile.statusLogin': 'Đang đăng nhập',
  'profile.statusLogout': 'Đã đăng xuất',
  'profile.thisDevice': 'Thiết bị này',
  'profile.signOutDevice': 'Đăng xuất thiết bị',
  'profile.confirmSignOut': 'Đăng xuất thiết bị "{name}"? Thiết bị đó sẽ phải đăng nhập lại.',
  'profile.noLogins': 'Không có thiết bị đăng nhập nào.',

  ...viDevices,
  ...viAreas,
  ...viBroadcast,
  ...viReach,
  ...viAccounts,
  ...viSystemLog,
  ...viNotifications,
  ...viGuide,
  ...viProgrammes,
  ...viOverview,
  ...viAsRun,
  ...viLive,
  ...viResilience,
} as const;

/** Every string id: the first load's, and those of the screens that register their own (screenStrings.ts). */
export type MessageId = keyof typeof vi | keyof typeof viIntegrations | keyof typeof viProvince | keyof typeof viUpdates | keyof typeof viEnrolment | keyof typeof viSchedules;
