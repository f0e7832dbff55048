import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './apiClient';

export interface KeysetPage<T> {
  items: T[];
  /** Cursor of the next page; null on the last one. */
  next: string | null;
}

interface Loaded<T> {
  key: string;
  items: T[];
  next: string | null;
}

/**
 * Pages fetched by cursor (`sau` = the previous page's `tieptheo`). `key` names the query: when it changes the
 * list starts again from the first page, and answers for an older key are dropped.
 */
export function useKeysetPages<T>(key: string, fetchPage: (after: string | null) => Promise<KeysetPage<T>>) {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  useEffect(() => {
    let alive = true;
    fetchRef.current(null)
      .then((page) => alive && setLoaded({ key, items: page.items, next: page.next }))
      .catch((caught: unknown) => alive && setFailure({ key, message: errorMessage(caught) }));
    return () => {
      alive = false;
    };
  }, [key]);

  const current = loaded?.key === key ? loaded : null;
  const error = failure?.key === key ? failure.message : null;

  const loadMore = useCallback(async () => {
    if (!current?.next || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchRef.current(current.next);
      setLoaded((state) => (state && state.key === key ? { key, items: [...state.items, ...page.items], next: page.next } : state));
    } catch (caught) {
      setFailure({ key, message: errorMessage(caught) });
    } finally {
      setLoadingMore(false);
    }
  }, [current, loadingMore, key]);

  /** Patches the loaded items (live additions, marks). */
  const update = useCallback((change: (items: T[]) => T[]) => {
    setLoaded((state) => (state && state.key === key ? { ...state, items: change(state.items) } : state));
  }, [key]);

  return { items: current?.items ?? null, hasMore: !!current?.next, loading: (!current && !error) || loadingMore, error, loadMore, update };
}
