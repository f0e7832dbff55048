import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiKey } from './query/apiKey';

/**
 * The live changes made while a list's first page is being read, one array per read, by the list's
 * first-page route: the read's answer may be from before them (a notification made while the page
 * loads), so they are made again on it.
 */
const READS = new Map<string, Set<((items: never) => unknown)[]>>();
function readsOf(list: string): Set<((items: never) => unknown)[]> {
  let reads = READS.get(list);
  if (!reads) READS.set(list, (reads = new Set()));
  return reads;
}

/** One page; the first with the live changes made to its list while it was read made again on it. */
async function readPage<T>(list: string, fetchPage: (after: string | null) => Promise<KeysetPage<T>>, after: string | null): Promise<KeysetPage<T>> {
  if (after !== null) return fetchPage(after);
  const changes: ((items: T[]) => T[])[] = [];
  const reads = readsOf(list);
  reads.add(changes);
  try {
    const page = await fetchPage(after);
    return { ...page, items: changes.reduce((items, change) => change(items), page.items) };
  } finally {
    reads.delete(changes);
    if (reads.size === 0) READS.delete(list);
  }
}

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
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => readPage(firstPage, fetchPage, pageParam),
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
    for (const changes of READS.get(firstPage) ?? []) (changes as ((items: T[]) => T[])[]).push(change);
    client.setQueryData<InfiniteData<KeysetPage<T>, string | null>>(queryKey, (data) => {
      if (!data) return data;
      const changed = change(data.pages.flatMap((page) => page.items));
      return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: index === 0 ? changed : [] })) };
    });
  }, [client, queryKey, firstPage]);

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
