import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_MESSAGES, ENROLMENT_MESSAGES, EVENTS, RIGHTS } from '@loa/contract';
import { AREAS, giveElementsASize } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { EnrolmentCode, PendingBox } from './api';

const manager = makeUser({ quyenhan: RIGHTS.filter((r) => r.value === 'quanlythietbi') });
const PENDING = 'GET /v1/client/thietbi/chogan';
const CODES = 'GET /v1/client/thietbi/madangky/danhsach';
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

const code = (overrides: Partial<EnrolmentCode> = {}): EnrolmentCode => ({
  _id: 'c-1', diaban: { _id: 'xa-1', tendiaban: 'Xã Tân Lập' }, ghichu: 'Đợt lắp tháng 12', soluong: 10, dadung: 3, hethan: inAnHour, thuhoi: false, ngaytao: new Date().toISOString(), ...overrides,
});
const box = (overrides: Partial<PendingBox> = {}, hardware: Partial<PendingBox['phancung']> = {}): PendingBox => ({
  _id: 'b-1', diaban: { _id: 'xa-1', tendiaban: 'Xã Tân Lập' }, online: true, cungphancung: [],
  phancung: { machineId: '3f1c9a0d2b7e4c5f8a6b1d2e3f4a5b6c', serial: '10000000abcd1234', imei: '356938035643809', firmware: 'loa-speaker/0.1.0', ip: '113.160.4.7', gps: { lat: 16.75, lng: 107.18 }, lucdangky: new Date().toISOString(), ...hardware },
  ...overrides,
});

