import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS, MSG, OUTBOUND_MESSAGES } from '@loa/contract';
import { AppProviders } from '../../app/AppProviders';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { writeStoredUser } from '../../lib/userStorage';
import { renderApp } from '../../test/renderApp';
import { postImmediateBroadcast } from './api';
import { BroadcastDialog } from './BroadcastDialog';
import { encodedTone, fileOf } from './sources/mp3Fixtures';

vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api')>()), postImmediateBroadcast: vi.fn() }));
// jsdom plays no media: the Audio element's metadata is stood in for.
vi.mock('./sources/mediaDuration', () => ({ readMediaDuration: vi.fn(async () => 30) }));

const speakers = [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' }), makeSpeaker({ _id: 'd-2', tenthietbi: 'Loa đình' }, { online: false })];
const haiAn = makeSpeaker({ _id: 'd-3', tenthietbi: 'Loa bến', diaban: { _id: 'xa-2', tendiaban: 'Xã Hải An' } });
const TTS_ANSWER = { url: '/media/tts/abc.mp3', urldownload: '/v1/client/tts/tai/abc.mp3', thoiluong: 12, noidunggiongnoi: 'x' };

const CHANNELS = [{ _id: 'ch-1', tenkenh: 'VOV1', url: 'https://vov.vn/vov1' }, { _id: 'ch-2', tenkenh: 'Đài huyện', url: 'https://dai-huyen.vn/live' }];

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'POST /v1/client/lichphat/danhsachdiaban': { status: 200, body: { data: AREAS } },
    'GET /v1/client/thietbi/laythietbi?diaban=xa-1': { status: 200, body: { data: speakers } },
    // A district's list holds its communes' devices too.
    'GET /v1/client/thietbi/laythietbi?diaban=huyen-1': { status: 200, body: { data: [...speakers, haiAn] } },
    'GET /v1/client/lichphat/danhsachkenhsohoa': { status: 200, body: { data: CHANNELS } },
    'GET /v1/client/tts': { status: 200, body: { data: [{ id: 'espeak', label: 'eSpeak' }] } },
    'POST /v1/client/tts/espeak': { status: 200, body: { data: TTS_ANSWER } },
    ...extra,
  });
}

async function openDialog(extra: Parameters<typeof fakeServer>[0] = {}, user = makeUser()) {
  const server = serve(extra);
  writeStoredUser(user);
  const onSent = vi.fn();
  const socket = fakeSocket();
  render(
    <AppProviders socketFactory={socket.factory}>
      <BroadcastDialog open onClose={() => undefined} onSent={onSent} />
    </AppProviders>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Phát khẩn cấp' });
  return { server, dialog, onSent, socket };
}

/** Presses Phát and confirms the reach shown. */
async function sendAndConfirm(dialog: HTMLElement) {
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Phát' }, { timeout: 3000 }));
  const confirm = await screen.findByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Xác nhận phát' }));
}

/** A relay source of one minute, typed in the choose-source dialog. */
async function addRelay(dialog: HTMLElement) {
  const chooser = await openSourceDialog(dialog, 'Tiếp sóng');
  fireEvent.change(within(chooser).getByLabelText('Tên kênh'), { target: { value: 'VOV1' } });
  fireEvent.change(within(chooser).getByLabelText('Đường dẫn'), { target: { value: 'http://vov1' } });
  fireEvent.change(within(chooser).getByLabelText('Thời lượng (phút)'), { target: { value: '1' } });
  await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn nguồn phát' })).not.toBeInTheDocument());
}

const expectNote = (message: string) => waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));

