import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { fetchOverviewCharts, OVERVIEW_CHARTS_PATH } from './api';

/** The charts change by the hour: read them once a minute at most. */
export const overviewChartsQuery = { queryKey: [OVERVIEW_CHARTS_PATH], queryFn: fetchOverviewCharts, staleTime: 60_000 };

/** A bulletin that starts or ends reads the charts again at most this often (their figures are per day and per hour). */
export const OVERVIEW_CHARTS_REFRESH_MS = 30_000;

/**
 * The charts, kept live (#32 low item): read again when a bulletin starts or ends (throttled), and
 * every five minutes while open for what no event tells (the hours' samples of speakers online).
 */
export function useOverviewCharts() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...overviewChartsQuery, refetchInterval: 300_000 });
  const refresh = useMemo(() => throttle(() => void queryClient.invalidateQueries({ queryKey: [OVERVIEW_CHARTS_PATH] }), OVERVIEW_CHARTS_REFRESH_MS), [queryClient]);
  useEffect(() => () => refresh.cancel(), [refresh]);
  useSocketEvent(EVENTS.playState, () => refresh.call());
  return { data: query.data ?? null, error: query.error ? errorMessage(query.error) : null, retry: () => void query.refetch() };
}
