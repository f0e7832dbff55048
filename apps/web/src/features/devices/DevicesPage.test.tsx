import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_MESSAGES, EVENTS, MSG, RIGHTS } from '@loa/contract';
import { AREAS, giveElementsASize, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ALL_DEVICES_LIMIT } from './api';

const LIST = `GET /v1/client/thietbi/danhsachthietbi?limit=${ALL_DEVICES_LIMIT}&sort=tenthietbi&order=asc`;
const manager = makeUser({ quyenhan: RIGHTS.filter((r) => r.value === 'quanlythietbi') });
const speakers = [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' }, { online: false }), makeSpeaker({ _id: 'd-2', tenthietbi: 'Loa đình' })];

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [LIST]: { status: 200, body: { data: { items: speakers, total: 2 } } },
    'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } },
    ...extra,
  });
}
const row = (id: string) => screen.getAllByTestId('device-row').find((r) => r.dataset.deviceId === id)!;

describe('/quan-ly-thiet-bi', () => {
  beforeEach(() => giveElementsASize());

  it('patches a row in place when a device status event arrives', async () => {
    serve();
    const socket = fakeSocket();
    renderApp('/quan-ly-thiet-bi', { user: manager, socketFactory: socket.factory });
    await screen.findByText('Loa chợ');
    expect(row('d-1')).toHaveAttribute('data-status', 'offline');
    expect(screen.getByTestId('device-count-online')).toHaveTextContent('1');
    act(() => socket.emit(EVENTS.deviceStatus, [{ _id: 'd-1', trangthai: { ...speakers[0]!.trangthai, online: true, amluong: 35, dangphat: { sessionId: 's', itemIndex: 0, position: 1, title: 'Bản tin trưa' } } }]));
    await waitFor(() => expect(row('d-1')).toHaveAttribute('data-status', 'playing'));
    expect(within(row('d-1')).getByText('35')).toBeInTheDocument();
    expect(within(row('d-1')).getByText(/Bản tin trưa/)).toBeInTheDocument();
    expect(screen.getByTestId('device-count-playing')).toHaveTextContent('1');
    expect(row('d-2')).toHaveAttribute('data-status', 'online');
  });

  it('shows the empty text when no device matches the search', async () => {
    serve();
    renderApp('/quan-ly-thiet-bi', { user: manager });
    await screen.findByText('Loa chợ');
    await userEvent.type(screen.getByLabelText('Tìm kiếm'), 'dinh');
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    await userEvent.type(screen.getByLabelText('Tìm kiếm'), 'xyz');
    expect(await screen.findByText(MSG.noDevices)).toBeInTheDocument();
  });

  it('hides the add button without the device right', async () => {
    serve();
    renderApp('/quan-ly-thiet-bi', { user: makeUser() });
    await screen.findByText('Loa chợ');
    expect(screen.queryByRole('button', { name: 'Thêm thiết bị' })).not.toBeInTheDocument();
  });

  it('checks the add form before sending it', async () => {
    const server = serve();
    renderApp('/quan-ly-thiet-bi', { user: manager });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thiết bị' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Vĩ độ'), '95');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByText(DEVICE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DEVICE_MESSAGES.areaRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DEVICE_MESSAGES.serialRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DEVICE_MESSAGES.latitudeRange)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a device and shows its secret once', async () => {
    const added = makeSpeaker({ _id: 'd-new', tenthietbi: 'Loa mới', serial: 'IMEI-9' }, { online: false });
    const server = serve({ 'POST /v1/client/thietbi/themmoi': { status: 200, body: { data: { thietbi: added, secret: 'top-secret-123' } } } });
    renderApp('/quan-ly-thiet-bi', { user: manager });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thiết bị' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tên thiết bị'), 'Loa mới');
    await userEvent.selectOptions(within(dialog).getByLabelText('Địa bàn'), 'xa-2');
    await userEvent.type(within(dialog).getByLabelText('Số serial/IMEI'), 'IMEI-9');
    await userEvent.type(within(dialog).getByLabelText('Vĩ độ'), '16,7');
    await userEvent.type(within(dialog).getByLabelText('Kinh độ'), '107.1');
    await userEvent.type(within(dialog).getByLabelText('Ghi chú'), 'Cổng chợ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByTestId('device-secret')).toHaveTextContent('top-secret-123');
    expect(screen.getByTestId('device-id')).toHaveTextContent('d-new');
    expect(screen.getByTestId('device-agent-command')).toHaveTextContent(`npm run speaker -- --server ${window.location.origin} --id d-new --secret top-secret-123`);
    expect(server.calls.find((c) => c.path === '/v1/client/thietbi/themmoi')?.body).toEqual({ tenthietbi: 'Loa mới', diaban: 'xa-2', serial: 'IMEI-9', vido: 16.7, kinhdo: 107.1, ghichu: 'Cổng chợ' });
    expect(row('d-new')).toHaveTextContent('Loa mới');

    await userEvent.click(screen.getByRole('button', { name: /Tôi đã lưu/ }));
    await waitFor(() => expect(screen.queryByTestId('device-secret')).not.toBeInTheDocument());
    expect(screen.queryByText('top-secret-123')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thiết bị' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Tên thiết bị')).toHaveValue('');
    expect(screen.queryByText('top-secret-123')).not.toBeInTheDocument();
  });

  it('shows the server message when adding is refused, beside the serial it is about too', async () => {
    serve({ 'POST /v1/client/thietbi/themmoi': { status: 400, body: { message: DEVICE_MESSAGES.serialDuplicate } } });
    renderApp('/quan-ly-thiet-bi', { user: manager });
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm thiết bị' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tên thiết bị'), 'Loa');
    await userEvent.selectOptions(within(dialog).getByLabelText('Địa bàn'), 'xa-1');
    await userEvent.type(within(dialog).getByLabelText('Số serial/IMEI'), 'SN-001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(DEVICE_MESSAGES.serialDuplicate));
    const serial = within(dialog).getByLabelText('Số serial/IMEI');
    expect(serial).toHaveAttribute('aria-invalid', 'true');
    expect(serial).toHaveAccessibleDescription(DEVICE_MESSAGES.serialDuplicate);
    expect(within(dialog).getByLabelText('Tên thiết bị')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByTestId('device-secret')).not.toBeInTheDocument();
  });
});