/** The check's message beside its field too: the field marked invalid and described by the message. */
function expectBeside(dialog: HTMLElement, label: string, message: string) {
  const field = within(dialog).getByLabelText(label);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

async function openSourceDialog(dialog: HTMLElement, tab: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm nguồn phát' }));
  const chooser = await screen.findByRole('dialog', { name: 'Chọn nguồn phát' });
  await userEvent.click(within(chooser).getByRole('tab', { name: tab }));
  return chooser;
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await userEvent.click(screen.getByRole('heading', { name: 'Phát khẩn cấp' }));
}

// Whole dialog flows with many clicks: more time than the default 5 s under a loaded test machine.
describe('broadcast-now dialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.mocked(postImmediateBroadcast).mockReset();
  });

  it('opens ready to type the programme\'s name (by Enter or a click on "Phát khẩn cấp")', async () => {
    const { dialog } = await openDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('Tên chương trình')).toHaveFocus());
  });

  it('shows each §5 broadcast message in order, then posts and reports success', async () => {
    vi.mocked(postImmediateBroadcast).mockImplementation(async (_body, progress) => {
      progress(100);
      return {};
    });
    const { dialog, onSent } = await openDialog();
    expect(within(dialog).getByText(MSG.noSources)).toBeInTheDocument();
    // Three levels (issue #14), the emergency bulletin chosen by default.
    const priority = within(dialog).getByLabelText('Ưu tiên');
    expect(priority).toBeEnabled();
    expect(priority).toHaveValue('1');
    expect(within(priority).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bản tin khẩn cấp', 'Bản tin ưu tiên', 'Bản tin thông thường']);
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));

    await submit();
    await expectNote(MSG.noMessageType);
    expectBeside(dialog, 'Loại bản tin', MSG.noMessageType);
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    // Changing the field clears its mark at once.
    expect(within(dialog).getByLabelText('Loại bản tin')).toHaveAttribute('aria-invalid', 'false');
    await submit();
    await expectNote(MSG.noArea);
    expectBeside(dialog, 'Địa bàn', MSG.noArea);
    await pick('Địa bàn', 'Xã Tân Lập');
    await submit();
    await expectNote(MSG.noDevice);
    expectBeside(dialog, 'Thiết bị', MSG.noDevice);
    expect(within(dialog).getByLabelText('Địa bàn')).toHaveAttribute('aria-invalid', 'false');
    await pick('Thiết bị', 'Xã Tân Lập / Loa chợ');
    await pick('Thiết bị', 'Tất cả thiết bị');
    expect(within(dialog).queryByRole('button', { name: 'Xã Tân Lập / Loa chợ' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Tất cả thiết bị' })).toBeInTheDocument();
    await submit();
    await expectNote(MSG.noProgramName);
    expectBeside(dialog, 'Tên chương trình', MSG.noProgramName);
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Phòng chống bão');
    await submit();
    await expectNote(MSG.noSources);

    const chooser = await openSourceDialog(dialog, 'Tiếp sóng');
    await userEvent.type(within(chooser).getByLabelText('Tên kênh'), 'VOV1');
    await userEvent.type(within(chooser).getByLabelText('Đường dẫn'), 'http://vov1');
    await userEvent.type(within(chooser).getByLabelText('Thời lượng (phút)'), '3');
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn nguồn phát' })).not.toBeInTheDocument());
    expect(within(dialog).getByTestId('sources-total')).toHaveTextContent('00:03:00');

    await userEvent.selectOptions(within(dialog).getByLabelText('Chế độ lặp lại'), '2');
    await userEvent.type(within(dialog).getByLabelText('Thời gian lặp lại (phút)'), '0.5');
    await submit();
    await expectNote(MSG.repeatIntervalMin);
    expectBeside(dialog, 'Thời gian lặp lại (phút)', MSG.repeatIntervalMin);
    await userEvent.clear(within(dialog).getByLabelText('Thời gian lặp lại (phút)'));
    await userEvent.type(within(dialog).getByLabelText('Thời gian lặp lại (phút)'), '5');
    await userEvent.clear(within(dialog).getByLabelText('Số lần lặp lại'));
    await userEvent.type(within(dialog).getByLabelText('Số lần lặp lại'), '0');
    await submit();
    await expectNote(MSG.repeatCountMin);
    expectBeside(dialog, 'Số lần lặp lại', MSG.repeatCountMin);
    expect(within(dialog).getByLabelText('Thời gian lặp lại (phút)')).toHaveAttribute('aria-invalid', 'false');
    expect(postImmediateBroadcast).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Số lần lặp lại'));
    await userEvent.type(within(dialog).getByLabelText('Số lần lặp lại'), '2');
    await sendAndConfirm(dialog);
    await expectNote(MSG.broadcastSuccess);
    expect(onSent).toHaveBeenCalled();
    const body = vi.mocked(postImmediateBroadcast).mock.calls[0]![0];
    expect([...body.keys()]).toEqual(['thongtin', 'nguonphat']);
    expect(JSON.parse(body.get('thongtin') as string)).toMatchObject({
      tieude: 'Phòng chống bão', loaibantin: 2, uutien: 1, diabanchon: ['xa-1'], thietbichon: ['tatca'], kieulaplai: 2, thoigianlaplai: 300, solanlaplai: 2, thoiluong: 180, nguoitao: 'u-1', idAdmin: 'admin-1',
    });
    expect(JSON.parse(body.get('nguonphat') as string)).toEqual([expect.objectContaining({ kieunguon: 'Tiếp Sóng', tenkenh: 'VOV1', url: 'http://vov1', thoiluong: 180, thutu: 1 })]);
  });

  it('keeps the form, its sources and files when the post fails, so the officer can retry', async () => {
    vi.mocked(postImmediateBroadcast).mockRejectedValueOnce(new Error('Không thể kết nối với máy chủ!')).mockResolvedValueOnce({});
    const { dialog, onSent } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '1');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Tin sáng');
    const chooser = await openSourceDialog(dialog, 'Tệp');
    fireEvent.change(within(chooser).getByTestId('file-input'), { target: { files: [fileOf([encodedTone(128)], 'ban-tin.mp3', 'audio/mpeg')] } });
    expect(await within(chooser).findByText('ban-tin.mp3')).toBeInTheDocument();
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await sendAndConfirm(dialog);
    await expectNote('Không thể kết nối với máy chủ!');
    expect(onSent).not.toHaveBeenCalled();
    // Everything is still there: name, targets, the file.
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('Tin sáng');
    expect(within(dialog).getByText('Tất cả thiết bị')).toBeInTheDocument();
    expect(within(dialog).getByTestId('source-item')).toHaveTextContent('ban-tin.mp3');
    await sendAndConfirm(dialog);
    await expectNote(MSG.broadcastSuccess);
    expect(onSent).toHaveBeenCalledTimes(1);
    const retried = vi.mocked(postImmediateBroadcast).mock.calls[1]![0];
    expect((retried.get('files') as File).name).toBe('ban-tin.mp3');
    expect(JSON.parse(retried.get('thongtin') as string)).toMatchObject({ tieude: 'Tin sáng', diabanchon: ['xa-1'], thietbichon: ['tatca'] });
  });

  it('asks "Ngắt bản tin của …?" when the speakers play a bulletin of the same priority, and interrupts it only when told', async () => {
    // 09:30 in Vietnam (UTC+7).
    const busy = { idlichphat: 'lp-9', tieude: 'Lũ quét thôn 3', nguoitao: { _id: 'u-9', hoten: 'Trần Bình' }, uutien: 1, ketthuc: Date.UTC(2026, 10, 24, 2, 30), soloa: 2 };
    const refusal = Object.assign(new Error('2 loa đã chọn đang phát…'), { status: 409, body: { message: '2 loa đã chọn đang phát…', dangphat: [busy] } });
    vi.mocked(postImmediateBroadcast).mockRejectedValueOnce(refusal).mockRejectedValueOnce(refusal).mockResolvedValueOnce({});
    // An officer who may stop others' programmes (else there is nothing to offer: see TakeoverDialog.test).
    const stopper = makeUser({ quyenhan: [...makeUser().quyenhan, { value: 'dungphatchuongtrinh', quyen: 'Dừng chương trình' }] });
    const { dialog, onSent } = await openDialog({}, stopper);
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Sơ tán khẩn');
    await addRelay(dialog);
    await sendAndConfirm(dialog);
    let question = await screen.findByRole('dialog', { name: 'Ngắt bản tin của Trần Bình?' });
    expect(within(question).getByTestId('takeover-item')).toHaveTextContent('"Lũ quét thôn 3" của Trần Bình: 2 loa, đến 09:30');
    // Keeping it sends nothing more; the form stays.
    await userEvent.click(within(question).getByRole('button', { name: 'Không ngắt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ngắt bản tin của Trần Bình?' })).not.toBeInTheDocument());
    expect(postImmediateBroadcast).toHaveBeenCalledTimes(1);
    expect(JSON.parse(vi.mocked(postImmediateBroadcast).mock.calls[0]![0].get('thongtin') as string).ngatphat).toEqual([]);
    expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('Sơ tán khẩn');
    // Asked again, the officer interrupts it: the request names it.
    await sendAndConfirm(dialog);
    question = await screen.findByRole('dialog', { name: 'Ngắt bản tin của Trần Bình?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Ngắt và phát' }));
    await waitFor(() => expect(postImmediateBroadcast).toHaveBeenCalledTimes(3));
    await expectNote(MSG.broadcastSuccess);
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(JSON.parse(vi.mocked(postImmediateBroadcast).mock.calls[2]![0].get('thongtin') as string).ngatphat).toEqual(['lp-9']);
  });

  it('shows the communes, the speakers chosen and how many are online, live, before sending; Back sends nothing', async () => {
    vi.mocked(postImmediateBroadcast).mockResolvedValue({});
    const { dialog, socket } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Cảnh báo lũ');
    await addRelay(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
    expect(within(confirm).getByTestId('confirm-communes')).toHaveTextContent('Xã Tân Lập');
    expect(within(confirm).getByTestId('confirm-speakers')).toHaveTextContent('2');
    expect(within(confirm).getByTestId('confirm-online')).toHaveTextContent('1 / 2');
    expect(within(confirm).getByText('1 loa đang mất kết nối sẽ không nghe được cho tới khi kết nối lại.')).toBeInTheDocument();
    // What goes out, with its duration (issue #32 item 11): an old recording cannot slip through unseen.
    expect(within(confirm).getByTestId('confirm-sources')).toHaveTextContent('Tiếp sóng: VOV1 (00:01:00)');
    // The offline speaker reconnects while the officer reads.
    act(() => socket.emit(EVENTS.deviceStatus, [{ _id: 'd-2', trangthai: { ...speakers[1]!.trangthai, online: true } }]));
    await waitFor(() => expect(within(confirm).getByTestId('confirm-online')).toHaveTextContent('2 / 2'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Quay lại sửa' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Xác nhận phát khẩn cấp' })).not.toBeInTheDocument());
    expect(postImmediateBroadcast).not.toHaveBeenCalled();
    await sendAndConfirm(dialog);
    await waitFor(() => expect(postImmediateBroadcast).toHaveBeenCalledTimes(1));
  });

  it('"Hủy" asks before it drops a draft, and the next "Phát khẩn cấp" opens empty (issue #32 item 11)', async () => {
    serve({
      'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } },
      'GET /v1/client/lichphat/lichphatdangphat': { status: 200, body: { data: [] } },
      'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
    });
    renderApp('/huong-dan', { user: makeUser(), socketFactory: fakeSocket().factory });
    const openEmergency = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Phát khẩn cấp' }));
      return screen.findByRole('dialog', { name: 'Phát khẩn cấp' }, { timeout: 8000 });
    };
    let dialog = await openEmergency();
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Bản tin cũ');
    await addRelay(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    const ask = await screen.findByRole('dialog', { name: 'Bỏ bản tin đang soạn?' });
    expect(ask).toHaveTextContent('1 nguồn phát đã chọn sẽ bị xoá');
    // Keeping it changes nothing.
    await userEvent.click(within(ask).getByRole('button', { name: 'Tiếp tục soạn' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bỏ bản tin đang soạn?' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('Bản tin cũ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Bỏ bản tin đang soạn?' })).getByRole('button', { name: 'Bỏ bản tin' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Phát khẩn cấp' })).not.toBeInTheDocument());
    dialog = await openEmergency();
    expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('');
    expect(within(dialog).queryByText('VOV1')).not.toBeInTheDocument();
    // Nothing drafted: 'Hủy' closes at once.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Phát khẩn cấp' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Bỏ bản tin đang soạn?' })).not.toBeInTheDocument();
  }, 60_000);

  it("counts the repeats in the confirmation's total duration (#32 low item)", async () => {
    const { dialog } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Cảnh báo lũ');
    await addRelay(dialog);
    // Played, then twice more 5 minutes after each end: 1 + 2 × (1 + 5) = 13 minutes.
    await userEvent.selectOptions(within(dialog).getByLabelText('Chế độ lặp lại'), '2');
    fireEvent.change(within(dialog).getByLabelText('Thời gian lặp lại (phút)'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Số lần lặp lại'), { target: { value: '2' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
    expect(within(confirm).getByTestId('confirm-duration')).toHaveTextContent('00:13:00 (phát 3 lần, mỗi lần 00:01:00)');
  });

  it('names the priority level chosen in the confirmation title, the emergency bulletin by default (#32 low item)', async () => {
    const { dialog } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Lịch tiêm chủng');
    await addRelay(dialog);
    const confirmTitled = async (name: string) => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));
      const confirm = await screen.findByRole('dialog', { name });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Quay lại sửa' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
    };
    expect(within(dialog).getByLabelText('Ưu tiên')).toHaveValue('1');
    await confirmTitled('Xác nhận phát khẩn cấp');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ưu tiên'), 'Bản tin ưu tiên');
    await confirmTitled('Xác nhận phát bản tin ưu tiên');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ưu tiên'), 'Bản tin thông thường');
    await confirmTitled('Xác nhận phát bản tin thông thường');
  });

  it('asks once more before an emergency reaches a whole district, and lists each speaker once', async () => {
    vi.mocked(postImmediateBroadcast).mockResolvedValue({});
    const { dialog } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Huyện Hải Lăng');
    await pick('Địa bàn', 'Xã Tân Lập');
    await userEvent.click(screen.getByRole('combobox', { name: 'Thiết bị' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([MSG.allDevices, 'Xã Tân Lập / Loa chợ', 'Xã Tân Lập / Loa đình', 'Xã Hải An / Loa bến']);
    await userEvent.click(screen.getByRole('option', { name: MSG.allDevices }));
    await userEvent.click(screen.getByRole('heading', { name: 'Phát khẩn cấp' }));
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Sơ tán khẩn');
    await addRelay(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xác nhận phát khẩn cấp' });
    expect(within(confirm).getByTestId('confirm-communes')).toHaveTextContent('Xã Tân Lập, Xã Hải An');
    expect(within(confirm).getByTestId('confirm-speakers')).toHaveTextContent('3');
    expect(within(confirm).getByTestId('confirm-online')).toHaveTextContent('2 / 3');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xác nhận phát' }));
    const again = await screen.findByRole('dialog', { name: 'Phát khẩn cấp tới toàn huyện Hải Lăng?' });
    expect(again).toHaveTextContent('Bản tin "Sơ tán khẩn" sẽ vang lên ngay trên 3 loa của 2 xã, thị trấn.');
    expect(postImmediateBroadcast).not.toHaveBeenCalled();
    await userEvent.click(within(again).getByRole('button', { name: 'Đúng, phát tới toàn vùng' }));
    await waitFor(() => expect(postImmediateBroadcast).toHaveBeenCalledTimes(1));
    expect(JSON.parse(vi.mocked(postImmediateBroadcast).mock.calls[0]![0].get('thongtin') as string)).toMatchObject({ diabanchon: ['huyen-1', 'xa-1'], thietbichon: ['tatca'] });
  });

  it('asks about a whole district by the level chosen: only an emergency is called one (#32 low item)', async () => {
    const { dialog } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '2');
    await pick('Địa bàn', 'Huyện Hải Lăng');
    await pick('Thiết bị', 'Tất cả thiết bị');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Lịch tiêm chủng');
    await addRelay(dialog);
    await userEvent.selectOptions(within(dialog).getByLabelText('Ưu tiên'), 'Bản tin thông thường');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phát' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xác nhận phát bản tin thông thường' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xác nhận phát' }));
    const again = await screen.findByRole('dialog', { name: 'Phát bản tin tới toàn huyện Hải Lăng?' });
    expect(again).toHaveTextContent('Chỉ tiếp tục khi cả vùng này cần nghe bản tin.');
    expect(again).not.toHaveTextContent('khẩn cấp');
  });

  it('keeps the channel of a relay source when it is edited', async () => {
    const { dialog } = await openDialog();
    const chooser = await openSourceDialog(dialog, 'Tiếp sóng');
    await within(chooser).findByRole('option', { name: 'Đài huyện' });
    await userEvent.selectOptions(within(chooser).getByLabelText('Kênh tiếp sóng'), 'ch-2');
    fireEvent.change(within(chooser).getByLabelText('Thời lượng (phút)'), { target: { value: '5' } });
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sửa nguồn phát 1' }));
    const editor = await screen.findByRole('dialog', { name: 'Sửa nguồn phát' });
    await waitFor(() => expect(within(editor).getByLabelText('Kênh tiếp sóng')).toHaveValue('ch-2'));
    expect(within(editor).getByLabelText('Tên kênh')).toHaveValue('Đài huyện');
    expect(within(editor).getByLabelText('Đường dẫn')).toBeDisabled();
    fireEvent.change(within(editor).getByLabelText('Thời lượng (phút)'), { target: { value: '7' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(within(dialog).getByTestId('sources-total')).toHaveTextContent('00:07:00'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sửa nguồn phát 1' }));
    const again = await screen.findByRole('dialog', { name: 'Sửa nguồn phát' });
    await waitFor(() => expect(within(again).getByLabelText('Kênh tiếp sóng')).toHaveValue('ch-2'));
  });

  it('checks relay fields in the §5 order', async () => {
    const { dialog } = await openDialog();
    const chooser = await openSourceDialog(dialog, 'Tiếp sóng');
    const add = () => userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await add();
    await expectNote(MSG.relayNameEmpty);
    expectBeside(chooser, 'Tên kênh', MSG.relayNameEmpty);
    await userEvent.type(within(chooser).getByLabelText('Tên kênh'), 'Đài huyện');
    expect(within(chooser).getByLabelText('Tên kênh')).toHaveAttribute('aria-invalid', 'false');
    await add();
    await expectNote(MSG.relayPathEmpty);
    expectBeside(chooser, 'Đường dẫn', MSG.relayPathEmpty);
    await userEvent.type(within(chooser).getByLabelText('Đường dẫn'), 'rtsp://dai-huyen/live');
    await add();
    await expectNote(MSG.relayDurationEmpty);
    expectBeside(chooser, 'Thời lượng (phút)', MSG.relayDurationEmpty);
    fireEvent.change(within(chooser).getByLabelText('Thời lượng (phút)'), { target: { value: '-1' } });
    await add();
    await expectNote(MSG.relayDurationInvalid);
    expectBeside(chooser, 'Thời lượng (phút)', MSG.relayDurationInvalid);
    fireEvent.change(within(chooser).getByLabelText('Thời lượng (phút)'), { target: { value: '10' } });
    await add();
    await expectNote(OUTBOUND_MESSAGES.relayUrlNotHttp);
    expectBeside(chooser, 'Đường dẫn', OUTBOUND_MESSAGES.relayUrlNotHttp);
    const path = within(chooser).getByLabelText('Đường dẫn');
    fireEvent.change(path, { target: { value: 'https://dai-huyen.vn/live.mp3' } });
    await add();
    await waitFor(() => expect(within(dialog).getAllByTestId('source-item')).toHaveLength(1));
    expect(within(dialog).getByTestId('sources-total')).toHaveTextContent('00:10:00');
  });

  it('converts text to speech after the §5 checks and adds it', async () => {
    const { dialog, server } = await openDialog();
    const chooser = await openSourceDialog(dialog, 'Chuyển văn bản thành giọng nói');
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await expectNote(MSG.ttsNotDone);
    const text = within(chooser).getByLabelText('Nội dung');
    const convert = within(chooser).getByRole('button', { name: 'Chuyển đổi' });
    // The download is no link until a conversion has succeeded.
    expect(within(chooser).queryByRole('link', { name: 'Tải xuống' })).not.toBeInTheDocument();
    await userEvent.type(text, 'ngắn');
    expect(within(chooser).getByTestId('tts-counter')).toHaveTextContent('4 / 3,000');
    await userEvent.click(convert);
    await expectNote(MSG.ttsTooShort);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(`${MSG.ttsTooShort} 4 / 3,000`);
    fireEvent.change(text, { target: { value: 'a'.repeat(3001) } });
    expect(within(chooser).getByTestId('tts-counter')).toHaveTextContent('3,001 / 3,000');
    await userEvent.click(convert);
    await expectNote(MSG.ttsTooLong);
    const message = 'Đề nghị bà con di chuyển tàu thuyền vào nơi tránh trú bão an toàn trước 17 giờ.';
    fireEvent.change(text, { target: { value: message } });
    await userEvent.click(convert);
    await expectNote(MSG.ttsNoVoice);
    expectBeside(chooser, 'Giọng đọc', MSG.ttsNoVoice);
    expect(text).toHaveAttribute('aria-invalid', 'false');
    expect(server.calls.some((c) => c.path.startsWith('/v1/client/tts/'))).toBe(false);
    await userEvent.selectOptions(within(chooser).getByLabelText('Giọng đọc'), 'banmaiace');
    await userEvent.click(convert);
    await waitFor(() => expect(within(chooser).getByRole('link', { name: 'Tải xuống' })).toHaveAttribute('href', TTS_ANSWER.urldownload));
    const call = server.calls.find((c) => c.path === '/v1/client/tts/espeak')!;
    expect(call.body).toMatchObject({ input: message, speaker_id: 'banmaiace', fimename: expect.stringMatching(/^\d{13}$/) });
    expect(within(chooser).getByTestId('tts-player')).toHaveAttribute('src', TTS_ANSWER.url);
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    const item = await within(dialog).findByTestId('source-item');
    expect(item).toHaveTextContent(`${message.slice(0, 40)}…`);
    expect(item).toHaveTextContent('00:00:12');
  });

  it('checks chosen files, adds the good one and sends it as a files part', async () => {
    vi.mocked(postImmediateBroadcast).mockResolvedValue({});
    const { dialog } = await openDialog();
    const chooser = await openSourceDialog(dialog, 'Tệp');
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    await expectNote(MSG.noFileChosen);
    const input = within(chooser).getByTestId('file-input');
    fireEvent.change(input, { target: { files: [fileOf([new TextEncoder().encode('RIFF....WAVEfmt '), new Uint8Array(500)], 'gia.mp3', 'audio/mpeg')] } });
    await expectNote(MSG.fileNotMp3);
    fireEvent.change(input, { target: { files: [fileOf([encodedTone(320)], 'cao.mp3', 'audio/mpeg')] } });
    await expectNote(MSG.fileBitrate320);
    fireEvent.change(input, { target: { files: [fileOf([encodedTone(128)], 'ban-tin.mp3', 'audio/mpeg')] } });
    expect(await within(chooser).findByText('ban-tin.mp3')).toBeInTheDocument();
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    const item = await within(dialog).findByTestId('source-item');
    expect(item).toHaveTextContent('ban-tin.mp3');
    expect(within(dialog).getByTestId('sources-total')).toHaveTextContent('00:00:30');

    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '1');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Xã Tân Lập / Loa đình');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Tin sáng');
    await sendAndConfirm(dialog);
    await waitFor(() => expect(postImmediateBroadcast).toHaveBeenCalled());
    const body = vi.mocked(postImmediateBroadcast).mock.calls[0]![0];
    expect([...body.keys()]).toEqual(['thongtin', 'nguonphat', 'files']);
    expect((body.get('files') as File).name).toBe('ban-tin.mp3');
    const [source] = JSON.parse(body.get('nguonphat') as string);
    expect(source.files).toEqual([{ fileName: 'ban-tin.mp3', url: expect.stringMatching(/^\d{13}[0-9a-f]{16}ban-tin\.mp3$/), duration: 30, thoigianbatdau: 0 }]);
    expect(JSON.parse(body.get('thongtin') as string).thietbichon).toEqual(['d-2']);
  });

  it('picks a stored file of the media library ("Chọn từ thư viện"), searchable, and sends it by key without uploading it', async () => {
    vi.mocked(postImmediateBroadcast).mockResolvedValue({});
    const stored = (key: string, ten: string, loai: 'file' | 'tts', thoiluong: number) => ({ key, url: `/media/${key}`, ten, loai, thoiluong, dungluong: 48_000, sudung: 0, ngaytao: 1 });
    const speech = stored('tts/1763769600000-0a1b2c3d4e5f6a7b-giong-noi-1.mp3', 'Thông báo tiêm phòng dại cho chó mèo tại…', 'tts', 42.5);
    const { dialog } = await openDialog({
      'GET /v1/client/thuvien': { status: 200, body: { data: [stored('audio/1763769600000-1a2b3c4d5e6f7a8b-quoc-ca.mp3', 'quoc-ca.mp3', 'file', 75), speech] } },
      [`GET /v1/client/thuvien?q=${encodeURIComponent('tiêm')}`]: { status: 200, body: { data: [speech] } },
      [`GET /v1/client/thuvien?q=${encodeURIComponent('không có')}`]: { status: 200, body: { data: [] } },
    });
    const chooser = await openSourceDialog(dialog, 'Tệp');
    await userEvent.click(within(chooser).getByRole('button', { name: 'Chọn từ thư viện' }));
    const picker = await screen.findByRole('dialog', { name: 'Chọn từ thư viện' });
    const rows = await within(picker).findAllByTestId('library-file');
    expect(rows.map((r) => r.textContent)).toEqual(['quoc-ca.mp300:01:15Tệp tải lên', 'Thông báo tiêm phòng dại cho chó mèo tại…00:00:42Giọng nói']);
    await userEvent.type(within(picker).getByLabelText('Tìm tệp âm thanh'), 'không có');
    expect(await within(picker).findByText('Không có tệp nào khớp với tìm kiếm.')).toBeInTheDocument();
    await userEvent.clear(within(picker).getByLabelText('Tìm tệp âm thanh'));
    await userEvent.type(within(picker).getByLabelText('Tìm tệp âm thanh'), 'tiêm');
    await waitFor(() => expect(within(picker).getAllByTestId('library-file')).toHaveLength(1));
    await userEvent.click(within(picker).getByTestId('library-file'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chọn từ thư viện' })).not.toBeInTheDocument());
    expect(within(chooser).getByTestId('chosen-file')).toHaveTextContent('Thông báo tiêm phòng dại cho chó mèo tại…');
    // Chosen once: offered again as already chosen.
    await userEvent.click(within(chooser).getByRole('button', { name: 'Chọn từ thư viện' }));
    const again = await screen.findByRole('dialog', { name: 'Chọn từ thư viện' });
    const chosenRow = (await within(again).findAllByTestId('library-file'))[1]!;
    expect(chosenRow).toHaveTextContent('đã chọn');
    expect(chosenRow).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(again).getByRole('button', { name: 'Thoát' }));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Thêm' }));
    expect(await within(dialog).findByTestId('source-item')).toHaveTextContent('Thông báo tiêm phòng');

    await userEvent.selectOptions(within(dialog).getByLabelText('Loại bản tin'), '1');
    await pick('Địa bàn', 'Xã Tân Lập');
    await pick('Thiết bị', 'Xã Tân Lập / Loa đình');
    await userEvent.type(within(dialog).getByLabelText('Tên chương trình'), 'Tin từ thư viện');
    await sendAndConfirm(dialog);
    await waitFor(() => expect(postImmediateBroadcast).toHaveBeenCalled());
    const body = vi.mocked(postImmediateBroadcast).mock.calls[0]![0];
    expect([...body.keys()]).toEqual(['thongtin', 'nguonphat']);
    const [source] = JSON.parse(body.get('nguonphat') as string);
    expect(source.files).toEqual([{ fileName: speech.ten, url: speech.key, duration: 42.5, thoigianbatdau: 0 }]);
  });
});
