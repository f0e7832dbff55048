import { useCallback, useEffect, useMemo, useState } from 'react';
import { EVENTS, type Schedule, type ScheduleFilter } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { fetchSchedules } from './api';

/** Play-state events reload the list (next starts, ended schedules) at most this often. */
export const SCHEDULES_REFRESH_MS = 2000;

/** Schedules matching the filter, reloaded on play-state events; `replace` and `remove` apply a row change at once. */
export function useSchedules(filter: ScheduleFilter) {
  const [schedules, setSchedules] = useState<Schedule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Creators seen so far stay offered while a filter narrows the list.
  const [creators, setCreators] = useState<{ _id: string; hoten: string }[]>([]);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(filter);
  useEffect(() => {
    let alive = true;
    fetchSchedules(JSON.parse(key) as ScheduleFilter)
      .then((items) => {
        if (!alive) return;
        setSchedules(items);
        setError(null);
        setCreators((known) => {
          const byId = new Map(known.map((c) => [c._id, c.hoten]));
          for (const s of items) byId.set(s.nguoitao._id, s.nguoitao.hoten);
          return byId.size === known.length ? known : [...byId].map(([_id, hoten]) => ({ _id, hoten }));
        });
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const throttled = useMemo(() => throttle(reload, SCHEDULES_REFRESH_MS), [reload]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  useSocketEvent(EVENTS.playState, () => throttled.call());
  const replace = useCallback((next: Schedule) => setSchedules((list) => list && (list.some((s) => s._id === next._id) ? list.map((s) => (s._id === next._id ? next : s)) : [next, ...list])), []);
  const remove = useCallback((id: string) => setSchedules((list) => list && list.filter((s) => s._id !== id)), []);
  return { schedules, creators, error, reload, replace, remove };
}
