import type { viResilience } from './resilience.vi';

/** English strings of the console's resilience (see resilience.vi.ts). */
export const enResilience: Record<keyof typeof viResilience, string> = {
  'query.retry': 'Retry',
  'realtime.down': 'Real-time connection lost, reconnecting…',
  'chunk.title': 'Connection lost or a new version is available',
  'chunk.body': 'This part of the page could not be loaded. The network may have dropped, or the system has just been updated to a new version. Please reload the page.',
  'chunk.reload': 'Reload page',
  'routeError.title': 'Something went wrong showing this page',
  'routeError.body': 'The page hit an unexpected error. Please reload it; if the error remains, tell your administrator.',
  'sessionEnded.expired': 'Your session has expired. Please sign in again.',
  'sessionEnded.remote': 'You were signed out from another device.',
  'sessionEnded.locked': 'Your account has been locked. Please contact your administrator.',
  'sessionEnded.rightsChanged': 'Your rights were just changed by an administrator.',
  'profile.noRights': 'This account has no rights yet.',
  'profile.areas': 'Areas managed',
  'title.suffix': 'Loa',
};
