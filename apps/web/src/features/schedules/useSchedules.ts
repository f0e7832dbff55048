import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type Schedule, type ScheduleFilter, type SchedulePage, type SchedulePageQuery } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { throttle } from '../../lib/throttle';
import { fetchSchedulePage, fetchSchedules } from './api';

/** Play-state and schedule events reload the list (next starts, ended, submitted, approved, missed schedules) at most this often. */
export const SCHEDULES_REFRESH_MS = 2000;

/** The cache keys of the schedules feature: every list answer lies under `lists`. */
export const scheduleKeys = {
  all: ['lichphat'] as const,
  lists: ['lichphat', 'danhsach'] as const,
  list: (filter: ScheduleFilter) => ['lichphat', 'danhsach', filter] as const,
  page: (query: SchedulePageQuery) => ['lichphat', 'danhsach', 'trang', query] as const,
};

type Cached = Schedule[] | SchedulePage | undefined;
/**
 * A change to the rows of a cached list or page; a page's total follows the rows added or removed,
 * so the first schedule saved reads '1–1 trên 1', not '0–0 trên 0' (issue #32 low item).
 */
export function changeRows(data: Cached, change: (list: Schedule[]) => Schedule[]): Cached {
  if (Array.isArray(data)) return change(data);
  if (!data) return data;
  const items = change(data.items);
  return { ...data, items, tong: Math.max(0, data.tong + items.length - data.items.length) };
}

/**
 * Schedules matching the filter (server-state cache; `enabled` false while the paged list shows, whose
 * answer `pageData` also feeds the creators offered), reloaded on play-state and schedule events; `replace` and `remove` apply a row change at once. */
export function useSchedules(filter: ScheduleFilter, { enabled = true, pageData }: { enabled?: boolean; pageData?: SchedulePage | null } = {}) {
  const queryClient = useQueryClient();
  // The previous filter's schedules stay shown while the next one loads, so the week and the calendar
  // keep the days they show instead of starting again from this week (issue #32).
  const query = useQuery({ queryKey: scheduleKeys.list(filter), queryFn: () => fetchSchedules(filter), enabled, placeholderData: keepPreviousData });
  const schedules = query.data ?? null;
  // Creators seen so far stay offered while a filter narrows the list: those of every list in the cache.
  const creators = useMemo(() => {
    const byId = new Map<string, string>();
    for (const [, data] of queryClient.getQueriesData<Cached>({ queryKey: scheduleKeys.lists })) {
      for (const s of (Array.isArray(data) ? data : data?.items) ?? []) byId.set(s.nguoitao._id, s.nguoitao.hoten);
    }
    return [...byId].map(([_id, hoten]) => ({ _id, hoten }));
    // The cache is read again whenever this list's answer changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, query.data, pageData]);
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists }), [queryClient]);
  const throttled = useMemo(() => throttle(reload, SCHEDULES_REFRESH_MS), [reload]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  useSocketEvent(EVENTS.playState, () => throttled.call());
  // Another console's change, or an occurrence missed (issue #32 items 8 and 13).
  useSocketEvent(EVENTS.schedulesChanged, () => throttled.call());
  const update = useCallback((change: (list: Schedule[]) => Schedule[]) => {
    queryClient.setQueriesData<Cached>({ queryKey: scheduleKeys.lists }, (data) => changeRows(data, change));
  }, [queryClient]);
  const replace = useCallback((next: Schedule) => update((list) => (list.some((s) => s._id === next._id) ? list.map((s) => (s._id === next._id ? next : s)) : [next, ...list])), [update]);
  const remove = useCallback((id: string) => update((list) => list.filter((s) => s._id !== id)), [update]);
  const error = query.error && !query.data ? errorMessage(query.error) : null;
  return { schedules, creators, error, reload, replace, remove };
}

/** One page of the list, sorted on the server; the previous page stays shown while the next one loads. */
export function useSchedulePage(query: SchedulePageQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const page = useQuery({ queryKey: scheduleKeys.page(query), queryFn: () => fetchSchedulePage(query), enabled, placeholderData: keepPreviousData });
  return { page: page.data ?? null, error: page.error && !page.data ? errorMessage(page.error) : null };
}
