import { useEffect, useState } from 'react';
import type { Area, Device } from '@loa/contract';
import { fetchAreaDevices, fetchBroadcastAreas } from './api';

/** The areas a broadcast may target (failures are silent, spec §8). */
export function useBroadcastAreas(): Area[] {
  const [areas, setAreas] = useState<Area[]>([]);
  useEffect(() => {
    let alive = true;
    fetchBroadcastAreas()
      .then((items) => alive && setAreas(items ?? []))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return areas;
}

/** Devices of each chosen area, loaded once per area; the list follows the order of the chosen areas. */
export function useAreaDevices(areaIds: string[]): { devices: Device[]; byArea: Record<string, Device[]> } {
  const [byArea, setByArea] = useState<Record<string, Device[]>>({});
  const missing = areaIds.filter((id) => !(id in byArea)).join(',');
  useEffect(() => {
    if (!missing) return undefined;
    let alive = true;
    for (const id of missing.split(',')) {
      fetchAreaDevices(id)
        .then((items) => alive && setByArea((current) => ({ ...current, [id]: items ?? [] })))
        .catch(() => alive && setByArea((current) => ({ ...current, [id]: [] })));
    }
    return () => {
      alive = false;
    };
  }, [missing]);
  return { devices: areaIds.flatMap((id) => byArea[id] ?? []), byArea };
}
