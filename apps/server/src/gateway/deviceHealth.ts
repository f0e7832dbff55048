import type { DeviceHealth, DeviceHealthFault, DeviceLive } from '@loa/contract';

/** Where a box's health becomes a fault (issue #31 item 4; DEVICE_HEALTH_* in the configuration). */
export interface HealthThresholds {
  /** CPU temperature at or above this is a fault, °C. */
  tempMaxC: number;
  /** Disk free below this percent is a fault. */
  diskFreeMinPercent: number;
  /** Memory free below this percent is a fault. */
  memFreeMinPercent: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = { tempMaxC: 80, diskFreeMinPercent: 10, memFreeMinPercent: 5 };

/** A box's health as the server keeps it: the reading, when it came (unix ms), and the faults found in it. */
export interface StoredHealth extends DeviceHealth {
  at: number;
  faults: DeviceHealthFault[];
}

/** The thresholds a reading crosses (a value the box did not report crosses none). */
export function healthFaults(health: DeviceHealth, t: HealthThresholds): DeviceHealthFault[] {
  const faults: DeviceHealthFault[] = [];
  if (health.cpuTemp !== undefined && health.cpuTemp >= t.tempMaxC) faults.push('nhietdo');
  if (health.diskFreePercent !== undefined && health.diskFreePercent < t.diskFreeMinPercent) faults.push('odia');
  if (health.memFreePercent !== undefined && health.memFreePercent < t.memFreeMinPercent) faults.push('bonho');
  return faults;
}

/** The console's view of a stored health reading. */
export function toHealthLive(h: StoredHealth | null | undefined): DeviceLive['suckhoe'] {
  if (!h) return null;
  return {
    nhietdo: h.cpuTemp ?? null, odiatrong: h.diskFreePercent ?? null, bonhotrong: h.memFreePercent ?? null, thoigianchay: h.uptime ?? null,
    phienban: h.agentVersion ?? null, tinhieumodem: h.modem?.signal ?? null, nhamang: h.modem?.operator ?? null, canhbao: h.faults ?? [],
    luc: Math.floor(h.at / 1000),
  };
}
