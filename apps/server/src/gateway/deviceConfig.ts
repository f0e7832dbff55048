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
