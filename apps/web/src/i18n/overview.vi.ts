/** Vietnamese strings of the overview charts and lists. */
export const viOverview = {
  'overview.byArea': 'Thiết bị theo địa bàn',
  'overview.byAreaEmpty': 'Chưa có thiết bị nào.',
  'overview.legendOnline': 'Trực tuyến',
  'overview.legendOffline': 'Mất kết nối',
  'overview.legendPlaying': 'Đang phát',
  'overview.areaBar': '{area}: {online} trực tuyến, {offline} mất kết nối, {playing} đang phát',
  'overview.broadcasts': 'Bản tin đã phát theo loại',
  'overview.today': 'Hôm nay ({total})',
  'overview.thisWeek': 'Tuần này ({total})',
  'overview.typeBar': '{type}: {count}',
  'overview.upcoming': 'Lịch phát sắp tới',
  'overview.upcomingEmpty': 'Không có lịch phát nào sắp tới.',
  'overview.faults': 'Sự cố thiết bị gần đây',
  'overview.faultsEmpty': 'Không có sự cố nào.',
} as const;