describe('/quan-ly-thiet-bi: speakers\' clocks', () => {
  beforeEach(() => giveElementsASize());

  it('shows each speaker\'s clock offset, flags an untrusted clock, and follows live reports', async () => {
    const clocked = [
      makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' }, { dongho: { lech: -30_012, khuhoi: 4.2, chatluong: 'tot', loi: null } }),
      makeSpeaker({ _id: 'd-2', tenthietbi: 'Loa đình' }, { dongho: { lech: 12, khuhoi: 1_450, chatluong: 'khongtincay', loi: 'khuhoicham' } }),
    ];
    fakeServer({
      [LIST]: { status: 200, body: { data: { items: clocked, total: 2 } } },
      'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } },
    });
    const socket = fakeSocket();
    renderApp('/quan-ly-thiet-bi', { user: manager, socketFactory: socket.factory });
    await screen.findByText('Loa chợ');
    // The speaker's clock is 30 s ahead of the server's (it adds −30,012 ms to read server time).
    const fast = within(row('d-1')).getByTestId('device-clock');
    expect(fast).toHaveTextContent('+30,0 s');
    expect(fast).toHaveAttribute('data-quality', 'tot');
    const slow = within(row('d-2')).getByTestId('device-clock');
    expect(slow).toHaveTextContent('−12 ms');
    expect(slow).toHaveAccessibleName(/Đồng hồ không tin cậy — đường truyền quá chậm/);
    act(() => socket.emit(EVENTS.deviceStatus, [{ _id: 'd-2', trangthai: { ...clocked[1]!.trangthai, dongho: { lech: -3, khuhoi: 8, chatluong: 'tot', loi: null } } }]));
    await waitFor(() => expect(within(row('d-2')).getByTestId('device-clock')).toHaveTextContent('+3 ms'));
  });

  it('shows which speakers hold the day\'s plan with every file, which lack files and which have not got it, and follows their reports (issue #30)', async () => {
    const planned = [
      makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' }, { lichphat: { phienban: 7, tinhtrang: 'sansang', thieu: 0, nhan: 'sẵn sàng' } }),
      makeSpeaker({ _id: 'd-2', tenthietbi: 'Loa đình' }, { lichphat: { phienban: 7, tinhtrang: 'thieutep', thieu: 2, nhan: 'thiếu 2 tệp' } }),
      makeSpeaker({ _id: 'd-3', tenthietbi: 'Loa bến đò' }, { online: false, lichphat: { phienban: 6, tinhtrang: 'chuanhan', thieu: 0, nhan: 'chưa nhận lịch mới' } }),
    ];
    fakeServer({
      [LIST]: { status: 200, body: { data: { items: planned, total: 3 } } },
      'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } },
    });
    const socket = fakeSocket();
    renderApp('/quan-ly-thiet-bi', { user: manager, socketFactory: socket.factory });
    await screen.findByText('Loa chợ');
    expect(screen.getByRole('columnheader', { name: 'Lịch phát' })).toBeInTheDocument();
    expect(within(row('d-1')).getByTestId('plan-status')).toHaveTextContent('Sẵn sàng');
    expect(within(row('d-2')).getByTestId('plan-status')).toHaveTextContent('Thiếu 2 tệp');
    expect(within(row('d-3')).getByTestId('plan-status')).toHaveTextContent('Chưa nhận lịch mới');
    // The speaker fetched its two files: its row says so, live.
    act(() => socket.emit(EVENTS.deviceStatus, [{ _id: 'd-2', trangthai: { ...planned[1]!.trangthai, lichphat: { phienban: 7, tinhtrang: 'sansang', thieu: 0, nhan: 'sẵn sàng' } } }]));
    await waitFor(() => expect(within(row('d-2')).getByTestId('plan-status')).toHaveTextContent('Sẵn sàng'));
  });

  it('opens a device\'s details from its link (?id=), with its clock', async () => {
    const clocked = [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ', ghichu: 'Cột điện trước chợ' }, { dongho: { lech: 1_500, khuhoi: 9, chatluong: 'kem', loi: null } })];
    fakeServer({
      [LIST]: { status: 200, body: { data: { items: clocked, total: 1 } } },
      'GET /v1/client/thietbi': { status: 200, body: { data: AREAS } },
    });
    renderApp('/quan-ly-thiet-bi?id=d-1', { user: manager });
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết thiết bị Loa chợ' });
    expect(within(dialog).getByText('Lệch đồng hồ so với máy chủ').nextSibling).toHaveTextContent('−1,5 s');
    expect(within(dialog).getByText(/Đồng bộ kém/, { selector: 'dd' })).toBeInTheDocument();
    // Where it stands and what the installer noted.
    expect(within(dialog).getByText('Vĩ độ').nextSibling).toHaveTextContent('21.03');
    expect(within(dialog).getByText('Kinh độ').nextSibling).toHaveTextContent('105.85');
    expect(within(dialog).getByText('Ghi chú').nextSibling).toHaveTextContent('Cột điện trước chợ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
