import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyEvent, refreshSocketKept, SOCKET_KEPT } from './socketKept';

type Speaker = { id: string; online: boolean };
const online = (id: string) => (list: Speaker[] | undefined) => list?.map((s) => (s.id === id ? { ...s, online: true } : s));

/** A read the test answers when it likes. */
function slowRead<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { read: () => promise, answer, fail };
}

describe('events on data the socket keeps', () => {
  it('apply at once, and again to what a read in flight brings (the read started before the event)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<Speaker[]>(['speakers'], [{ id: 'a', online: false }, { id: 'b', online: false }]);
    const read = slowRead<Speaker[]>();
    const reading = client.fetchQuery({ queryKey: ['speakers'], queryFn: read.read });

    applyEvent(client, ['speakers'], online('a'));
    expect(client.getQueryData<Speaker[]>(['speakers'])?.find((s) => s.id === 'a')?.online).toBe(true);
    // The server read its state before speaker a came online.
    read.answer([{ id: 'a', online: false }, { id: 'b', online: false }, { id: 'c', online: false }]);
    await reading;
    expect(client.getQueryData<Speaker[]>(['speakers'])).toEqual([{ id: 'a', online: true }, { id: 'b', online: false }, { id: 'c', online: false }]);

    // Once applied, an event is not applied again to a later read.
    await client.fetchQuery({ queryKey: ['speakers'], queryFn: async () => [{ id: 'a', online: false }] });
    expect(client.getQueryData<Speaker[]>(['speakers'])).toEqual([{ id: 'a', online: false }]);
  });

  it('leave the patched data when the read fails, and reach every query under a key when not exact', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<Speaker[]>(['area', { id: '1' }], [{ id: 'a', online: false }]);
    client.setQueryData<Speaker[]>(['area', { id: '2' }], [{ id: 'b', online: false }]);
    const read = slowRead<Speaker[]>();
    const reading = client.fetchQuery({ queryKey: ['area', { id: '1' }], queryFn: read.read }).catch(() => null);
    applyEvent(client, ['area'], online('a'), { exact: false });
    applyEvent(client, ['area'], online('b'), { exact: false });
    read.fail(new Error('offline'));
    await reading;
    expect(client.getQueryData(['area', { id: '1' }])).toEqual([{ id: 'a', online: true }]);
    expect(client.getQueryData(['area', { id: '2' }])).toEqual([{ id: 'b', online: true }]);
  });

  it('are read again on request only where marked as kept by the socket', async () => {
    const client = new QueryClient();
    const reads: string[] = [];
    const observe = (key: string, meta?: Record<string, unknown>) => client.fetchQuery({ queryKey: [key], queryFn: async () => reads.push(key), meta });
    await observe('live', SOCKET_KEPT);
    await observe('programmes');
    await refreshSocketKept(client);
    expect(client.getQueryState(['live'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['programmes'])?.isInvalidated).toBe(false);
  });
});
