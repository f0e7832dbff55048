import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import type { MediaItem } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { fetchMedia } from './api';

/** The media library for a search text (searched on the server). */
export function useMedia(query: string) {
  const deferred = useDeferredValue(query);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      fetchMedia(deferred)
        .then((found) => {
          if (!alive) return;
          setItems(found);
          setError(null);
        })
        .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [deferred, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { items, error, reload };
}
