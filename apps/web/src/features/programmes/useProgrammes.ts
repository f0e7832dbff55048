import { useCallback, useEffect, useState } from 'react';
import type { Programme } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { fetchProgrammes } from './api';

/** The programme library, reloadable; `error` holds the message to show. */
export function useProgrammes() {
  const [programmes, setProgrammes] = useState<Programme[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchProgrammes()
      .then((items) => {
        if (!alive) return;
        setProgrammes(items);
        setError(null);
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { programmes, error, reload };
}
