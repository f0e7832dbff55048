import { useEffect, useState } from 'react';
import { EVENTS, type Area, type Device } from '@loa/contract';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
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

/**
 * Each device once, in the order of the chosen areas: an area's list holds the devices of the
 * areas below it too, so a district and one of its communes name the commune's devices twice.
 */
export function uniqueDevices(areaIds: string[], byArea: Record<string, Device[]>): Device[] {
  const seen = new Set<string>();
  return areaIds.flatMap((id) => byArea[id] ?? []).filter((d) => !seen.has(d._id) && seen.add(d._id));
}

/**
 * Devices of each chosen area, loaded once per area and kept live by the speakers' status events
 * (CAP-NHAT-TRANG-THAI-THIET-BI); the list follows the order of the chosen areas, each device once.
 */
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
  useSocketEvent(EVENTS.deviceStatus, (changes) => {
    const live = new Map(changes.map((c) => [c._id, c.trangthai]));
    setByArea((current) => {
      let changed = false;
      const next: Record<string, Device[]> = {};
      for (const [area, list] of Object.entries(current)) {
        next[area] = list.map((d) => {
          const trangthai = live.get(d._id);
          if (!trangthai) return d;
          changed = true;
          return { ...d, trangthai };
        });
      }
      return changed ? next : current;
    });
  });
  return { devices: uniqueDevices(areaIds, byArea), byArea };
}
