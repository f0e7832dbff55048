import { useCallback } from 'react';
import type { Programme } from '@loa/contract';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { PROGRAMMES_BASE, PROGRAMMES_PATH } from './api';

/** The programme library from the cache; `reload` after a change (marks every programme read stale). */
export function useProgrammes() {
  const query = useApiQuery<Programme[]>(PROGRAMMES_PATH, { staleTime: STALE.lists });
  const invalidate = useInvalidate();
  const reload = useCallback(() => void invalidate(PROGRAMMES_BASE), [invalidate]);
  return { programmes: query.data ?? null, error: query.error, reload };
}
