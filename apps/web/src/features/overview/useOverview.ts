import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { fetchOverview, OVERVIEW_PATH } from './api';

/** Device status events re-fetch the overview at most this often. */
export const OVERVIEW_REFRESH_MS = 1000;

/** Loads the overview and keeps it live (device status and play-state events, throttled); `error` holds the message to show. */
export function useOverview() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [OVERVIEW_PATH], queryFn: fetchOverview, staleTime: 10_000 });
  const refresh = useMemo(() => throttle(() => void queryClient.invalidateQueries({ queryKey: [OVERVIEW_PATH] }), OVERVIEW_REFRESH_MS), [queryClient]);
  useEffect(() => () => refresh.cancel(), [refresh]);
  useSocketEvent(EVENTS.deviceStatus, () => refresh.call());
  useSocketEvent(EVENTS.playState, () => refresh.call());
  return { data: query.data ?? null, error: query.error ? errorMessage(query.error) : null, loading: query.isPending, retry: () => void query.refetch() };
}
