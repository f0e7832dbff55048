import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { I18nProvider } from '../../i18n/I18nProvider';
import { MenuList } from './MenuList';
import type { MenuNode } from './menuItems';

const model: MenuNode[] = [
  { type: 'group', id: 'g', titleId: 'nav.devices', icon: DashboardIcon, children: [{ type: 'item', id: 'c', titleId: 'nav.deviceConfig', icon: DashboardIcon, path: '/cau-hinh-thiet-bi' }] },
  { type: 'notification', id: 'n', titleId: 'nav.invitations', icon: DashboardIcon, path: '/loi-moi', badge: 2 },
];

describe('menu model', () => {
  it('collapses groups and shows the notification badge', async () => {
    render(
      <MemoryRouter initialEntries={['/tong-quan']}>
        <I18nProvider locale="vi"><MenuList nodes={model} /></I18nProvider>
      </MemoryRouter>,
    );
    const group = screen.getByRole('button', { name: 'Quản lý thiết bị' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Cấu hình thiết bị' })).toBeNull();
    await userEvent.click(group);
    expect(screen.getByRole('link', { name: 'Cấu hình thiết bị' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lời mời/ })).toHaveTextContent('2');
  });
});
