import { useEffect, useMemo, useState } from 'react';
import { EVENTS, type Overview } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { fetchOverview } from './api';

/** Device status events re-fetch the overview at most this often. */
export const OVERVIEW_REFRESH_MS = 1000;

/** Loads the overview and keeps it live (device status and play-state events, throttled); `error` holds the message to show. */
export function useOverview() {
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchOverview()
      .then((overview) => {
        if (!alive) return;
        setData(overview);
        setError(null);
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [generation]);
  const refresh = useMemo(() => throttle(() => setGeneration((g) => g + 1), OVERVIEW_REFRESH_MS), []);
  useEffect(() => () => refresh.cancel(), [refresh]);
  useSocketEvent(EVENTS.deviceStatus, () => refresh.call());
  useSocketEvent(EVENTS.playState, () => refresh.call());
  return { data, error, loading: !data && !error };
}
