import { describe, expect, it } from 'vitest';
import { MENU, visibleMenu } from './menuItems';

describe('visible menu', () => {
  it('leaves out items whose right the user lacks', () => {
    const ids = visibleMenu(MENU, ['themsuaxoalichphat'], 0).map((n) => n.id);
    expect(ids).not.toContain('accounts');
    expect(ids).not.toContain('system-log');
    expect(ids).toContain('guide');
    expect(visibleMenu(MENU, ['quanlytaikhoan', 'xemnhatky'], 0).map((n) => n.id)).toEqual(expect.arrayContaining(['accounts', 'system-log']));
  });

  it('shows the as-run record to those who compose and send programmes, after the schedules', () => {
    expect(visibleMenu(MENU, ['themsuaxoalichphat'], 0).map((n) => n.id).slice(2, 4)).toEqual(['schedules', 'as-run']);
    expect(visibleMenu(MENU, ['xemnhatky'], 0).map((n) => n.id)).not.toContain('as-run');
  });

  it('puts the unread count on the notification item', () => {
    const item = visibleMenu(MENU, [], 7).find((n) => n.type === 'notification');
    expect(item).toMatchObject({ path: '/thong-bao', badge: 7 });
  });

  it('shows Kết nối only to administrators who manage accounts', () => {
    expect(visibleMenu(MENU, ['quanlytaikhoan'], 0, true).map((n) => n.id)).toContain('integrations');
    expect(visibleMenu(MENU, ['quanlytaikhoan'], 0, false).map((n) => n.id)).not.toContain('integrations');
    expect(visibleMenu(MENU, ['xemnhatky'], 0, true).map((n) => n.id)).not.toContain('integrations');
  });
});
