import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemLogEntry } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { typeDate } from '../../test/pickerInput';

const viewer = makeUser({ quyenhan: [{ value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' }] });
const entry = (id: string, overrides: Partial<SystemLogEntry> = {}): SystemLogEntry => ({
  _id: id, thoigian: '2025-03-04T02:05:06.000Z', nguoidung: { _id: 'u-1', tentaikhoan: 'canbo.xa' }, hanhdong: 'dang-nhap', doituong: { loai: null, id: null }, diaban: null, chitiet: null, ip: '10.0.0.7', ketqua: 'ok', ...overrides,
});
const page = (items: SystemLogEntry[], tieptheo: string | null) => ({ status: 200, body: { data: { items, tieptheo } } });

describe('/nhat-ky-he-thong', () => {
  it('shows who, the action label, target, IP and outcome, and pages with sau', async () => {
    const server = fakeServer({
      'GET /v1/client/thietbi': { status: 200, body: { data: [] } },
      'GET /v1/client/nhatky?sodong=50': page([entry('9'), entry('8', { hanhdong: 'them-thiet-bi', doituong: { loai: 'thietbi', id: 'd-1' }, chitiet: { serial: 'SN-7', amluong: 40 }, ketqua: 'denied' })], '8'),
      'GET /v1/client/nhatky?sodong=50&sau=8': page([entry('7', { hanhdong: 'phat-ngay', ketqua: 'failed' })], null),
    });
    renderApp('/nhat-ky-he-thong', { user: viewer });
    // The first render loads the screen's code: no tight deadline on a loaded machine.
    const rows = await screen.findAllByTestId('log-row', {}, { timeout: 10_000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('canbo.xa');
    expect(rows[0]).toHaveTextContent('Đăng nhập');
    expect(rows[0]).toHaveTextContent('10.0.0.7');
    expect(rows[0]).toHaveTextContent(/\d{2}:\d{2}:\d{2} - 04\/03\/2025/);
    expect(within(rows[1]!).getByText('Thêm thiết bị')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Thiết bị')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Bị từ chối')).toBeInTheDocument();
    // Neither the target's id nor JSON details: readable details under the action.
    expect(rows[1]).not.toHaveTextContent('d-1');
    expect(rows[1]).toHaveTextContent('Số sê-ri: SN-7; Âm lượng: 40');

    await userEvent.click(screen.getByRole('button', { name: 'Tải thêm' }));
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(3));
    expect(screen.getAllByTestId('log-row')[2]).toHaveTextContent('Phát ngay (khẩn cấp)');
    expect(screen.getByText('Thất bại')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tải thêm' })).toBeNull();
    expect(server.calls.filter((c) => c.path.startsWith('/v1/client/nhatky')).map((c) => c.path)).toEqual(['/v1/client/nhatky?sodong=50', '/v1/client/nhatky?sodong=50&sau=8']);
  });

  it('applies the filters to the query, restarts the pages and points the CSV link at them', async () => {
    const server = fakeServer({
      'GET /v1/client/thietbi': { status: 200, body: { data: [] } },
      'GET /v1/client/nhatky?sodong=50': page([entry('9')], '9'),
      'GET /v1/client/nhatky?nguoidung=admin&hanhdong=xoa-tai-khoan&tu=2025-03-01&den=2025-03-31&sodong=50': page([entry('3', { hanhdong: 'xoa-tai-khoan', nguoidung: { _id: 'u-0', tentaikhoan: 'admin' } })], null),
    });
    renderApp('/nhat-ky-he-thong', { user: viewer });
    await screen.findAllByTestId('log-row');
    fireEvent.change(screen.getByLabelText('Người dùng'), { target: { value: 'admin' } });
    await userEvent.selectOptions(screen.getByLabelText('Hành động'), 'xoa-tai-khoan');
    typeDate('Từ ngày', '2025-03-01');
    typeDate('Đến ngày', '2025-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Lọc' }));
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(1));
    expect(screen.getByTestId('log-row')).toHaveTextContent('Xoá tài khoản');
    expect(server.calls.at(-1)?.path).toContain('hanhdong=xoa-tai-khoan');
    // The export goes through the API client (issue #32 item 12), with the filters applied.
    await userEvent.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await waitFor(() => expect(server.calls.at(-1)?.path).toBe('/v1/client/nhatky/xuatcsv?nguoidung=admin&hanhdong=xoa-tai-khoan&tu=2025-03-01&den=2025-03-31'));
  }, 15_000);

  it('refuses a start date after the end date without asking the server', async () => {
    const server = fakeServer({ 'GET /v1/client/thietbi': { status: 200, body: { data: [] } }, 'GET /v1/client/nhatky?sodong=50': page([], null) });
    renderApp('/nhat-ky-he-thong', { user: viewer });
    await screen.findByText('Không có mục nhật ký nào phù hợp.');
    typeDate('Từ ngày', '2025-05-02');
    typeDate('Đến ngày', '2025-05-01');
    expect(screen.getByRole('button', { name: 'Lọc' })).toBeDisabled();
    expect(screen.getByText('Ngày bắt đầu phải trước ngày kết thúc!')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/v1/client/nhatky'))).toHaveLength(1);
  });

  it('says the right is missing without xemnhatky', async () => {
    fakeServer({});
    renderApp('/nhat-ky-he-thong', { user: makeUser() });
    expect(await screen.findByTestId('no-right')).toHaveTextContent('Xem nhật ký hệ thống');
  });
});