function serve(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({ 'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } }, ...routes });
}
const ok = (data: unknown) => ({ status: 200, body: { data } });

describe('/dang-ky-loa', () => {
  beforeEach(() => giveElementsASize());

  it('shows loading, then says when no box waits and no code exists', async () => {
    let release: ((value: { status: number; body: unknown }) => void) | null = null;
    serve({ [PENDING]: () => new Promise((resolve) => { release = resolve; }), [CODES]: ok([]) });
    renderApp('/dang-ky-loa', { user: manager });
    const pending = await screen.findByRole('region', { name: 'Loa chờ gán' });
    expect(within(pending).getByLabelText('Đang tải…')).toBeInTheDocument();
    // The list is answered once it has been asked for: the section can show its loading state
    // before the request reaches the server (a CI run here answered nobody, and it loaded forever).
    await waitFor(() => expect(release).not.toBeNull());
    release!(ok([]));
    expect(await within(pending).findByText(/Không có loa nào chờ gán/)).toBeInTheDocument();
    expect(await screen.findByText(/Chưa có mã đăng ký nào/)).toBeInTheDocument();
  });

  it('creates a code for an area with a count and validity, and shows it once with a copy button', async () => {
    const made = code({ _id: 'c-new', soluong: 5, dadung: 0, ghichu: 'Thôn Đông' });
    let codes: EnrolmentCode[] = [];
    const server = serve({
      [PENDING]: ok([]),
      [CODES]: () => ok(codes),
      'POST /v1/client/thietbi/madangky/themmoi': () => {
        codes = [made];
        return ok({ madangky: made, ma: 'K7QM-3XPA' });
      },
    });
    renderApp('/dang-ky-loa', { user: manager });
    await userEvent.click(await screen.findByRole('button', { name: 'Tạo mã đăng ký' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo mã đăng ký loa' });
    // Checked before it is sent.
    await userEvent.clear(within(dialog).getByLabelText('Số lượt dùng'));
    await userEvent.type(within(dialog).getByLabelText('Số lượt dùng'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo mã' }));
    expect(within(dialog).getByText(ENROLMENT_MESSAGES.countRange)).toBeInTheDocument();
    expect(within(dialog).getByText(ENROLMENT_MESSAGES.areaUnknown)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Địa bàn'), 'xa-1');
    await userEvent.clear(within(dialog).getByLabelText('Số lượt dùng'));
    await userEvent.type(within(dialog).getByLabelText('Số lượt dùng'), '5');
    await userEvent.clear(within(dialog).getByLabelText('Hiệu lực (giờ)'));
    await userEvent.type(within(dialog).getByLabelText('Hiệu lực (giờ)'), '24');
    await userEvent.type(within(dialog).getByLabelText('Ghi chú'), 'Thôn Đông');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo mã' }));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ diaban: 'xa-1', soluong: 5, hieulucgio: 24, ghichu: 'Thôn Đông' });

    const shown = await screen.findByRole('dialog', { name: 'Mã đăng ký loa' });
    expect(within(shown).getByTestId('enrolment-code-value')).toHaveTextContent('K7QM-3XPA');
    expect(within(shown).getByText(/chỉ hiện một lần/)).toBeInTheDocument();
    expect(within(shown).getByText(/loa-speaker enrol --server .* --code K7QM-3XPA/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Sao chép' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Tôi đã chép mã' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Listed without the code itself.
    const row = await screen.findByTestId('enrolment-code');
    expect(row).toHaveTextContent('0/5');
    expect(screen.queryByText('K7QM-3XPA')).not.toBeInTheDocument();
  });

  it('lists used, remaining and expiry of each code, and revokes one after asking', async () => {
    let codes = [
      code(),
      code({ _id: 'c-2', ghichu: 'Hết hạn', hethan: new Date(Date.now() - 60_000).toISOString() }),
      code({ _id: 'c-3', ghichu: 'Dùng hết', soluong: 2, dadung: 2 }),
    ];
    const server = serve({
      [PENDING]: ok([]),
      [CODES]: () => ok(codes),
      'POST /v1/client/thietbi/madangky/thuhoi': () => {
        codes = codes.map((c) => (c._id === 'c-1' ? { ...c, thuhoi: true } : c));
        return ok(codes[0]);
      },
    });
    renderApp('/dang-ky-loa', { user: manager });
    await screen.findAllByTestId('enrolment-code');
    const row = (id: string) => screen.getAllByTestId('enrolment-code').find((r) => r.dataset.codeId === id)!;
    expect(row('c-1')).toHaveAttribute('data-state', 'active');
    expect(within(row('c-1')).getByText('3/10')).toBeInTheDocument();
    expect(within(row('c-1')).getByText('7')).toBeInTheDocument();
    expect(within(row('c-1')).getByText('Còn hiệu lực')).toBeInTheDocument();
    expect(within(row('c-2')).getByText('Đã hết hạn')).toBeInTheDocument();
    expect(within(row('c-3')).getByText('Đã dùng hết')).toBeInTheDocument();

    // Cancelled: nothing sent.
    await userEvent.click(within(row('c-1')).getByRole('button', { name: 'Thu hồi' }));
    let asked = await screen.findByRole('dialog', { name: 'Thu hồi mã đăng ký?' });
    expect(within(asked).getByText(/3\/10 lượt đã dùng/)).toBeInTheDocument();
    await userEvent.click(within(asked).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(row('c-1')).getByRole('button', { name: 'Thu hồi' }));
    asked = await screen.findByRole('dialog', { name: 'Thu hồi mã đăng ký?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Thu hồi' }));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 'c-1' });
    await waitFor(() => expect(row('c-1')).toHaveAttribute('data-state', 'revoked'));
    expect(within(row('c-1')).queryByRole('button', { name: 'Thu hồi' })).not.toBeInTheDocument();
  });

  it('shows a waiting box\'s identity and location, and names, places and confirms it', async () => {
    let boxes = [box(), box({ _id: 'b-2', online: false }, { gps: null, serial: null, imei: null, machineId: 'ffeeddccbbaa00998877665544332211' })];
    const server = serve({
      [PENDING]: () => ok(boxes),
      [CODES]: ok([]),
      'POST /v1/client/thietbi/xacnhan': (body) => {
        boxes = boxes.filter((b) => b._id !== (body as { id: string }).id);
        return ok({ _id: 'b-1' });
      },
    });
    renderApp('/dang-ky-loa', { user: manager });
    await screen.findAllByTestId('pending-box');
    const row = (id: string) => screen.getAllByTestId('pending-box').find((r) => r.dataset.boxId === id)!;
    expect(within(row('b-1')).getByText('3f1c9a0d2b7e4c5f8a6b1d2e3f4a5b6c')).toBeInTheDocument();
    expect(within(row('b-1')).getByText('10000000abcd1234')).toBeInTheDocument();
    expect(within(row('b-1')).getByText('356938035643809')).toBeInTheDocument();
    expect(within(row('b-1')).getByText('GPS 16.75000, 107.18000')).toBeInTheDocument();
    expect(within(row('b-1')).getByText('Đang kết nối')).toBeInTheDocument();
    // No GPS: the address it enrolled from.
    expect(within(row('b-2')).getByText('Địa chỉ IP 113.160.4.7')).toBeInTheDocument();
    expect(within(row('b-2')).getByText('Mất kết nối')).toBeInTheDocument();

    await userEvent.click(within(row('b-1')).getByRole('button', { name: 'Gán' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gán loa chờ gán' });
    // The box's GPS fills the position; the name is the officer's to give.
    expect(within(dialog).getByLabelText('Vĩ độ')).toHaveValue('16.75');
    await userEvent.clear(within(dialog).getByLabelText('Kinh độ'));
    await userEvent.type(within(dialog).getByLabelText('Kinh độ'), '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(within(dialog).getByText(DEVICE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DEVICE_MESSAGES.longitudeRange)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Tên thiết bị'), 'Loa chợ Hải Lăng');
    await userEvent.clear(within(dialog).getByLabelText('Kinh độ'));
    await userEvent.type(within(dialog).getByLabelText('Kinh độ'), '107.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      id: 'b-1', tenthietbi: 'Loa chợ Hải Lăng', diaban: 'xa-1', vido: 16.75, kinhdo: 107.2, ghichu: '',
    }));
    expect(await screen.findByText('Đã xác nhận loa "Loa chợ Hải Lăng"!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-box').map((r) => r.dataset.boxId)).toEqual(['b-2']));
  });

  it('asks whether a re-enrolled box is the same hardware as an existing device, and keeps that device when it is', async () => {
    const reenrolled = box({ cungphancung: [{ _id: 'd-7', tenthietbi: 'Loa cổng làng', serial: '10000000abcd1234' }] });
    const server = serve({ [PENDING]: ok([reenrolled]), [CODES]: ok([]), 'POST /v1/client/thietbi/xacnhan': ok({ _id: 'd-7' }) });
    renderApp('/dang-ky-loa', { user: manager });
    const row = await screen.findByTestId('pending-box');
    expect(within(row).getByText('Có thể là cùng phần cứng với: Loa cổng làng')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Gán' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gán loa chờ gán' });
    // Nothing is confirmed until the officer says whether it is the same box.
    expect(within(dialog).getByRole('button', { name: 'Xác nhận' })).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText(/Cùng hộp loa với "Loa cổng làng"/));
    expect(within(dialog).getByLabelText('Tên thiết bị')).toHaveValue('Loa cổng làng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ id: 'b-1', thaythe: 'd-7', tenthietbi: 'Loa cổng làng' }));
  });

  it('a box that enrols while the page is open appears without a reload', async () => {
    let boxes: PendingBox[] = [];
    let codes = [code({ dadung: 0 })];
    serve({ [PENDING]: () => ok(boxes), [CODES]: () => ok(codes) });
    const socket = fakeSocket();
    renderApp('/dang-ky-loa', { user: manager, socketFactory: socket.factory });
    await screen.findByText(/Không có loa nào chờ gán/);
    expect(await screen.findByTestId('enrolment-code')).toHaveTextContent('0/10');
    boxes = [box({ _id: 'b-live' })];
    codes = [code({ dadung: 1 })];
    await socket.emitWhenHeard(EVENTS.deviceRegistry, { _id: 'b-live' });
    const row = await screen.findByTestId('pending-box', {}, { timeout: 3000 });
    expect(row.dataset.boxId).toBe('b-live');
    expect(screen.getByRole('heading', { name: 'Loa chờ gán (1)' })).toBeInTheDocument();
    // The code it used counts the use.
    await waitFor(() => expect(screen.getByTestId('enrolment-code')).toHaveTextContent('1/10'));
  });
});
