import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@loa/contract';
import { applyEvent } from '../../lib/query/socketKept';
import type { NotificationPage } from './api';
import { withNewNotification } from './newNotification';

const note = (id: string, dadoc = false): Notification => ({
  _id: id, loai: 'thietbi-matketnoi', tieude: `Thiết bị ${id} mất kết nối`, noidung: '', lienket: null, doituong: null, dadoc, thoigian: '2026-11-27T02:05:06.000Z',
});
const page = (items: Notification[], chuadoc: number): NotificationPage => ({ items, chuadoc, tieptheo: null });
const ids = (p: NotificationPage | undefined) => p?.items.map((n) => n._id);

describe('a new notification on the latest page', () => {
  it('goes on top and counts once if unread; the same one again changes nothing; one already read is not counted', () => {
    const once = withNewNotification(note('3'), 3)(page([note('2'), note('1', true)], 1));
    expect(ids(once)).toEqual(['3', '2', '1']);
    expect(once?.chuadoc).toBe(2);
    expect(withNewNotification(note('3'), 3)(once)).toBe(once);
    const full = withNewNotification(note('4', true), 3)(once);
    expect(ids(full)).toEqual(['4', '3', '2']);
    expect(full?.chuadoc).toBe(2);
  });

  it('made while the list is being read is in the list the read brings, counted once whether the read saw it or not', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['latest'];
    client.setQueryData(key, page([note('1')], 1));
    for (const readSawIt of [false, true]) {
      let answer!: (p: NotificationPage) => void;
      const reading = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<NotificationPage>((resolve) => (answer = resolve)) });
      const fresh = note(readSawIt ? '3' : '2');
      applyEvent(client, key, withNewNotification(fresh, 10));
      const before = readSawIt ? [note('2'), note('1')] : [note('1')];
      // The server's answer: from before the notification was made, or from after (it holds it, counted).
      answer(readSawIt ? page([fresh, ...before], 3) : page(before, 1));
      await reading;
      expect(ids(client.getQueryData<NotificationPage>(key))).toEqual(readSawIt ? ['3', '2', '1'] : ['2', '1']);
      expect(client.getQueryData<NotificationPage>(key)?.chuadoc).toBe(readSawIt ? 3 : 2);
    }
  });
});
