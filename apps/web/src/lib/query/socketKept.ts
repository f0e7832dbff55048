import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The mark (a query's `meta`) of data the socket's events keep current once read: running
 * broadcasts, device statuses, notifications, the as-run record. What was read before the socket
 * connected may have missed an event of that moment, so it is read again once the socket is up
 * (SocketCacheSync): a console opened while a bulletin starts shows it.
 */
export const SOCKET_KEPT = { socketKept: true } as const;

/** Reads again (those on screen) or marks stale every query carrying SOCKET_KEPT; an in-flight read is restarted. */
export function refreshSocketKept(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.socketKept === true });
}

type Updater<T> = (data: T | undefined) => T | undefined;

/** Events applied to a query while it was being read, to apply again to what the read brings. */
const pending = new WeakMap<Query, Updater<unknown>[]>();
const watched = new WeakSet<QueryClient>();

function replayAfterReads(client: QueryClient): void {
  if (watched.has(client)) return;
  watched.add(client);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.action.type !== 'success' && event.action.type !== 'error')) return;
    if (event.action.type === 'success' && event.action.manual) return;
    const updaters = pending.get(event.query);
    if (!updaters) return;
    pending.delete(event.query);
    // A failed read left the patched data in place: nothing to do again.
    if (event.action.type === 'error') return;
    client.setQueryData(event.query.queryKey, (data: unknown) => updaters.reduce((current, update) => update(current), data));
  });
}

/**
 * Applies an event to the cached data under `queryKey` (every query below it unless `exact`). A
 * read in flight answers with the server's state from before the event and would overwrite it: the
 * event is applied again to what that read brings. Events set states (online, playing), so applying
 * one to data that already holds it changes nothing.
 */
export function applyEvent<T>(client: QueryClient, queryKey: QueryKey, update: Updater<T>, { exact = true } = {}): void {
  replayAfterReads(client);
  if (exact) client.setQueryData<T>(queryKey, update);
  else client.setQueriesData<T>({ queryKey }, update);
  for (const query of client.getQueryCache().findAll({ queryKey, exact })) {
    if (query.state.fetchStatus !== 'fetching') continue;
    pending.set(query, [...(pending.get(query) ?? []), update as Updater<unknown>]);
  }
}
