import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/apiClient';
import { fetchOverviewCharts, OVERVIEW_CHARTS_PATH } from './api';

/** The charts change by the hour: read them once a minute at most. */
export const overviewChartsQuery = { queryKey: [OVERVIEW_CHARTS_PATH], queryFn: fetchOverviewCharts, staleTime: 60_000 };

/** The charts, read again every five minutes while open. */
export function useOverviewCharts() {
  const query = useQuery({ ...overviewChartsQuery, refetchInterval: 300_000 });
  return { data: query.data ?? null, error: query.error ? errorMessage(query.error) : null, retry: () => void query.refetch() };
}
