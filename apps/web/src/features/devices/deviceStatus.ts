import type { DeviceLive } from '@loa/contract';

/** What the console shows of a device's connection: playing implies online. */
export type DeviceStatus = 'online' | 'offline' | 'playing';

export const DEVICE_STATUSES: readonly DeviceStatus[] = ['online', 'playing', 'offline'];

/** Status dot and marker colours: green online, blue playing, grey offline. */
export const STATUS_COLORS: Record<DeviceStatus, string> = { online: '#2e7d32', playing: '#1565c0', offline: '#9e9e9e' };

/** The display status of a device's live state. */
export function deviceStatus(live: DeviceLive): DeviceStatus {
  if (!live.online) return 'offline';
  return live.dangphat ? 'playing' : 'online';
}

export interface StatusCounts {
  total: number;
  /** Online devices, playing ones included (as the server counts them). */
  online: number;
  offline: number;
  playing: number;
}

/** Counts devices by status in one pass. */
export function countByStatus(devices: readonly { trangthai: DeviceLive }[]): StatusCounts {
  const counts: StatusCounts = { total: devices.length, online: 0, offline: 0, playing: 0 };
  for (const { trangthai } of devices) {
    if (!trangthai.online) counts.offline += 1;
    else {
      counts.online += 1;
      if (trangthai.dangphat) counts.playing += 1;
    }
  }
  return counts;
}
