import { useCallback } from 'react';
import type { Area } from '@loa/contract';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { DEVICES_BASE } from './api';

const NO_AREAS: Area[] = [];

/** The areas in the user's scope (level then name), from the cache; area edits invalidate it. */
export function useAreas() {
  const query = useApiQuery<Area[]>(DEVICES_BASE, { staleTime: STALE.reference });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { areas: query.data ?? NO_AREAS, error: query.error, loaded: query.isSuccess, reload };
}
