import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/apiClient';

/** A list loaded from the server, with its error and a reload; optionally refreshed every `everyMs`. */
export function useLoaded<T>(load: () => Promise<T>, everyMs?: number): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    load()
      .then((value) => {
        setData(value);
        setError(null);
      })
      .catch((caught: unknown) => setError(errorMessage(caught)));
  }, [load]);
  useEffect(() => {
    reload();
    if (!everyMs) return undefined;
    const timer = setInterval(reload, everyMs);
    return () => clearInterval(timer);
  }, [reload, everyMs]);
  return { data, error, reload };
}
