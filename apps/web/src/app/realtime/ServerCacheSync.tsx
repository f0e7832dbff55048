import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENTS, type Device } from '@loa/contract';
import { applyStatusPatch } from '../../features/devices/applyStatusPatch';
import { AREA_DEVICES_PATH } from '../../features/broadcast/api';
import { DEVICE_LISTS_KEY, type DeviceLists } from '../../features/devices/useDevices';
import { AS_RUN_PATH } from '../../features/asrun/asRunQuery';
import { CODES_PATH, PENDING_PATH } from '../../features/enrolment/api';
import { ROLLOUT_REFRESH_MS, ROLLOUTS_PATH } from '../../features/updates/api';
import { apiKey } from '../../lib/query/apiKey';
import { useSocket, useSocketEvent } from '../../lib/socket/useSocketEvent';
import { onConnectionChange } from '../../lib/socket/connectionEvents';
import { applyEvent, refreshSocketKept } from '../../lib/query/socketKept';
import { throttle } from '../../lib/throttle';

/** Play-state events (a broadcast starts, moves on or ends) mark the as-run record stale at most this often. */
export const AS_RUN_REFRESH_MS = 3000;
/** Device additions, edits, moves and deletions read the device lists again at most this often. */
export const DEVICE_REGISTRY_REFRESH_MS = 1000;

/**
 * Keeps the server-state cache in step with the socket: device statuses patch the cached device
 * lists in place, additions, moves and deletions read them again, play states mark the as-run record stale, and a connection that comes back
 * refetches what is on screen (events were missed while it was down); the first connection reads
 * again what the socket keeps (SOCKET_KEPT), read before it could hear an event. A new user starts from an
 * empty cache: nothing one account read is shown to the next.
 */
/** Socket events into the cache (loaded once signed in: see AppProviders). */
export default function SocketCacheSync() {
  const client = useQueryClient();
  const socket = useSocket();

  useSocketEvent(EVENTS.deviceStatus, (patch) => {
    applyEvent<DeviceLists>(client, DEVICE_LISTS_KEY, (lists) => {
      if (!lists) return lists;
      const devices = applyStatusPatch(lists.devices, patch);
      return devices === lists.devices ? lists : { ...lists, devices };
    });
    applyEvent<Device[]>(client, apiKey(AREA_DEVICES_PATH), (list) => list && applyStatusPatch(list, patch), { exact: false });
  });

  const asRun = useMemo(() => throttle(() => void client.invalidateQueries({ queryKey: apiKey(AS_RUN_PATH) }), AS_RUN_REFRESH_MS), [client]);
  useEffect(() => () => asRun.cancel(), [asRun]);
  useSocketEvent(EVENTS.playState, () => asRun.call());

  // A device added, edited, moved or deleted elsewhere (another console, an API key): the lists are
  // read again, at most once a second however many change at once (an import).
  const registry = useMemo(() => throttle(() => {
    void client.invalidateQueries({ queryKey: DEVICE_LISTS_KEY });
    void client.invalidateQueries({ queryKey: apiKey(AREA_DEVICES_PATH), exact: false });
    // A box that enrolled (or was confirmed elsewhere) joins or leaves the list of boxes waiting to
    // be assigned, and took a use of its code.
    void client.invalidateQueries({ queryKey: apiKey(PENDING_PATH) });
    void client.invalidateQueries({ queryKey: apiKey(CODES_PATH) });
  }, DEVICE_REGISTRY_REFRESH_MS), [client]);
  useEffect(() => () => registry.cancel(), [registry]);
  useSocketEvent(EVENTS.deviceRegistry, () => registry.call());

  // A rollout changed (a box was sent it or reported, an officer paused it…): its progress is read again.
  const rollouts = useMemo(() => throttle(() => void client.invalidateQueries({ queryKey: apiKey(ROLLOUTS_PATH) }), ROLLOUT_REFRESH_MS), [client]);
  useEffect(() => () => rollouts.cancel(), [rollouts]);
  useSocketEvent(EVENTS.rolloutsChanged, () => rollouts.call());

  useEffect(() => {
    if (!socket) return undefined;
    let connected = false;
    let wasDown = false;
    const lost = () => {
      wasDown = true;
    };
    const back = () => {
      // Back after a loss: everything on screen may have missed events. The first connection:
      // what the socket keeps was read before it joined its rooms (the socket loads after the
      // first screen), so an event of that moment went nowhere.
      if (wasDown) void client.invalidateQueries();
      else if (!connected) void refreshSocketKept(client);
      connected = true;
      wasDown = false;
    };
    const unsubscribe = onConnectionChange(socket, lost, back);
    // This component loads on its own: the socket may have connected before it listened.
    if (socket.connected) back();
    return unsubscribe;
  }, [socket, client]);
  return null;
}
