import { DEFAULT_DEVICE_SETTINGS, type DeviceConfig, type StoredDeviceConfig } from '@loa/contract';

/** Stored configuration keys (per area or per device), as the console sends them. */
export type StoredConfig = StoredDeviceConfig;

/** The device's effective configuration: defaults, then each area from the root down, then its own. */
export function effectiveConfig(areaChainRootFirst: { id: string; config: StoredConfig }[], own: StoredConfig): DeviceConfig {
  const merged: StoredConfig = {};
  for (const layer of [...areaChainRootFirst.map((a) => a.config), own]) Object.assign(merged, layer);
  return {
    areas: areaChainRootFirst.map((a) => a.id),
    reportInterval: DEFAULT_DEVICE_SETTINGS.reportInterval,
    keepalive: merged.keepalive ?? DEFAULT_DEVICE_SETTINGS.keepalive,
    volume: merged.amluong ?? DEFAULT_DEVICE_SETTINGS.amluong,
    // An empty channel set on a device or area means "none", overriding what is above it.
    defaultRelayUrl: merged.kenhmacdinh || null,
    quietHours: merged.giotinh ? { from: merged.giotinh.tu, to: merged.giotinh.den } : null,
  };
}

/** Applies a configuration change: values set, nulls removed (inherit again). */
export function applyConfigPatch(stored: StoredConfig, patch: { [K in keyof StoredConfig]?: StoredConfig[K] | null }): StoredConfig {
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as StoredConfig;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an instant falls in quiet hours given as local (UTC+7) "HH:mm" bounds; they may cross midnight. */
export function withinQuietHours(quiet: { from: string; to: string }, now: number): boolean {
  const local = new Date(now + 7 * 3600 * 1000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
