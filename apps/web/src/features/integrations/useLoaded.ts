import { useCallback } from 'react';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';

/**
 * An integration's list from the cache: its error, `reload` after a change (marks it stale) and
 * `retry` after a failure; optionally refetched every `everyMs` while on screen (polled states).
 */
export function useLoaded<T>(path: string, everyMs?: number) {
  const query = useApiQuery<T>(path, { staleTime: everyMs ? 0 : STALE.lists, refetchInterval: everyMs ?? false });
  const invalidate = useInvalidate();
  const reload = useCallback(() => void invalidate(path), [invalidate, path]);
  return { data: query.data ?? null, error: query.error, reload, retry: query.refetch };
}
