import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENTS, type LiveBroadcast } from '@loa/contract';
import { useEmergencyAction } from '../../../app/shell/useEmergencyAction';
import { apiKey } from '../../../lib/query/apiKey';
import { applyEvent, SOCKET_KEPT } from '../../../lib/query/socketKept';
import { useApiQuery, useInvalidate } from '../../../lib/query/useApiQuery';
import { useSocketEvent } from '../../../lib/socket/useSocketEvent';
import { useCurrentUser } from '../../auth/useAuth';
import { fetchLiveBroadcasts, fetchMyRunningBroadcasts, LIVE_BROADCASTS_PATH, MY_RUNNING_PATH } from '../api';
import { applyPlayState, applyReach, applyWaitingRepeat } from './liveList';
import { playCue } from './cues';
import { LiveBroadcastsContext, type LiveBroadcastsValue } from './LiveBroadcastsContext';

const LIVE_KEY = apiKey(LIVE_BROADCASTS_PATH);
const MINE_KEY = apiKey(MY_RUNNING_PATH);
const NONE: LiveBroadcast[] = [];
const readMyRunningIds = async (): Promise<string[]> => (await fetchMyRunningBroadcasts()).map((entry) => entry.idlichphat);

/**
 * The running broadcasts (lichphatdangphat) and the user's own (userdangphat) from the cache, kept
 * current by the socket: play state adds, replaces or removes cards with a sound, waiting-to-repeat
 * and reach update a card, and the user's own immediate broadcasts drive the header button (spec §4).
 * The socket is the source of truth once loaded (staleTime Infinity); a reconnection reads both again.
 */
export function LiveBroadcastsProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const { setRunning } = useEmergencyAction();
  // Loading failures are silent (spec §8); the socket keeps the panel current anyway.
  const live = useApiQuery<LiveBroadcast[]>(LIVE_BROADCASTS_PATH, { read: fetchLiveBroadcasts, staleTime: Infinity, meta: SOCKET_KEPT }).data ?? NONE;
  // Only the ids of the user's own count (the header button): the cache holds those.
  const mine = useApiQuery<string[]>(MY_RUNNING_PATH, { read: readMyRunningIds, staleTime: Infinity, meta: SOCKET_KEPT }).data;
  const running = (mine?.length ?? 0) > 0;
  useEffect(() => setRunning(running), [running, setRunning]);

  const setMine = useCallback((change: (ids: Set<string>) => Set<string>) => applyEvent<string[]>(client, MINE_KEY, (ids) => [...change(new Set(ids))]), [client]);
  const refreshMine = useCallback(() => void invalidate(MY_RUNNING_PATH), [invalidate]);
  const clearMine = useCallback(() => setMine(() => new Set()), [setMine]);
  const patchLive = useCallback((change: (list: LiveBroadcast[]) => LiveBroadcast[]) => applyEvent<LiveBroadcast[]>(client, LIVE_KEY, (list) => change(list ?? [])), [client]);

  useSocketEvent(EVENTS.playState, (event) => {
    patchLive((list) => applyPlayState(list, event));
    playCue(event.trangthai ? 'start' : 'stop');
    if (event.type === 'phatngay' && event.nguoitao === user.userID) {
      setMine((ids) => {
        if (event.trangthai) ids.add(event.idlichphat);
        else ids.delete(event.idlichphat);
        return ids;
      });
    }
  });
  useSocketEvent(EVENTS.waitingRepeat, (event) => patchLive((list) => applyWaitingRepeat(list, event)));
  useSocketEvent(EVENTS.reach, (event) => patchLive((list) => applyReach(list, event)));
  useSocketEvent(EVENTS.stopImmediate, (event) => {
    if (!event.trangthai) clearMine();
  });

  const value = useMemo<LiveBroadcastsValue>(() => ({ live, refreshMine, clearMine }), [live, refreshMine, clearMine]);
  return <LiveBroadcastsContext.Provider value={value}>{children}</LiveBroadcastsContext.Provider>;
}
