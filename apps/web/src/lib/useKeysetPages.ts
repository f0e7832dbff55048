import { useCallback, useMemo, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiKey } from './query/apiKey';

export interface KeysetPage<T> {
  items: T[];
  /** Cursor of the next page; null on the last one. */
  next: string | null;
}

/**
 * Pages fetched by cursor (`sau` = the previous page's `tieptheo`) through the cache. `firstPage`
 * is the route of the first page, which names the query: when it changes the list starts again
 * from the first page; going back to an earlier one shows its cached pages at once.
 */
export function useKeysetPages<T>(firstPage: string, fetchPage: (after: string | null) => Promise<KeysetPage<T>>, staleTime?: number) {
  const client = useQueryClient();
  const queryKey = useMemo(() => apiKey(firstPage), [firstPage]);
  /**
   * The live changes made while a first page is being read, one list per read: its answer may be
   * from before them (a notification made while the page loads), so they are made again on it.
   */
  const duringReads = useRef(new Set<((items: T[]) => T[])[]>());
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }) => {
      if (pageParam !== null) return fetchPage(pageParam);
      const changes: ((items: T[]) => T[])[] = [];
      duringReads.current.add(changes);
      try {
        const page = await fetchPage(pageParam);
        return { ...page, items: changes.reduce((items, change) => change(items), page.items) };
      } finally {
        duringReads.current.delete(changes);
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? null, [query.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = query;
  const loadMore = useCallback(async () => {
    if (hasNextPage && !isFetchingNextPage) await fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  /**
   * Patches the loaded items (live additions, marks) in the cache: the list as one, on the first
   * page; the cursors stay. A change made while the first page is read is made on its answer too.
   */
  const update = useCallback((change: (items: T[]) => T[]) => {
    for (const changes of duringReads.current) changes.push(change);
    client.setQueryData<InfiniteData<KeysetPage<T>, string | null>>(queryKey, (data) => {
      if (!data) return data;
      const changed = change(data.pages.flatMap((page) => page.items));
      return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: index === 0 ? changed : [] })) };
    });
  }, [client, queryKey]);

  const error = query.error;
  return {
    items,
    hasMore: !!hasNextPage,
    loading: (query.isPending && !error) || isFetchingNextPage,
    error,
    loadMore,
    update,
    retry: refetch,
  };
}
