import { useQueries } from '@tanstack/react-query';
import type { Area, Device } from '@loa/contract';
import { api } from '../../lib/apiClient';
import { apiKey } from '../../lib/query/apiKey';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { SOCKET_KEPT } from '../../lib/query/socketKept';
import { areaDevicesPath, BROADCAST_AREAS_PATH, fetchBroadcastAreas } from './api';

const NO_AREAS: Area[] = [];

/** The areas a broadcast may target (failures are silent, spec §8). */
export function useBroadcastAreas(): Area[] {
  const query = useApiQuery<Area[]>(BROADCAST_AREAS_PATH, { read: async () => (await fetchBroadcastAreas()) ?? [], staleTime: STALE.reference });
  return query.data ?? NO_AREAS;
}

/**
 * Each device once, in the order of the chosen areas: an area's list holds the devices of the
 * areas below it too, so a district and one of its communes name the commune's devices twice.
 */
export function uniqueDevices(areaIds: string[], byArea: Record<string, Device[]>): Device[] {
  const seen = new Set<string>();
  return areaIds.flatMap((id) => byArea[id] ?? []).filter((d) => !seen.has(d._id) && seen.add(d._id));
}

/**
 * Devices of each chosen area, from the cache (one read per area), kept live by the speakers'
 * status events (ServerCacheSync patches them); the list follows the order of the chosen areas,
 * each device once. An area whose read fails counts no device.
 */
export function useAreaDevices(areaIds: string[]): { devices: Device[]; byArea: Record<string, Device[]> } {
  return useQueries({
    queries: areaIds.map((id) => {
      const path = areaDevicesPath(id);
      return { queryKey: apiKey(path), queryFn: async () => (await api.get<Device[] | null>(path)) ?? [], staleTime: STALE.devices, meta: SOCKET_KEPT };
    }),
    // Structurally shared by TanStack Query: the same objects while nothing changed.
    combine: (results) => {
      const byArea: Record<string, Device[]> = {};
      areaIds.forEach((id, index) => {
        const result = results[index];
        if (result?.data) byArea[id] = result.data;
        else if (result?.isError) byArea[id] = [];
      });
      return { devices: uniqueDevices(areaIds, byArea), byArea };
    },
  });
}
