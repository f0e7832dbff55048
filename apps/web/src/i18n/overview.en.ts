import type { viOverview } from './overview.vi';

/** English strings of the overview charts and lists. */
export const enOverview: Record<keyof typeof viOverview, string> = {
  'overview.byArea': 'Devices by area',
  'overview.byAreaEmpty': 'No devices yet.',
  'overview.legendOnline': 'Online',
  'overview.legendOffline': 'Offline',
  'overview.legendPlaying': 'Playing',
  'overview.areaBar': '{area}: {online} online, {offline} offline, {playing} playing',
  'overview.broadcasts': 'Broadcasts by message type',
  'overview.today': 'Today ({total})',
  'overview.thisWeek': 'This week ({total})',
  'overview.typeBar': '{type}: {count}',
  'overview.upcoming': 'Upcoming broadcasts',
  'overview.upcomingEmpty': 'No upcoming broadcasts.',
  'overview.faults': 'Recent device faults',
  'overview.faultsEmpty': 'No faults.',
};
