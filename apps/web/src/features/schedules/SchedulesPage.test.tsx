import { describe, expect, it } from 'vitest';
import { EVENTS, vnIsoDay } from '@loa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { typeIntoPicker } from '../../test/pickers';
import { makeLive } from '../broadcast/live/liveFixtures';
import { makeSchedule } from './scheduleFixtures';

const base = '/v1/client/lichphat';
const NONE = { sua: false, xoa: false, ghim: false, ghimchung: false, duyet: false, yeucauduyetlai: false, dung: false };
const SCHEDULES = [
  makeSchedule({ thaotac: { ...NONE, sua: true, xoa: true, ghim: true } }),
  makeSchedule({ _id: 'lp-2', tieude: 'Thông báo tiêm chủng', trangthai: 'yeucausua', lydo: 'Sai giờ phát' }),
  makeSchedule({ _id: 'lp-3', tieude: 'Nhạc chào cờ', trangthai: 'daduyet', ghim: true, nguoiduyet: { _id: 'u-1', hoten: 'Nguyễn Văn An' } }),
];
const right = (value: string) => ({ value, quyen: value });

function serve(schedules = SCHEDULES, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [`GET ${base}/lichphatdangphat`]: { status: 200, body: { data: [] } },
    ...extra,
    // The list view pages on the server (danhsachtrang); the week view reads every schedule (danhsachlichphat).
    [`POST ${base}/danhsachtrang`]: (body) => ({ status: 200, body: { data: { items: schedules, tong: 45, trang: (body as { data: { trang: number } }).data.trang, sodong: 20 } } }),
    [`POST ${base}/danhsachlichphat`]: { status: 200, body: { data: schedules } },
    [`POST ${base}/danhsachdiaban`]: { status: 200, body: { data: [] } },
    'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
    'GET /v1/client/chuongtrinh/danhsach': { status: 200, body: { data: [] } },
    [`POST ${base}/duyetlichphat`]: { status: 200, body: { data: { ...SCHEDULES[0], trangthai: 'daduyet', nguoiduyet: { _id: 'u-1', hoten: 'Nguyễn Văn An' } } } },
  });
}

const row = (id: string) => screen.getAllByTestId('schedule-row').find((r) => r.dataset.id === id)!;

