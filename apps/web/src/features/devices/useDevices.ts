import { useCallback, useEffect, useState } from 'react';
import { EVENTS, type Device } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { applyStatusPatch } from './applyStatusPatch';
import { fetchAllDevices } from './api';

interface DeviceLists {
  /** Devices with their latest live state. */
  devices: Device[];
  /** The same devices as last loaded or edited: changes only when registry data does, not on status events. */
  registry: Device[];
}

/**
 * Every device in the user's scope, loaded once and kept live by the status event
 * (rows are patched in place; no reload). The updaters keep the list in step with the user's edits.
 */
export function useDevices() {
  const [lists, setLists] = useState<DeviceLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let alive = true;
    fetchAllDevices()
      .then((items) => {
        if (!alive) return;
        setLists({ devices: items, registry: items });
        setError(null);
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [generation]);

  useSocketEvent(EVENTS.deviceStatus, (patch) => setLists((current) => {
    if (!current) return current;
    const devices = applyStatusPatch(current.devices, patch);
    return devices === current.devices ? current : { ...current, devices };
  }));

  const upsert = useCallback((device: Device) => setLists((current) => {
    const list = current?.devices ?? [];
    const index = list.findIndex((d) => d._id === device._id);
    const devices = index < 0 ? [...list, device] : list.map((d, i) => (i === index ? device : d));
    return { devices, registry: devices };
  }), []);
  const remove = useCallback((id: string) => setLists((current) => {
    if (!current) return current;
    const devices = current.devices.filter((d) => d._id !== id);
    return { devices, registry: devices };
  }), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { devices: lists?.devices ?? null, registry: lists?.registry ?? null, error, loading: lists === null && !error, upsert, remove, reload };
}
