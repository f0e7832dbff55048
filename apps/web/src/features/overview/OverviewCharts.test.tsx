import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '../../i18n/I18nProvider';
import { BroadcastsByTypeChart } from './BroadcastsByTypeChart';
import { DevicesByAreaChart } from './DevicesByAreaChart';

const inVietnamese = (ui: React.ReactNode) => render(<I18nProvider locale="vi">{ui}</I18nProvider>);

describe('overview charts', () => {
  it('draws one stacked bar per area, largest first, with its numbers', () => {
    inVietnamese(
      <DevicesByAreaChart areas={[
        { _id: 'xa-2', tendiaban: 'Xã Hải An', online: 1, offline: 0, dangphat: 0 },
        { _id: 'xa-1', tendiaban: 'Xã Tân Lập', online: 3, offline: 1, dangphat: 2 },
      ]} />,
    );
    const bars = screen.getAllByTestId('area-bar');
    expect(bars.map((b) => b.dataset.area)).toEqual(['xa-1', 'xa-2']);
    expect(within(bars[0]!).getByRole('img', { name: 'Xã Tân Lập: 3 trực tuyến, 1 mất kết nối, 2 đang phát' })).toBeInTheDocument();
    expect(bars[0]).toHaveTextContent('3/4');
    const parts = bars[0]!.querySelectorAll('[data-part]');
    expect([...parts].map((p) => p.getAttribute('data-part'))).toEqual(['playing', 'online', 'offline']);
    expect(within(bars[1]!).getByRole('img')).toHaveStyle({ width: '25%' });
  });

  it('shows today and this week by the six message types', () => {
    inVietnamese(<BroadcastsByTypeChart today={{ tong: 3, theoloai: { '1': 2, '2': 1 } }} week={{ tong: 9, theoloai: { '1': 5, '6': 4 } }} />);
    const today = screen.getByTestId('broadcasts-today');
    expect(today).toHaveTextContent('Hôm nay (3)');
    expect(within(today).getAllByRole('img')).toHaveLength(6);
    expect(within(today).getByRole('img', { name: 'Thông tin chung: 2' })).toBeInTheDocument();
    expect(within(today).getByRole('img', { name: 'Gương người tốt, việc tốt: 0' })).toBeInTheDocument();
    const week = screen.getByTestId('broadcasts-week');
    expect(week).toHaveTextContent('Tuần này (9)');
    expect(within(week).getByRole('img', { name: 'Gương người tốt, việc tốt: 4' })).toBeInTheDocument();
  });
});
