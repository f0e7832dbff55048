import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EVENTS, type LiveBroadcast } from '@loa/contract';
import { useEmergencyAction } from '../../../app/shell/useEmergencyAction';
import { useSocketEvent } from '../../../lib/socket/useSocketEvent';
import { useCurrentUser } from '../../auth/useAuth';
import { fetchLiveBroadcasts, fetchMyRunningBroadcasts } from '../api';
import { applyPlayState, applyReach, applyWaitingRepeat } from './liveList';
import { playCue } from './cues';
import { LiveBroadcastsContext, type LiveBroadcastsValue } from './LiveBroadcastsContext';

/**
 * Loads the running broadcasts (lichphatdangphat) and the user's own (userdangphat), then follows the
 * socket: play state adds, replaces or removes cards with a sound, waiting-to-repeat updates a card,
 * and the user's own immediate broadcasts drive the header button (spec §4).
 */
export function LiveBroadcastsProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { setRunning } = useEmergencyAction();
  const [live, setLive] = useState<LiveBroadcast[]>([]);
  const mine = useRef(new Set<string>());

  const setMine = useCallback(
    (ids: Iterable<string>) => {
      mine.current = new Set(ids);
      setRunning(mine.current.size > 0);
    },
    [setRunning],
  );

  const refreshMine = useCallback(() => {
    fetchMyRunningBroadcasts()
      .then((entries) => setMine(entries.map((entry) => entry.idlichphat)))
      .catch(() => undefined);
  }, [setMine]);
  const clearMine = useCallback(() => setMine([]), [setMine]);

  useEffect(() => {
    let alive = true;
    // Loading failures are silent (spec §8); the socket keeps the panel current anyway.
    fetchLiveBroadcasts()
      .then((entries) => alive && setLive(entries))
      .catch(() => undefined);
    refreshMine();
    return () => {
      alive = false;
    };
  }, [refreshMine]);

  useSocketEvent(EVENTS.playState, (event) => {
    setLive((list) => applyPlayState(list, event));
    playCue(event.trangthai ? 'start' : 'stop');
    if (event.type === 'phatngay' && event.nguoitao === user.userID) {
      const ids = new Set(mine.current);
      if (event.trangthai) ids.add(event.idlichphat);
      else ids.delete(event.idlichphat);
      setMine(ids);
    }
  });
  useSocketEvent(EVENTS.waitingRepeat, (event) => setLive((list) => applyWaitingRepeat(list, event)));
  useSocketEvent(EVENTS.reach, (event) => setLive((list) => applyReach(list, event)));
  useSocketEvent(EVENTS.stopImmediate, (event) => {
    if (!event.trangthai) setMine([]);
  });

  const value = useMemo<LiveBroadcastsValue>(() => ({ live, refreshMine, clearMine }), [live, refreshMine, clearMine]);
  return <LiveBroadcastsContext.Provider value={value}>{children}</LiveBroadcastsContext.Provider>;
}
