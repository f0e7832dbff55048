import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@loa/contract';
import { apiKey } from '../../lib/query/apiKey';
import { SOCKET_KEPT } from '../../lib/query/socketKept';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { ALL_DEVICES_PATH, fetchAllDevices } from './api';

/** The cached device list: live state, and the registry as last loaded or edited. */
export interface DeviceLists {
  /** Devices with their latest live state (patched by the status event, see ServerCacheSync). */
  devices: Device[];
  /** The same devices as last loaded or edited: changes only when registry data does, not on status events. */
  registry: Device[];
}

export const DEVICE_LISTS_KEY = apiKey(ALL_DEVICES_PATH);

const readDeviceLists = async (): Promise<DeviceLists> => {
  const items = await fetchAllDevices();
  return { devices: items, registry: items };
};

/**
 * Every device in the user's scope, from the cache; statuses arrive by socket and patch it in
 * place. The updaters keep the list in step with the user's edits without a reload.
 */
export function useDevices() {
  const client = useQueryClient();
  const query = useApiQuery<DeviceLists>(ALL_DEVICES_PATH, { read: readDeviceLists, staleTime: STALE.devices, meta: SOCKET_KEPT });
  const upsert = useCallback((device: Device) => client.setQueryData<DeviceLists>(DEVICE_LISTS_KEY, (current) => {
    const list = current?.devices ?? [];
    const index = list.findIndex((d) => d._id === device._id);
    const devices = index < 0 ? [...list, device] : list.map((d, i) => (i === index ? device : d));
    return { devices, registry: devices };
  }), [client]);
  const remove = useCallback((id: string) => client.setQueryData<DeviceLists>(DEVICE_LISTS_KEY, (current) => {
    if (!current) return current;
    const devices = current.devices.filter((d) => d._id !== id);
    return { devices, registry: devices };
  }), [client]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    devices: query.data?.devices ?? null,
    registry: query.data?.registry ?? null,
    error: query.error,
    loading: query.isPending && !query.error,
    upsert,
    remove,
    reload,
  };
}
