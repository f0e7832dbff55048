import type { viReach } from './reach.vi';

/** English strings of a broadcast's reach: the confirmation before sending and the live card after. */
export const enReach: Record<keyof typeof viReach, string> = {
  'confirm.title': 'Confirm the emergency broadcast',
  'confirm.program': 'Programme',
  'confirm.areas': 'Areas chosen',
  'confirm.communes': 'Communes that will hear it ({count})',
  'confirm.moreCommunes': '… and {count} more communes',
  'confirm.speakers': 'Speakers chosen',
  'confirm.online': 'Speakers online',
  'confirm.onlineOf': '{online} / {total}',
  'confirm.noneOnline': 'No speaker is online now: the bulletin plays when they reconnect, if it is still running.',
  'confirm.someOffline': '{count} offline speakers will not hear it until they reconnect.',
  'confirm.duration': 'Total duration',
  'confirm.back': 'Back to edit',
  'confirm.send': 'Confirm and broadcast',
  'confirm.wideTitle.huyen': 'Broadcast an emergency to the whole of {name}?',
  'confirm.wideTitle.tinh': 'Broadcast an emergency to the whole of {name}?',
  'confirm.wideTitle.communes': 'Broadcast an emergency to {count} communes at once?',
  'confirm.wideText': 'The bulletin "{title}" will sound at once on {speakers} speakers in {communes} communes. Go on only if the whole area must be warned.',
  'confirm.wideSend': 'Yes, broadcast to the whole area',

  'live.reach': 'Speakers playing',
  'live.reachOf': '{playing} / {total} speakers',
  'live.reachOnline': '({online} online)',
  'live.failed': 'Failed ({count})',
  'live.offline': 'Offline ({count})',
  'live.waitingRepeat': 'Waiting to repeat',
  'live.moreDevices': '… and {count} more speakers',
};
