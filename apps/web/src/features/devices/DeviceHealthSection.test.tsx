import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RIGHTS } from '@loa/contract';
import { AREAS, giveElementsASize, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ALL_DEVICES_LIMIT } from './api';

const LIST = `GET /v1/client/thietbi/danhsachthietbi?limit=${ALL_DEVICES_LIMIT}&sort=tenthietbi&order=asc`;
const manager = makeUser({ quyenhan: RIGHTS.filter((r) => r.value === 'quanlythietbi') });

describe('device detail: box health (issue #31)', () => {
  it('shows the box\'s health with Vietnamese labels and names the thresholds crossed', async () => {
    giveElementsASize();
    const hot = makeSpeaker({ _id: 'd-hot', tenthietbi: 'Loa nóng' }, {
      suckhoe: { nhietdo: 83.5, odiatrong: 7.2, bonhotrong: 40, thoigianchay: 93_784, phienban: '0.2.0', tinhieumodem: 67, nhamang: 'Viettel', canhbao: ['nhietdo', 'odia'], luc: 1_763_700_000 },
    });
    const quiet = makeSpeaker({ _id: 'd-old', tenthietbi: 'Loa cũ' });
    fakeServer({ [LIST]: { status: 200, body: { data: { items: [hot, quiet], total: 2 } } }, 'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } } });
    const view = renderApp('/quan-ly-thiet-bi?id=d-hot', { user: manager });
    const health = await screen.findByTestId('device-health');
    expect(within(health).getByTestId('device-health-faults')).toHaveTextContent('Nhiệt độ CPU quá cao · Ổ đĩa sắp đầy');
    const value = (label: string) => within(health).getByText(label).nextElementSibling;
    expect(value('Nhiệt độ CPU')).toHaveTextContent('83,5 °C');
    expect(value('Ổ đĩa còn trống')).toHaveTextContent('7,2 %');
    expect(value('Bộ nhớ còn trống')).toHaveTextContent('40 %');
    expect(value('Thời gian chạy')).toHaveTextContent('1 ngày 2 giờ 3 phút');
    expect(value('Phiên bản phần mềm loa')).toHaveTextContent('0.2.0');
    expect(value('Sóng di động')).toHaveTextContent('67 %');
    expect(value('Nhà mạng')).toHaveTextContent('Viettel');

    // A speaker that does not report its health says so.
    await view.router.navigate('/quan-ly-thiet-bi?id=d-old');
    expect(await screen.findByText('Thiết bị chưa báo tình trạng phần cứng.')).toBeInTheDocument();
  });
});
