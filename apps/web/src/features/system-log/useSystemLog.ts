import { useCallback } from 'react';
import type { SystemLogEntry, SystemLogPage } from '@loa/contract';
import { api } from '../../lib/apiClient';
import { useKeysetPages } from '../../lib/useKeysetPages';
import { logPageQuery, type LogFilters } from './logQuery';

export const LOG_PAGE_SIZE = 50;

/** Keyset pages of the system log: the first page for the filters, then `loadMore` passes `tieptheo` as `sau`. */
export function useSystemLog(filters: LogFilters) {
  const key = logPageQuery(filters, LOG_PAGE_SIZE, null);
  const fetchPage = useCallback(async (after: string | null) => {
    const page = await api.get<SystemLogPage>(`/v1/client/nhatky?${logPageQuery(filters, LOG_PAGE_SIZE, after)}`);
    return { items: page.items, next: page.tieptheo };
  }, [filters]);
  const pages = useKeysetPages<SystemLogEntry>(key, fetchPage);
  return { entries: pages.items, hasMore: pages.hasMore, loading: pages.loading, error: pages.error, loadMore: () => void pages.loadMore() };
}
