import type { SystemLogEntry, SystemLogPage } from '@loa/contract';
import { api } from '../../lib/apiClient';
import { STALE } from '../../lib/query/staleTimes';
import { useKeysetPages } from '../../lib/useKeysetPages';
import { logPageQuery, type LogFilters } from './logQuery';

export const LOG_PAGE_SIZE = 50;
const LOG_PATH = '/v1/client/nhatky';

/** Keyset pages of the system log: the first page for the filters, then `loadMore` passes `tieptheo` as `sau`. */
export function useSystemLog(filters: LogFilters) {
  const pages = useKeysetPages<SystemLogEntry>(`${LOG_PATH}?${logPageQuery(filters, LOG_PAGE_SIZE, null)}`, async (after) => {
    const page = await api.get<SystemLogPage>(`${LOG_PATH}?${logPageQuery(filters, LOG_PAGE_SIZE, after)}`);
    return { items: page.items, next: page.tieptheo };
  }, STALE.records);
  return { entries: pages.items, hasMore: pages.hasMore, loading: pages.loading, error: pages.error, retry: pages.retry, loadMore: () => void pages.loadMore() };
}
