import type { viSystemLog } from './systemLog.vi';

/** English strings of the system log screen. */
export const enSystemLog: Record<keyof typeof viSystemLog, string> = {
  'log.filters': 'Log filters',
  'log.user': 'User',
  'log.userHelp': 'Login name',
  'log.action': 'Action',
  'log.allActions': 'All actions',
  'log.area': 'Area',
  'log.allAreas': 'All areas',
  'log.from': 'From',
  'log.to': 'To',
  'log.apply': 'Filter',
  'log.clear': 'Clear filters',
  'log.exportCsv': 'Export CSV',
  'log.loadMore': 'Load more',
  'log.end': 'Every matching entry is shown.',
  'log.none': 'No log entries match.',
  'log.tableLabel': 'System log',
  'log.time': 'Time',
  'log.who': 'Who',
  'log.what': 'Action',
  'log.target': 'Target',
  'log.ip': 'IP address',
  'log.outcome': 'Outcome',
  'log.shown': 'Showing {count} entries',
  'log.system': 'System',
};
