import { useMemo } from 'react';
import type { Device } from '@loa/contract';
import { sortDevices, type DeviceSort } from './filterDevices';

/** The devices in the order of `ids` (ids no longer present are skipped, new devices go last). */
export function orderByIds(devices: readonly Device[], ids: readonly string[]): Device[] {
  const byId = new Map(devices.map((d) => [d._id, d]));
  const out: Device[] = [];
  for (const id of ids) {
    const device = byId.get(id);
    if (device) {
      out.push(device);
      byId.delete(id);
    }
  }
  return out.concat([...byId.values()]);
}

/**
 * Sorted devices that stay cheap under a stream of status events: name and area orders are computed
 * from the registry (which status events leave alone) and only re-applied to the live rows.
 */
export function useSortedDevices(devices: Device[] | null, registry: Device[] | null, sort: DeviceSort): Device[] {
  const staticOrder = useMemo(
    () => (sort.key === 'lancuoi' || !registry ? null : sortDevices(registry, sort).map((d) => d._id)),
    [registry, sort],
  );
  return useMemo(() => {
    if (!devices) return [];
    return staticOrder ? orderByIds(devices, staticOrder) : sortDevices(devices, sort);
  }, [devices, staticOrder, sort]);
}
