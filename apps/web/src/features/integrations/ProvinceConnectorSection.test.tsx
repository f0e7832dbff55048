import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RIGHTS, type ProvinceConnector } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ quyenhan: RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen })) });
const at = Date.parse('2026-03-04T01:00:00Z');
const failing: ProvinceConnector = {
  cauhinh: true, diachi: 'https://httt.quangtri.gov.vn/api/', mahethong: 'loa-hai-lang', tinhtrang: 'loi',
  lanthanhcongcuoi: at, loicuoi: 'Không gửi được: Không kết nối được tới máy nhận.', lanloicuoi: at + 60_000,
  socho: 1, soloi: 1, sodagui24h: 42, chocunhat: at + 30_000,
  thongdiep: [
    { _id: '7', idthongdiep: 'a', loai: 'thietbi', thaotac: 'them', doituong: 'Loa chợ Hải An', trangthai: 'loi', solanthu: 1, loicuoi: 'Hệ thống thông tin nguồn từ chối: Số sê-ri đã được đăng ký', ngaytao: at, lanthutiep: null, ngaygui: null },
    { _id: '8', idthongdiep: 'b', loai: 'bantin', thaotac: 'huy', doituong: 'Bản tin sáng', trangthai: 'cho', solanthu: 3, loicuoi: 'Không gửi được: Không kết nối được tới máy nhận.', ngaytao: at + 30_000, lanthutiep: at + 90_000, ngaygui: null },
  ],
};

describe('/ket-noi, province connector', () => {
  it('shows a failing connection, its queue and last errors; retries one message, all, and pushes everything again', async () => {
    const server = fakeServer({
      'GET /v1/client/khoaapi/danhsach': { status: 200, body: { data: [] } },
      'GET /v1/client/ketnoi/httt-nguon': { status: 200, body: { data: failing } },
      'POST /v1/client/ketnoi/httt-nguon/guilai': (body) => ({ status: 200, body: { data: { soluong: (body as { id?: string }).id ? 1 : 2 } } }),
      'POST /v1/client/ketnoi/httt-nguon/dongbo': { status: 200, body: { data: { sodiaban: 3, sothietbi: 12 } } },
    });
    renderApp('/ket-noi', { user: admin });
    const section = await screen.findByRole('region', { name: 'Hệ thống thông tin nguồn cấp tỉnh' });
    const state = await within(section).findByTestId('province-state');
    expect(within(state).getByText('Lỗi kết nối')).toBeInTheDocument();
    expect(state).toHaveTextContent('https://httt.quangtri.gov.vn/api/');
    expect(state).toHaveTextContent('loa-hai-lang');
    expect(state).toHaveTextContent('Lỗi gần nhất');
    expect(state).toHaveTextContent('Không kết nối được tới máy nhận.');
    expect(state).toHaveTextContent('42');
    const rows = within(section).getAllByTestId('province-message');
    expect(rows[0]).toHaveTextContent('Thiết bị');
    expect(rows[0]).toHaveTextContent('Loa chợ Hải An');
    expect(rows[0]).toHaveTextContent('Bị từ chối');
    expect(rows[0]).toHaveTextContent('Số sê-ri đã được đăng ký');
    expect(rows[1]).toHaveTextContent('Bản tin');
    expect(rows[1]).toHaveTextContent('Huỷ');
    expect(rows[1]).toHaveTextContent('Gửi tiếp lúc');

    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Gửi lại' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path.endsWith('/guilai') && (c.body as { id?: string }).id === '7')).toBe(true));
    expect(await screen.findByText('Đã đưa 1 thông điệp vào lượt gửi ngay.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Gửi lại ngay' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/guilai') && (c.body as { id?: string }).id === undefined)).toBe(true));

    await userEvent.click(within(section).getByRole('button', { name: 'Đồng bộ toàn bộ' }));
    const confirm = await screen.findByRole('dialog', { name: 'Đồng bộ toàn bộ' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Đồng bộ toàn bộ' }));
    expect(await screen.findByText('Đã xếp 3 địa bàn và 12 thiết bị vào hàng đợi gửi.')).toBeInTheDocument();
  });

  it('says how to configure the connection when it is not set', async () => {
    fakeServer({
      'GET /v1/client/khoaapi/danhsach': { status: 200, body: { data: [] } },
      'GET /v1/client/ketnoi/httt-nguon': { status: 200, body: { data: { ...failing, cauhinh: false, diachi: null, mahethong: null, tinhtrang: 'tat', thongdiep: [] } } },
    });
    renderApp('/ket-noi', { user: admin });
    expect(await screen.findByText(/Chưa cấu hình kết nối: quản trị hệ thống đặt HTTT_NGUON_URL/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gửi lại ngay' })).not.toBeInTheDocument();
  });
});
