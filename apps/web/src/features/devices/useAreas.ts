import { useCallback, useEffect, useState } from 'react';
import type { Area } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { fetchAreas } from './api';

/** The areas in the user's scope (level then name); `reload` after area edits. */
export function useAreas() {
  const [areas, setAreas] = useState<Area[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchAreas()
      .then((items) => {
        if (!alive) return;
        setAreas(items);
        setError(null);
        setLoaded(true);
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { areas, error, loaded, reload };
}
