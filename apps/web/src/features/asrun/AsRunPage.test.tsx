import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS, vnIsoDay, type AsRunReport, type AsRunRow } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';
import { pickerInput, typeDate } from '../../test/pickerInput';

const officer = makeUser({ quyenhan: [{ value: 'themsuaxoalichphat', quyen: 'Soạn, sửa, xoá và phát chương trình' }] });
const today = vnIsoDay(Date.now());
// 07:00:00 and 07:00:02 on 4 March 2025, Vietnam time.
const at7 = Date.parse('2025-03-04T00:00:00Z');
const row = (id: string, overrides: Partial<AsRunRow> = {}): AsRunRow => ({
  _id: id, ngay: '2025-03-04', diaban: { _id: 'xa-a', tendiaban: 'Xã Hải An' }, hinhthuc: 'phatngay', idphien: `p-${id}`, idlichphat: null, tieude: 'Tin lũ sáng',
  loaibantin: 2, nguoitao: { _id: 'u-1', hoten: 'Nguyễn Văn An' }, giodukien: at7, batdau: at7 + 2000, ketthuc: at7 + 62_000, thoiluong: 60,
  sothietbi: 3, sodaphat: 2, soloi: 0, sobingat: 0, songoaituyen: 1, sobaosau: 0, ketqua: 'daphat', lydo: '1 loa ngoại tuyến lúc bắt đầu phát', ...overrides,
});
const answer = (items: AsRunRow[], tu = today) => {
  const tomtat: Record<string, number> = {};
  for (const r of items) tomtat[r.ketqua] = (tomtat[r.ketqua] ?? 0) + 1;
  return { status: 200, body: { data: { tu, den: tu, items, tomtat } satisfies AsRunReport } };
};
const areas = { status: 200, body: { data: [{ _id: 'huyen', tendiaban: 'Huyện Hải Lăng', cap: 'huyen', idcha: null }, { _id: 'xa-a', tendiaban: 'Xã Hải An', cap: 'xa', idcha: 'huyen' }] } };

describe('/nhat-ky-phat-song', () => {
  it('opens on today: one row per programme and commune, with speakers, outcome, reason, a summary and both exports', async () => {
    fakeServer({
      'GET /v1/client/thietbi': areas,
      [`GET /v1/client/nhatkyphatsong?tu=${today}`]: answer([
        row('1'),
        row('2', { hinhthuc: 'phatlich', idphien: null, idlichphat: 's-1', tieude: 'Bản tin chiều', loaibantin: 1, batdau: null, ketthuc: null, sodaphat: 0, songoaituyen: 0, ketqua: 'bolo', lydo: 'Chưa được duyệt trước giờ phát' }),
      ]),
    });
    renderApp('/nhat-ky-phat-song', { user: officer });
    const rows = await screen.findAllByTestId('asrun-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('04/03/2025');
    expect(rows[0]).toHaveTextContent('Xã Hải An');
    expect(rows[0]).toHaveTextContent('07:00:00');
    expect(rows[0]).toHaveTextContent('07:00:02 – 07:01:02');
    expect(rows[0]).toHaveTextContent('Phát ngay · Thông tin đột xuất · Nguyễn Văn An');
    expect(within(rows[0]!).getByTestId('asrun-speakers')).toHaveTextContent('2 / 3');
    expect(rows[0]).toHaveTextContent('1 ngoại tuyến');
    expect(within(rows[0]!).getByText('Đã phát')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Theo lịch · Thông tin chung');
    expect(within(rows[1]!).getByText('Bỏ lỡ')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Chưa được duyệt trước giờ phát');
    const summary = screen.getByRole('group', { name: 'Tóm tắt theo kết quả' });
    expect(summary).toHaveTextContent('2 dòng');
    expect(within(summary).getByText('Đã phát: 1')).toBeInTheDocument();
    expect(within(summary).getByText('Bỏ lỡ: 1')).toBeInTheDocument();
    // Exports go through the API client (issue #32 item 12): buttons, not plain links.
    expect(screen.queryByRole('link', { name: 'Xuất CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeEnabled();
    expect(pickerInput('Từ ngày')).toHaveValue(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
  });

  it('applies a range, area, message type, kind and outcome to the query and to both exports', async () => {
    const query = 'tu=2025-03-01&den=2025-03-04&diaban=xa-a&loaibantin=2&hinhthuc=phatngay&ketqua=bidung';
    const server = fakeServer({
      'GET /v1/client/thietbi': areas,
      [`GET /v1/client/nhatkyphatsong?tu=${today}`]: answer([row('1')]),
      [`GET /v1/client/nhatkyphatsong?${query}`]: answer([row('3', { ketqua: 'bidung', lydo: 'Dừng bởi Trần Bình lúc 07:00:30' })], '2025-03-01'),
    });
    renderApp('/nhat-ky-phat-song', { user: officer });
    await screen.findAllByTestId('asrun-row');
    await screen.findByRole('option', { name: /Xã Hải An/ });
    typeDate('Từ ngày', '2025-03-01');
    typeDate('Đến ngày', '2025-03-04');
    await userEvent.selectOptions(screen.getByLabelText('Địa bàn'), 'xa-a');
    await userEvent.selectOptions(screen.getByLabelText('Loại bản tin'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Hình thức'), 'phatngay');
    await userEvent.selectOptions(screen.getByLabelText('Kết quả'), 'bidung');
    await userEvent.click(screen.getByRole('button', { name: 'Lọc' }));
    await waitFor(() => expect(screen.getByTestId('asrun-row')).toHaveTextContent('Dừng bởi Trần Bình lúc 07:00:30'));
    expect(server.calls.at(-1)?.path).toBe(`/v1/client/nhatkyphatsong?${query}`);
    await userEvent.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(server.calls.map((c) => c.path)).toEqual(expect.arrayContaining([`/v1/client/nhatkyphatsong/xuatcsv?${query}`, `/v1/client/nhatkyphatsong/xuatxlsx?${query}`])));
  }, 15_000);

  it('says when nothing matches, refuses an inverted range without asking, and reloads when a broadcast changes', async () => {
    const socket = fakeSocket();
    let answers = 0;
    const server = fakeServer({
      'GET /v1/client/thietbi': areas,
      [`GET /v1/client/nhatkyphatsong?tu=${today}`]: () => (answers++ === 0 ? answer([]) : answer([row('1', { ketqua: 'dangphat', lydo: null })])),
    });
    renderApp('/nhat-ky-phat-song', { user: officer, socketFactory: socket.factory });
    expect(await screen.findByText('Không có chương trình nào trong ngày và bộ lọc đã chọn.')).toBeInTheDocument();
    typeDate('Đến ngày', '2000-01-01');
    expect(screen.getByRole('button', { name: 'Lọc' })).toBeDisabled();
    expect(screen.getByText('Ngày bắt đầu phải trước ngày kết thúc!')).toBeInTheDocument();
    const asked = () => server.calls.filter((c) => c.path.startsWith('/v1/client/nhatkyphatsong')).length;
    expect(asked()).toBe(1);
    act(() => socket.emit(EVENTS.playState, { trangthai: true, idlichphat: 'p-1' }));
    expect(await screen.findByText('Đang phát')).toBeInTheDocument();
    expect(asked()).toBe(2);
  });

  it('says the right is missing without themsuaxoalichphat', async () => {
    fakeServer({});
    renderApp('/nhat-ky-phat-song', { user: makeUser({ quyenhan: [{ value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' }] }) });
    expect(await screen.findByTestId('no-right')).toHaveTextContent('Soạn, sửa, xoá và phát chương trình');
  });
});
