import { useEffect, useState } from 'react';
import type { Overview } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { fetchOverview } from './api';

/** Loads the overview once; `error` holds the message to show. */
export function useOverview() {
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    fetchOverview()
      .then((overview) => alive && setData(overview))
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, []);
  return { data, error, loading: !data && !error };
}
