import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverviewCharts } from '@loa/contract';
import { I18nProvider } from '../../i18n/I18nProvider';
import { BroadcastsByTypeChart } from './BroadcastsByTypeChart';
import { BulletinsPerDayChart } from './BulletinsPerDayChart';
import { CompletionChart } from './CompletionChart';
import { DevicesByAreaChart } from './DevicesByAreaChart';
import { OnlineSpeakersChart } from './OnlineSpeakersChart';
import { TopOfflineTable } from './TopOfflineTable';
import { countAxis } from './countAxis';

const inVietnamese = (ui: React.ReactNode) => render(<I18nProvider locale="vi">{ui}</I18nProvider>);
const tableRows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));

describe('overview charts', () => {
  it('shows every area holding devices, largest first, in the screen-reader table (none left out)', () => {
    const areas = Array.from({ length: 14 }, (_, i) => ({ _id: `xa-${i}`, tendiaban: `Xã ${String(i).padStart(2, '0')}`, online: i, offline: 1, dangphat: i > 10 ? 1 : 0 }));
    inVietnamese(<DevicesByAreaChart areas={areas} areaCount={14} />);
    const rows = tableRows('area-table');
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual(['Xã 13', '13', '1', '1']);
    expect(rows.at(-1)).toEqual(['Xã 00', '0', '1', '0']);
    expect(screen.getByTestId('area-summary')).toHaveTextContent('Cả 14 địa bàn đều có thiết bị.');
  });

  it('does not claim every area holds devices when one (the district) holds none', () => {
    const areas = Array.from({ length: 14 }, (_, i) => ({ _id: `xa-${i}`, tendiaban: `Xã ${i}`, online: 1, offline: 0, dangphat: 0 }));
    inVietnamese(<DevicesByAreaChart areas={areas} areaCount={15} />);
    expect(screen.getByTestId('area-summary')).toHaveTextContent('14 trên 15 địa bàn có thiết bị.');
  });

  it('reads whole counts on its axes, 0 to 1 when everything is zero', () => {
    const zero = countAxis([0, 0, 0]);
    expect(zero).toMatchObject({ min: 0, max: 1, tickMinStep: 1 });
    expect([0, 0.2, 0.5, 1].map((v) => zero.valueFormatter(v))).toEqual(['0', '', '', '1']);
    expect(countAxis([3, 7]).max).toBeUndefined();
  });

  it('says there is no data yet before any speaker was registered, and leaves those instants out of the lowest point', () => {
    const at = Date.UTC(2026, 10, 2, 1, 0);
    const empty = [{ thoidiem: at, online: 0, tong: 0 }, { thoidiem: at + 3600_000, online: 0, tong: 0 }];
    const { unmount } = inVietnamese(<OnlineSpeakersChart day={empty} week={empty} />);
    expect(screen.getByTestId('online-summary')).toHaveTextContent('Chưa có dữ liệu');
    unmount();
    const day = [{ thoidiem: at, online: 0, tong: 0 }, { thoidiem: at + 3600_000, online: 2, tong: 3 }, { thoidiem: at + 7200_000, online: 3, tong: 3 }];
    inVietnamese(<OnlineSpeakersChart day={day} week={day} />);
    expect(screen.getByTestId('online-summary')).toHaveTextContent('Hiện có 3/3 loa trực tuyến; thấp nhất 2/3 lúc 09:00.');
  });

  it('counts bulletins per day by message type and this month’s total', () => {
    const days: OverviewCharts['bantintheongay'] = [
      { ngay: '2026-10-31', tong: 4, theoloai: { 1: 4 } },
      { ngay: '2026-11-01', tong: 2, theoloai: { 1: 1, 6: 1 } },
      { ngay: '2026-11-02', tong: 1, theoloai: { 2: 1 } },
    ];
    inVietnamese(<BulletinsPerDayChart days={days} />);
    expect(screen.getByTestId('bulletins-summary')).toHaveTextContent('Tháng này: 3 bản tin trong 2 ngày (trung bình 1.5/ngày); 30 ngày qua: 7.');
    expect(tableRows('bulletins-table')).toEqual([
      ['31/10/2026', '4', '4', '0', '0', '0', '0', '0'],
      ['01/11/2026', '2', '1', '0', '0', '0', '0', '1'],
      ['02/11/2026', '1', '0', '1', '0', '0', '0', '0'],
    ]);
  });

  it('follows speakers online in Vietnam time over 24 hours or 7 days, naming the lowest point', async () => {
    const at = Date.UTC(2026, 10, 2, 1, 0); // 08:00 in Vietnam
    const day = [{ thoidiem: at, online: 3, tong: 4 }, { thoidiem: at + 3600_000, online: 1, tong: 4 }, { thoidiem: at + 7200_000, online: 4, tong: 4 }];
    const week = [{ thoidiem: at, online: 2, tong: 4 }, { thoidiem: at + 6 * 3600_000, online: 4, tong: 4 }];
    inVietnamese(<OnlineSpeakersChart day={day} week={week} />);
    expect(screen.getByTestId('online-summary')).toHaveTextContent('Hiện có 4/4 loa trực tuyến; thấp nhất 1/4 lúc 09:00.');
    expect(tableRows('online-table')[0]).toEqual(['08:00', '3', '4']);
    await userEvent.click(screen.getByRole('button', { name: '7 ngày' }));
    expect(tableRows('online-table')).toEqual([['02/11/2026 08:00', '2', '4'], ['02/11/2026 14:00', '4', '4']]);
  });

  it('names the communes that missed scheduled plays, and says when the right is missing', () => {
    const completion = {
      tu: '2026-11-01', den: '2026-11-07',
      items: [
        { _id: 'a', tendiaban: 'Xã Hải An', solan: 3, bolo: 1, kehoach: 6, daphat: 4 },
        { _id: 'b', tendiaban: 'Xã Tân Lập', solan: 3, bolo: 0, kehoach: 3, daphat: 3 },
      ],
    };
    inVietnamese(<CompletionChart completion={completion} />);
    expect(screen.getByTestId('completion-missing')).toHaveTextContent('Từ 01/11 đến 07/11, 1/2 xã chưa phát đủ lịch: Xã Hải An (4/6, bỏ lỡ 1 lần).');
    expect(tableRows('completion-table')).toEqual([['Xã Hải An', '3', '1', '6', '4'], ['Xã Tân Lập', '3', '0', '3', '3']]);
  });

  it('says so when the account may not see schedule completion', () => {
    inVietnamese(<CompletionChart completion={null} />);
    expect(screen.getByText('Cần quyền soạn chương trình để xem kết quả thực hiện lịch phát.')).toBeInTheDocument();
  });

  it('lists the longest offline speakers with how long, and those offline now', () => {
    inVietnamese(<TopOfflineTable items={[
      { _id: 'd1', tenthietbi: 'Loa chợ', tendiaban: 'Xã Hải An', giayngoaituyen: 2 * 86_400 + 3 * 3600 + 59, dangngoaituyen: true },
      { _id: 'd2', tenthietbi: 'Loa đình', tendiaban: 'Xã Tân Lập', giayngoaituyen: 3 * 3600 + 20 * 60, dangngoaituyen: false },
    ]} />);
    const rows = screen.getAllByTestId('offline-row');
    expect(rows[0]).toHaveTextContent('Loa chợĐang mất kết nối');
    expect(rows[0]).toHaveTextContent('2 ngày 3 giờ');
    expect(within(rows[1]!).queryByText('Đang mất kết nối')).toBeNull();
    expect(rows[1]).toHaveTextContent('3 giờ 20 phút');
  });

  it('never says "0 phút": a speaker that just went offline says so, a short outage gives its seconds', () => {
    inVietnamese(<TopOfflineTable items={[
      { _id: 'd1', tenthietbi: 'Loa chợ', tendiaban: 'Xã Hải An', giayngoaituyen: 12, dangngoaituyen: true },
      { _id: 'd2', tenthietbi: 'Loa đình', tendiaban: 'Xã Tân Lập', giayngoaituyen: 45, dangngoaituyen: false },
    ]} />);
    const rows = screen.getAllByTestId('offline-row');
    expect(rows[0]).toHaveTextContent('Vừa mất kết nối');
    expect(rows[1]).toHaveTextContent('45 giây');
    expect(screen.queryByText('0 phút')).toBeNull();
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
