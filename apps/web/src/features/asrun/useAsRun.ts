import { useCallback, useEffect, useMemo, useState } from 'react';
import { EVENTS, type AsRunReport } from '@loa/contract';
import { api, errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { asRunUrl, type AsRunFilters } from './asRunQuery';

/** Play-state events (a broadcast starts, moves on or ends) reload the record at most this often. */
export const AS_RUN_REFRESH_MS = 3000;

interface Loaded {
  url: string;
  generation: number;
  report: AsRunReport | null;
  error: string | null;
}

/**
 * The as-run record for the filters, kept current by the live play-state events. A reload keeps
 * the rows on screen while it runs; other filters show none of the previous ones.
 */
export function useAsRun(filters: AsRunFilters) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [generation, setGeneration] = useState(0);
  const url = asRunUrl(filters);
  useEffect(() => {
    let alive = true;
    api.get<AsRunReport>(url)
      .then((report) => alive && setLoaded({ url, generation, report, error: null }))
      .catch((caught: unknown) => alive && setLoaded((prev) => ({ url, generation, report: prev?.url === url ? prev.report : null, error: errorMessage(caught) })));
    return () => {
      alive = false;
    };
  }, [url, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const throttled = useMemo(() => throttle(reload, AS_RUN_REFRESH_MS), [reload]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  useSocketEvent(EVENTS.playState, () => throttled.call());
  const current = loaded?.url === url ? loaded : null;
  return { report: current?.report ?? null, error: current?.error ?? null, loading: !current || current.generation !== generation };
}
