import { ALL_DEVICES } from '@loa/contract';

/**
 * The device choice after a change: 'Tất cả thiết bị' excludes single devices and the other way round.
 * Whichever was picked last wins.
 */
export function applyDeviceSelection(previous: string[], next: string[]): string[] {
  const added = next.filter((id) => !previous.includes(id));
  if (added.includes(ALL_DEVICES)) return [ALL_DEVICES];
  if (added.length > 0 && next.includes(ALL_DEVICES)) return next.filter((id) => id !== ALL_DEVICES);
  return next;
}
