import { NOTIFICATION_KINDS } from '@loa/contract';

const kind = (value: (typeof NOTIFICATION_KINDS)[number]['value']) => NOTIFICATION_KINDS.find((k) => k.value === value)?.ten ?? value;

/** Vietnamese strings of notifications and their forwarding to messaging services. */
export const viNotifications = {
  'nav.notifications': 'Thông báo',
  'notifications.unreadCount': '{count} thông báo chưa đọc',
  'notifications.markAllRead': 'Đánh dấu tất cả đã đọc',
  'notifications.allRead': 'Đã đánh dấu tất cả là đã đọc!',
  'notifications.filter': 'Lọc thông báo',
  'notifications.all': 'Tất cả',
  'notifications.unreadOnly': 'Chưa đọc ({count})',

  'forwarding.service.telegram': 'Telegram',
  'forwarding.service.webhook': 'Webhook',
  'forwarding.linkTo': 'Chuyển tiếp qua {service}',
  'forwarding.intro.telegram': 'Gửi các thông báo đã chọn vào một nhóm hoặc cuộc trò chuyện Telegram qua bot của bạn.',
  'forwarding.intro.webhook': 'Gửi các thông báo đã chọn tới một địa chỉ HTTP(S) dưới dạng JSON (POST), ký bằng X-Loa-Signature nếu có khoá bí mật.',
  'forwarding.enabled': 'Bật chuyển tiếp',
  'forwarding.events': 'Sự kiện được chuyển tiếp',
  'forwarding.kind.thietbi-matketnoi': kind('thietbi-matketnoi'),
  'forwarding.kind.thietbi-lechdongho': kind('thietbi-lechdongho'),
  'forwarding.kind.phat-batdau': kind('phat-batdau'),
  'forwarding.kind.phat-ketthuc': kind('phat-ketthuc'),
  'forwarding.kind.phat-bingat': kind('phat-bingat'),
  'forwarding.kind.lichphat-choduyet': kind('lichphat-choduyet'),
  'forwarding.kind.lichphat-sapden': kind('lichphat-sapden'),
  'forwarding.kind.lichphat-bolo': kind('lichphat-bolo'),
  'forwarding.kind.canhbao-cap': kind('canhbao-cap'),
  'forwarding.botToken': 'Mã bot (bot token)',
  'forwarding.botTokenHelp': 'Lấy từ @BotFather khi tạo bot.',
  'forwarding.chatId': 'Mã cuộc trò chuyện (chat id)',
  'forwarding.chatIdHelp': 'Ví dụ -1001234567890 cho một nhóm; thêm bot vào nhóm trước.',
  'forwarding.url': 'Địa chỉ webhook (URL)',
  'forwarding.secret': 'Khoá bí mật',
  'forwarding.secretHelp': 'Không bắt buộc: dùng để kiểm tra chữ ký HMAC-SHA256 của mỗi yêu cầu.',
  'forwarding.keepSecret': 'Đã lưu; để trống để giữ nguyên.',
  'forwarding.save': 'Lưu cấu hình',
  'forwarding.saved': 'Đã lưu cấu hình chuyển tiếp!',
  'forwarding.test': 'Gửi thử',
  'forwarding.testSent': 'Đã gửi tin nhắn thử!',
  'forwarding.lastError': 'Lần gửi gần nhất bị lỗi: {error}',
} as const;
