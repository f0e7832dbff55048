import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { MediaItem } from '@loa/contract';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { MEDIA_BASE, mediaPath } from './api';

/** Typing waits this long before the server is asked again. */
const SEARCH_DELAY_MS = 250;

/** The media library for a search text (searched on the server), from the cache. */
export function useMedia(query: string) {
  const deferred = useDeferredValue(query);
  const [settled, setSettled] = useState(deferred);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(deferred), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deferred]);
  const read = useApiQuery<MediaItem[]>(mediaPath(settled), { staleTime: STALE.lists, placeholderData: keepPreviousData });
  const invalidate = useInvalidate();
  const reload = useCallback(() => void invalidate(MEDIA_BASE), [invalidate]);
  return { items: read.data ?? null, error: read.error, reload, retry: read.refetch };
}
