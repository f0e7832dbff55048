import type { DeviceConfig } from '@loa/contract';

/** Stored configuration keys (per area or per device), as the console sends them. */
export interface StoredConfig {
  amluong?: number;
  keepalive?: number;
  kenhmacdinh?: string | null;
  giotinh?: { tu: string; den: string } | null;
}

export const DEFAULT_DEVICE_CONFIG: Omit<DeviceConfig, 'areas'> = {
  reportInterval: 20, keepalive: 30, volume: 70, defaultRelayUrl: null, quietHours: null,
};

/** The device's effective configuration: defaults, then each area from the root down, then its own. */
export function effectiveConfig(areaChainRootFirst: { id: string; config: StoredConfig }[], own: StoredConfig): DeviceConfig {
  const merged: StoredConfig = {};
  for (const layer of [...areaChainRootFirst.map((a) => a.config), own]) {
    for (const [k, v] of Object.entries(layer)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  return {
    areas: areaChainRootFirst.map((a) => a.id),
    reportInterval: DEFAULT_DEVICE_CONFIG.reportInterval,
    keepalive: merged.keepalive ?? DEFAULT_DEVICE_CONFIG.keepalive,
    volume: merged.amluong ?? DEFAULT_DEVICE_CONFIG.volume,
    defaultRelayUrl: merged.kenhmacdinh ?? null,
    quietHours: merged.giotinh ? { from: merged.giotinh.tu, to: merged.giotinh.den } : null,
  };
}