describe('/quan-ly-lich-phat', { timeout: 20_000 }, () => {
  it('lists schedules pinned first with status chips, the reason, days and times', async () => {
    serve();
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    // In the server's order (it sorts: scheduleList.routes.test.ts), with the number of speakers.
    expect(screen.getAllByTestId('schedule-row').map((r) => r.dataset.id)).toEqual(['lp-1', 'lp-2', 'lp-3']);
    expect(within(row('lp-1')).getByTestId('schedule-speakers')).toHaveTextContent('2');
    expect(row('lp-1')).toHaveAttribute('data-status', 'choduyet');
    expect(within(row('lp-1')).getByTestId('schedule-status')).toHaveTextContent('Chờ duyệt');
    expect(within(row('lp-3')).getByTestId('schedule-status')).toHaveTextContent('Đã duyệt');
    expect(within(row('lp-2')).getByTestId('schedule-status')).toHaveTextContent('Yêu cầu sửa');
    expect(row('lp-2')).toHaveTextContent('Lý do: Sai giờ phát');
    expect(row('lp-1')).toHaveTextContent('T2–T6 06:00, 17:00');
    expect(row('lp-1')).toHaveTextContent('18/11/2025 06:00');
  });

  it("shows a repeat's end date and count, its exceptions and the holiday skip in its row (#32 low item)", async () => {
    const bounded = makeSchedule({
      _id: 'lp-9', ngayketthuc: '2026-12-31', solanphat: 10, bongayle: true,
      ngoaile: [
        { ngay: '2026-12-24', gio: '06:00:00', doisang: null },
        { ngay: '2026-12-25', gio: '17:00', doisang: { ngay: '2026-12-26', gio: '08:30' } },
        { ngay: '2026-12-28', gio: null, doisang: null },
      ],
    });
    serve([bounded, makeSchedule({ _id: 'lp-10' })]);
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(within(row('lp-9')).getByTestId('schedule-limits')).toHaveTextContent('Đến 31/12/2026 · Phát 10 lần · Bỏ qua ngày lễ');
    expect(within(row('lp-9')).getByTestId('schedule-exceptions')).toHaveTextContent('Ngoại lệ: 24/12/2026 06:00: không phát; 25/12/2026 17:00 → 26/12/2026 08:30 … và 1 ngoại lệ khác');
    // A schedule without any of them shows no extra line.
    expect(within(row('lp-10')).queryByTestId('schedule-limits')).not.toBeInTheDocument();
    expect(within(row('lp-10')).queryByTestId('schedule-exceptions')).not.toBeInTheDocument();
  });

  it('shows the buttons the server allows on each schedule', async () => {
    serve();
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    const writerRow = within(row('lp-1'));
    expect(writerRow.getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(writerRow.getByRole('button', { name: 'Xoá' })).toBeInTheDocument();
    expect(writerRow.getByRole('button', { name: 'Ghim' })).toHaveAttribute('aria-pressed', 'false');
    expect(writerRow.queryByRole('button', { name: 'Duyệt' })).not.toBeInTheDocument();
    expect(writerRow.queryByRole('button', { name: 'Yêu cầu sửa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tạo lịch phát' })).toBeInTheDocument();
  });

  it("hides every button on a schedule the server gives no action on (a district's schedule seen by a commune officer)", async () => {
    serve([makeSchedule({ thaotac: NONE, nguoitao: { _id: 'u-huyen', hoten: 'Cán bộ huyện' } })]);
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat'), right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(within(row('lp-1')).queryAllByRole('button')).toHaveLength(0);
  });

  it('lets an approver pin for itself or for everyone, saying which', async () => {
    const server = serve([makeSchedule({ thaotac: { ...NONE, ghim: true, ghimchung: true } })], {
      [`POST ${base}/ghimlichphat`]: { status: 200, body: { data: makeSchedule({ ghim: true, ghimchung: true, thaotac: { ...NONE, ghim: true, ghimchung: true } }) } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Ghim' }));
    expect(screen.getByRole('menuitem', { name: /Ghim cho riêng tôi/ })).toHaveTextContent('Chỉ danh sách của bạn thay đổi');
    await userEvent.click(screen.getByRole('menuitem', { name: /Ghim cho mọi người/ }));
    await waitFor(() => expect(server.calls.find((c) => c.path === `${base}/ghimlichphat`)?.body).toEqual({ id: 'lp-1', tatca: true }));
    await waitFor(() => expect(within(row('lp-1')).getByTitle('Được ghim cho mọi người')).toBeInTheDocument());
  });

  it('lets an approver approve a pending schedule', async () => {
    const server = serve([
      makeSchedule({ thaotac: { ...NONE, duyet: true, yeucauduyetlai: true, ghim: true, ghimchung: true } }),
      ...SCHEDULES.slice(1).map((s) => ({ ...s, thaotac: { ...NONE, ghim: true, ghimchung: true } })),
    ]);
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Tạo lịch phát' })).not.toBeInTheDocument();
    expect(within(row('lp-3')).queryByRole('button', { name: 'Duyệt' })).not.toBeInTheDocument();
    expect(within(row('lp-1')).getByRole('button', { name: 'Yêu cầu sửa' })).toBeInTheDocument();
    expect(within(row('lp-1')).queryByRole('button', { name: 'Sửa' })).not.toBeInTheDocument();
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Duyệt' }));
    await waitFor(() => expect(row('lp-1')).toHaveAttribute('data-status', 'daduyet'));
    expect(server.calls.find((c) => c.path === `${base}/duyetlichphat`)?.body).toEqual({ id: 'lp-1' });
  });

  it('follows other consoles live (issue #32 items 8, 13): a missed schedule loses its Duyệt, one another officer submits appears, without a reload', async () => {
    const at = Date.UTC(2025, 10, 17, 23, 0);
    const pending = makeSchedule({ _id: 'waiting', chedophat: 'motlan', trangthai: 'choduyet', lanphattiep: null, dukien: at, thaotac: { ...NONE, duyet: true, yeucauduyetlai: true } });
    const schedules = [pending];
    serve(schedules);
    const socket = fakeSocket();
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('duyetlichphat')] }), socketFactory: socket.factory });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(within(row('waiting')).getByRole('button', { name: 'Duyệt' })).toBeInTheDocument();
    // Its start came unapproved, and meanwhile a commune officer submitted another one.
    schedules.splice(0, 1,
      { ...pending, trangthai: 'ketthuc', tinhtrang: 'bolo', dukien: null, thaotac: NONE,
        lanphatcuoi: { thoidiem: at, ketqua: 'bolo', lydo: 'Chưa được duyệt kịp giờ phát', nguoingat: null, sothietbiphat: 0 } },
      makeSchedule({ _id: 'submitted', tieude: 'Thông báo họp thôn', trangthai: 'choduyet', thaotac: { ...NONE, duyet: true, yeucauduyetlai: true } }),
    );
    await socket.emitWhenHeard(EVENTS.schedulesChanged, { ids: ['waiting', 'submitted'] });
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(2));
    expect(within(row('waiting')).getByTestId('schedule-status')).toHaveTextContent('Bỏ lỡ');
    expect(within(row('waiting')).queryByRole('button', { name: 'Duyệt' })).not.toBeInTheDocument();
    expect(row('submitted')).toHaveTextContent('Thông báo họp thôn');
    expect(within(row('submitted')).getByRole('button', { name: 'Duyệt' })).toBeInTheDocument();
  });

  it('asks the server for one status when its chip is chosen', async () => {
    const server = serve();
    renderApp('/quan-ly-lich-phat', { user: makeUser() });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    await userEvent.click(within(screen.getByRole('group', { name: 'Lọc theo trạng thái' })).getByRole('button', { name: 'Chờ duyệt' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === `${base}/danhsachtrang`).at(-1)?.body).toEqual({ data: { trangthai: 'choduyet', sapxep: 'lanphattiep', chieu: 'tang', trang: 1, sodong: 20 } }));
  });

  it('tells what really became of each schedule, and gives a next start only to what will fire', async () => {
    const at = Date.UTC(2025, 10, 17, 23, 0);
    serve([
      makeSchedule({ _id: 'played', chedophat: 'motlan', trangthai: 'ketthuc', tinhtrang: 'daphat', lanphattiep: null, dukien: null,
        lanphatcuoi: { thoidiem: at, ketqua: 'daphat', lydo: null, nguoingat: null, sothietbiphat: 2 } }),
      makeSchedule({ _id: 'missed', chedophat: 'motlan', trangthai: 'ketthuc', tinhtrang: 'bolo', lanphattiep: null, dukien: null,
        lanphatcuoi: { thoidiem: at, ketqua: 'bolo', lydo: 'Chưa được duyệt kịp giờ phát', nguoingat: null, sothietbiphat: 0 } }),
      makeSchedule({ _id: 'waiting', trangthai: 'choduyet', lanphattiep: null, dukien: at }),
      makeSchedule({ _id: 'weekly', trangthai: 'daduyet', lanphattiep: at + 86_400_000,
        lanphatcuoi: { thoidiem: at, ketqua: 'bingat', lydo: 'Bị dừng giữa chừng', nguoingat: 'Nguyễn Văn An', sothietbiphat: 3 } }),
    ]);
    renderApp('/quan-ly-lich-phat', { user: makeUser() });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(row('played')).toHaveAttribute('data-status', 'ketthuc');
    expect(within(row('played')).getByTestId('schedule-status')).toHaveTextContent('Đã phát');
    expect(row('played')).toHaveTextContent('phát trên 2 loa');
    expect(row('played')).toHaveTextContent('Không còn');
    expect(within(row('missed')).getByTestId('schedule-status')).toHaveTextContent('Bỏ lỡ');
    expect(row('missed')).toHaveTextContent('Chưa được duyệt kịp giờ phát');
    expect(within(row('waiting')).getByTestId('schedule-status')).toHaveTextContent('Chờ duyệt');
    expect(row('waiting')).toHaveTextContent('Chưa duyệt — dự kiến 18/11/2025 06:00');
    expect(within(row('weekly')).getByTestId('schedule-status')).toHaveTextContent('Đã duyệt');
    expect(row('weekly')).toHaveTextContent('Lần phát 18/11/2025 06:00: Bị ngắt · Bị dừng giữa chừng · dừng bởi Nguyễn Văn An');
    expect(row('weekly')).toHaveTextContent('19/11/2025 06:00');
  });

  it('says a schedule is on air before deleting it, and that it was stopped on the speakers', async () => {
    const server = serve([makeSchedule({ iddangphat: 'run-1', tinhtrang: 'dangphat', thaotac: { ...NONE, xoa: true, dung: true } })], {
      [`GET ${base}/lichphatdangphat`]: { status: 200, body: { data: [makeLive({ idlichphat: 'run-1', type: 'phatlich', idlichgoc: 'lp-1' })] } },
      [`POST ${base}/xoalichphat`]: { status: 200, body: { data: null } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser() });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(within(row('lp-1')).getByTestId('schedule-status')).toHaveTextContent('Đang phát');
    await waitFor(() => expect(within(row('lp-1')).getByRole('button', { name: 'Dừng phát' })).toBeInTheDocument());
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Xoá' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xoá lịch phát' });
    expect(confirm).toHaveTextContent('đang phát trên loa. Xoá lịch sẽ dừng ngay lần phát này trên các loa');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === `${base}/xoalichphat`)).toBe(true));
    expect(await screen.findByText('Đã xoá lịch phát và dừng phát trên các loa!')).toBeInTheDocument();
  });

  it('says how many speakers have not taken the new plan when a deleted schedule may still play on them (issue #30)', async () => {
    serve([makeSchedule({ thaotac: { ...NONE, xoa: true } })], {
      [`POST ${base}/xoalichphat`]: { status: 200, body: { data: null, message: 'Đã xoá lịch phát. 3 loa chưa nhận lịch mới…', chuanhan: 3 } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser() });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 15_000 });
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Xoá' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Xoá lịch phát' })).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Đã xoá lịch phát! 3 loa chưa nhận lịch mới (đang mất kết nối): loa đó vẫn có thể phát lịch này nếu không kết nối lại trước giờ phát.')).toBeInTheDocument();
  });

  it('says how many speakers have not taken the new plan when an approved schedule is sent back (issue #30)', async () => {
    const approved = makeSchedule({ trangthai: 'daduyet', thaotac: { ...NONE, yeucauduyetlai: true } });
    serve([approved], {
      [`POST ${base}/yeucauduyetlai`]: { status: 200, body: { data: { ...approved, trangthai: 'yeucausua' }, chuanhan: 2 } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat'), right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 15_000 });
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Yêu cầu sửa' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Sửa lại giờ phát');
    await userEvent.click(within(dialog).getByRole('button', { name: /Gửi/ }));
    expect(await screen.findByText(/^Đã gửi yêu cầu sửa! 2 loa chưa nhận lịch mới/)).toBeInTheDocument();
  });

  it('shows the holiday calendar, refuses a malformed line with the server’s words, and saves own days (approvers)', async () => {
    // The dialog opens on this year (Vietnam time).
    const year = Number(vnIsoDay(Date.now()).slice(0, 4));
    const view = (ngayrieng: string) => ({
      ngayleluat: true, ngayrieng, nam: year,
      danhsach: [{ ngay: '2026-02-17', ten: 'Tết Nguyên đán (mùng 1)', nguon: 'luat' }, ...(ngayrieng ? [{ ngay: '2026-12-20', ten: 'Lễ hội làng', nguon: 'rieng' }] : [])],
    });
    let saved = '';
    const server = serve(SCHEDULES, {
      [`GET /v1/client/ngaynghi?nam=${year}`]: () => ({ status: 200, body: { data: view(saved) } }),
      'POST /v1/client/ngaynghi/capnhat': (body) => {
        const text = (body as { ngayrieng: string }).ngayrieng;
        if (text.includes('31/02')) return { status: 400, body: { message: 'Danh sách ngày nghỉ có dòng không hợp lệ, chưa lưu gì:\nDòng 1 (“31/02/2026 Sai”): ngày không hợp lệ (viết dd/mm/yyyy, ví dụ 02/09/2026)' } };
        saved = '20/12/2026 Lễ hội làng';
        return { status: 200, body: { data: view(saved) } };
      },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat'), right('duyetlichphat')] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Ngày nghỉ lễ' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Lịch ngày nghỉ của đơn vị' });
    expect(await within(dialog).findByTestId('holiday-list', {}, { timeout: 5000 })).toHaveTextContent('17/02/2026 — Tết Nguyên đán (mùng 1)Theo luật');
    const own = within(dialog).getByLabelText('Ngày nghỉ riêng của đơn vị');
    await userEvent.type(own, '31/02/2026 Sai');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByTestId('holiday-errors')).toHaveTextContent('Dòng 1 (“31/02/2026 Sai”): ngày không hợp lệ');
    await userEvent.clear(own);
    await userEvent.type(own, '20/12/2026 Lễ hội làng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(within(dialog).getByTestId('holiday-list')).toHaveTextContent('20/12/2026 — Lễ hội làngCủa đơn vị'));
    expect(server.calls.filter((c) => c.path === '/v1/client/ngaynghi/capnhat').map((c) => c.body)).toEqual([
      { ngayleluat: true, ngayrieng: '31/02/2026 Sai' }, { ngayleluat: true, ngayrieng: '20/12/2026 Lễ hội làng' },
    ]);
  });

  it('copies a week to the next weeks and says how many schedules were made', async () => {
    const server = serve(SCHEDULES, { [`POST ${base}/saocheptuan`]: { status: 200, body: { data: { datao: ['lp-7', 'lp-8'], boqua: [{ idlichphat: 'lp-1', tieude: 'x', lydo: 'y' }] } } } });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sao chép tuần' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Sao chép lịch phát của một tuần' });
    typeIntoPicker(dialog, 'Tuần bắt đầu từ thứ Hai', '30/11/2026');
    await userEvent.selectOptions(within(dialog).getByLabelText('Sao chép sang số tuần tiếp theo'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sao chép' }));
    expect(await screen.findByText('Đã tạo 2 lịch phát mới; bỏ qua 1 lịch.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === `${base}/saocheptuan`)?.body).toEqual({ tuan: '2026-11-30', sotuan: 3 });
  });

  it('sorts and pages through the server, and links the week plan export', async () => {
    const server = serve();
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(screen.getByText('1–20 trên 45')).toBeInTheDocument();
    const pages = () => server.calls.filter((c) => c.path === `${base}/danhsachtrang`).map((c) => (c.body as { data: Record<string, unknown> }).data);
    await userEvent.click(screen.getByRole('button', { name: 'Tên chương trình' }));
    await waitFor(() => expect(pages().at(-1)).toMatchObject({ sapxep: 'ten', chieu: 'tang', trang: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Tên chương trình' }));
    await waitFor(() => expect(pages().at(-1)).toMatchObject({ sapxep: 'ten', chieu: 'giam', trang: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(pages().at(-1)).toMatchObject({ sapxep: 'ten', chieu: 'giam', trang: 2 }));
    expect(await screen.findByText('21–40 trên 45')).toBeInTheDocument();
    // The export goes through the API client (issue #32 item 12).
    await userEvent.click(screen.getByRole('button', { name: 'Xuất kế hoạch tuần (CSV)' }));
    await waitFor(() => expect(server.calls.at(-1)?.path).toBe(`${base}/kehoachtuan?tuan=${vnIsoDay(Date.now())}`));
  });

  it('approves several chosen schedules at once, and sends several back with one reason, listing those it could not', async () => {
    const reviewable = { ...NONE, duyet: true, yeucauduyetlai: true };
    const list = [makeSchedule({ thaotac: reviewable }), makeSchedule({ _id: 'lp-2', tieude: 'Tin B', thaotac: reviewable }), makeSchedule({ _id: 'lp-3', tieude: 'Tin C', thaotac: NONE })];
    const server = serve(list, {
      [`POST ${base}/duyetnhieu`]: (body) => ((body as { hanhdong: string }).hanhdong === 'duyet'
        ? { status: 200, body: { data: { xong: ['lp-1', 'lp-2'], loi: [] } } }
        : { status: 200, body: { data: { xong: ['lp-1'], loi: [{ idlichphat: 'lp-2', lydo: 'Chỉ trả lại được lịch phát đang chờ duyệt hoặc đã duyệt!' }] } } }),
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    expect(screen.queryByRole('checkbox', { name: 'Chọn lịch "Tin C"' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn lịch "Bản tin sáng"' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn lịch "Tin B"' }));
    expect(screen.getByTestId('bulk-review')).toHaveTextContent('Đã chọn 2 lịch phát');
    await userEvent.click(screen.getByRole('button', { name: 'Duyệt các lịch đã chọn' }));
    expect(await screen.findByText('Đã xử lý 2 lịch phát!', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bulk-review')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn lịch "Bản tin sáng"' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn lịch "Tin B"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Trả lại các lịch đã chọn' }));
    await userEvent.type(await screen.findByLabelText('Lý do'), 'Sai giờ phát');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByTestId('bulk-failures', {}, { timeout: 5000 })).toHaveTextContent('Chỉ trả lại được lịch phát đang chờ duyệt hoặc đã duyệt!');
    expect(server.calls.filter((c) => c.path === `${base}/duyetnhieu`).map((c) => c.body)).toEqual([
      { ids: ['lp-1', 'lp-2'], hanhdong: 'duyet' }, { ids: ['lp-1', 'lp-2'], hanhdong: 'yeucauduyetlai', lydo: 'Sai giờ phát' },
    ]);
  });

  it('lets an approver hear every source (files and speech in full, a relay for a few seconds) before approving from the same dialog', async () => {
    const sources = [
      { kieunguon: 'FILE', thoigianBatdau: 60, files: [{ fileName: 'bantin.mp3', url: 'audio/1-ab-bantin.mp3', duration: 60, thoigianbatdau: 0 }] },
      { kieunguon: 'Tổng Hợp Giọng Nói', thoigianBatdau: 20, url: 'tts/abc.mp3', thoiluong: 20 },
      { kieunguon: 'Tiếp Sóng', thoigianBatdau: 300, tenkenh: 'VOV1', url: '6f1c2a4e-0b7d-4c1e-9a55-3f0e8d2b7c11', thoiluong: 300 },
    ];
    const pending = makeSchedule({ nguonphat: sources, thaotac: { ...NONE, duyet: true, yeucauduyetlai: true } });
    const server = serve([pending], {
      [`GET ${base}/danhsachkenhsohoa`]: { status: 200, body: { data: [{ _id: '6f1c2a4e-0b7d-4c1e-9a55-3f0e8d2b7c11', tenkenh: 'VOV1', url: 'http://radio.example.vn/vov1' }] } },
      [`POST ${base}/thietbimuctieu`]: { status: 200, body: { data: [
        { _id: 'd-1', tenthietbi: 'Loa chợ', tendiaban: 'Xã Tân Lập', vido: 21.03, kinhdo: 105.85, tructuyen: true },
        { _id: 'd-2', tenthietbi: 'Loa đình', tendiaban: 'Xã Tân Lập', vido: null, kinhdo: null, tructuyen: false },
      ] } },
      'GET /v1/client/cauhinh': { status: 200, body: { data: { maptileurl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', mapattribution: '' } } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('duyetlichphat')] }) });
    await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 });
    await userEvent.click(within(row('lp-1')).getByRole('button', { name: 'Nghe trước' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nghe trước: Bản tin sáng' });
    expect(await within(dialog).findByTestId('targets-map', {}, { timeout: 5000 })).toHaveTextContent('Phát tới 2 loa (1 loa chưa có toạ độ).');
    expect(within(dialog).getByTestId('targets-map').querySelectorAll('path.leaflet-interactive')).toHaveLength(1);
    expect(within(dialog).getByLabelText('bantin.mp3')).toHaveAttribute('src', '/media/audio/1-ab-bantin.mp3');
    expect(within(dialog).getByLabelText('Giọng nói tổng hợp')).toHaveAttribute('src', '/media/tts/abc.mp3');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Nghe thử 10 giây' }, { timeout: 5000 }));
    expect(within(dialog).getByTestId('relay-preview')).toHaveAttribute('src', 'http://radio.example.vn/vov1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duyệt' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === `${base}/duyetlichphat`)?.body).toEqual({ id: 'lp-1' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nghe trước: Bản tin sáng' })).not.toBeInTheDocument());
  });
});
