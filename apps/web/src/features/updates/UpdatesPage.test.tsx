import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS, RIGHTS, UPDATE_MESSAGES, type Rollout } from '@loa/contract';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ALL_DEVICES_LIMIT } from '../devices/api';

const manager = makeUser({ quyenhan: RIGHTS.filter((r) => r.value === 'quanlythietbi') });
const counts = (o: Partial<Rollout['dem']>): Rollout['dem'] => ({ cho: 0, dagui: 0, xong: 0, loi: 0, tuquaylai: 0, huy: 0, ...o });
const rollout: Rollout = {
  _id: 'r-1', phienban: '0.2.0', trangthai: 'dangchay', batbuoc: false, lydo: null, giaidoan: 2, sogiaidoan: 3, tong: 3,
  dem: counts({ xong: 1, dagui: 2 }), nguoitao: 'Quản trị', ngaytao: '2026-11-28T08:00:00.000Z',
  theodiaban: [
    { diaban: { _id: 'xa-a', tendiaban: 'Xã Cam Thành' }, tong: 1, dem: counts({ xong: 1 }) },
    { diaban: { _id: 'xa-b', tendiaban: 'Xã Cam Hiếu' }, tong: 2, dem: counts({ dagui: 2 }) },
  ],
  loi: [],
};

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [`GET /v1/client/thietbi/danhsachthietbi?limit=${ALL_DEVICES_LIMIT}&sort=tenthietbi&order=asc`]: { status: 200, body: { data: { items: [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' })], total: 1 } } },
    'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } },
    'GET /v1/client/capnhat/goi/danhsach': { status: 200, body: { data: [{ _id: 'p-1', phienban: '0.2.0', kientruc: 'arm64', kichthuoc: 900_000, sha256: 'a'.repeat(64), nguoitai: 'admin', ngaytao: '2026-11-28T07:00:00.000Z' }] } },
    'GET /v1/client/capnhat/trienkhai/danhsach': { status: 200, body: { data: [rollout] } },
    ...extra,
  });
}

describe('/cap-nhat-phan-mem', () => {
  it('shows each rollout with its stage and its progress per area, and pauses it only after confirmation', { timeout: 30_000 }, async () => {
    const server = serve({ 'POST /v1/client/capnhat/trienkhai/tamdung': { status: 200, body: { data: { ...rollout, trangthai: 'tamdung' } } } });
    renderApp('/cap-nhat-phan-mem', { user: manager });
    const card = await screen.findByLabelText('Phiên bản 0.2.0', {}, { timeout: 15_000 });
    expect(card).toHaveTextContent('Đang chạy');
    expect(card).toHaveTextContent('Giai đoạn 2/3');
    expect(card).toHaveTextContent('1/3 loa đã xong');
    expect(within(card).getByText('Xã Cam Thành (1/1)')).toBeInTheDocument();
    expect(within(card).getByText('Xã Cam Hiếu (0/2)')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Tiếp tục' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Tạm dừng' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tạm dừng đợt cập nhật 0.2.0?');
    expect(server.calls.some((c) => c.path.endsWith('/tamdung'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(server.calls.find((c) => c.path.endsWith('/tamdung'))?.body).toEqual({ id: 'r-1' }));
  });

  it('follows a rollout live: a box that reports moves the progress without a reload (the server says when)', { timeout: 30_000 }, async () => {
    let current = rollout;
    serve({ 'GET /v1/client/capnhat/trienkhai/danhsach': () => ({ status: 200, body: { data: [current] } }) });
    const socket = fakeSocket();
    renderApp('/cap-nhat-phan-mem', { user: manager, socketFactory: socket.factory });
    const card = await screen.findByLabelText('Phiên bản 0.2.0', {}, { timeout: 15_000 });
    expect(card).toHaveTextContent('1/3 loa đã xong');
    current = { ...rollout, dem: counts({ xong: 2, dagui: 1 }) };
    await socket.emitWhenHeard(EVENTS.rolloutsChanged, { _id: 'r-1' });
    await waitFor(() => expect(screen.getByLabelText('Phiên bản 0.2.0')).toHaveTextContent('2/3 loa đã xong'), { timeout: 5000 });
  });

  it('shows the server refusing a downgrade in Vietnamese', { timeout: 30_000 }, async () => {
    serve({ 'POST /v1/client/capnhat/trienkhai/themmoi': { status: 400, body: { message: UPDATE_MESSAGES.downgrade } } });
    renderApp('/cap-nhat-phan-mem', { user: manager });
    await screen.findByLabelText('Phiên bản 0.2.0', {}, { timeout: 15_000 });
    // The packages held (their versions are the choices).
    await screen.findByText('arm64');
    const form = screen.getByRole('region', { name: 'Đợt cập nhật mới' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Phiên bản' }));
    await userEvent.click(await screen.findByRole('option', { name: '0.2.0' }));
    // One stage, "the remaining speakers", needs no choice.
    for (const remove of within(form).getAllByRole('button', { name: /Bỏ giai đoạn/ }).slice(1).reverse()) await userEvent.click(remove);
    await userEvent.click(within(form).getByRole('combobox', { name: 'Chọn' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Các loa còn lại' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Bắt đầu cập nhật' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText(UPDATE_MESSAGES.downgrade)).toBeInTheDocument();
  });
});
