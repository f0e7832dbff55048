import type { AsRunReport } from '@loa/contract';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { SOCKET_KEPT } from '../../lib/query/socketKept';
import { asRunUrl, type AsRunFilters } from './asRunQuery';

/**
 * The as-run record for the filters, from the cache; play-state events mark it stale (ServerCacheSync).
 * A refetch keeps the rows on screen while it runs; other filters show none of the previous ones.
 */
export function useAsRun(filters: AsRunFilters) {
  const query = useApiQuery<AsRunReport>(asRunUrl(filters), { staleTime: STALE.records, meta: SOCKET_KEPT });
  return { report: query.data ?? null, error: query.error, retry: query.refetch, loading: query.isFetching };
}
