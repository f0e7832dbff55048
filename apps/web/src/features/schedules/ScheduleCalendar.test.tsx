import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer } from '../../test/fakeServer';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { typeIntoPicker } from '../../test/pickers';
import { AREAS } from '../../test/deviceFixtures';
import { makeSchedule } from './scheduleFixtures';
import { DAY_LONG, formatDate } from './scheduleWhen';
import { addDays, mondayOf, weekdayOf } from './vietnamTime';

const base = '/v1/client/lichphat';
const right = (value: string) => ({ value, quyen: value });
// Next week, so every block is still ahead whatever day the test runs.
const nextMonday = addDays(mondayOf(Date.now()), 7);
const morningSources = [
  { kieunguon: 'FILE', thoigianBatdau: 120, files: [{ fileName: 'mo-dau.mp3', url: 'audio/1-ab-mo-dau.mp3', duration: 120, thoigianbatdau: 0 }] },
  { kieunguon: 'Tiếp Sóng', tenkenh: 'VOV1', url: 'http://radio/vov1', thoiluong: 1680, thoigianBatdau: 1680 },
];
const morning = makeSchedule({ _id: 'lp-1', tieude: 'Bản tin sáng', chedophat: 'motlan', thutrongtuan: [], ngaybatdau: addDays(nextMonday, 2), giophat: ['06:00'], thoiluong: 1800, nguonphat: morningSources });
// A library programme: its length is the programme's.
const relay = makeSchedule({ _id: 'lp-2', tieude: 'Tiếp sóng thời sự', idchuongtrinh: 'ct-1', chedophat: 'motlan', thutrongtuan: [], ngaybatdau: addDays(nextMonday, 2), giophat: ['06:15'], thoiluong: 600, loaibantin: 3 });

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...extra,
    [`GET ${base}/lichphatdangphat`]: { status: 200, body: { data: [] } },
    [`POST ${base}/danhsachtrang`]: { status: 200, body: { data: { items: [morning, relay], tong: 2, trang: 1, sodong: 20 } } },
    [`POST ${base}/danhsachlichphat`]: { status: 200, body: { data: [morning, relay] } },
    [`POST ${base}/danhsachdiaban`]: { status: 200, body: { data: AREAS } },
    'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
    'GET /v1/client/chuongtrinh/danhsach': { status: 200, body: { data: [] } },
    [`POST ${base}/laylichphatsua`]: { status: 200, body: { data: morning } },
    [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
    [`POST ${base}/sualichphat`]: (body) => ({ status: 200, body: { data: { ...morning, ...(body as object), trangthai: 'choduyet' } } }),
  });
}

// The calendar's view is loaded lazily: its first import in a test file takes seconds in jsdom, more
// with another test file importing beside it (the console's tests run two at a time).
const FIRST_LOAD_MS = 20_000;

// (jsdom lays nothing out, so the library keeps its grid hidden: the blocks are read by their labels.)
const blockOf = async (id: string) => waitFor(() => {
  const found = screen.getAllByTestId('calendar-event', {}).find((e) => e.dataset.schedule === id);
  if (!found) throw new Error(`no block of ${id}`);
  return found;
}, { timeout: FIRST_LOAD_MS });

async function openNextWeek() {
  renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [right('themsuaxoalichphat')] }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Lịch biểu' }, { timeout: FIRST_LOAD_MS }));
  await userEvent.click(await screen.findByRole('button', { name: 'Sau' }, { timeout: FIRST_LOAD_MS }));
}

describe('the schedule calendar', { timeout: 30_000 }, () => {
  it('draws each occurrence as a block, marks the clash, and moves one by keyboard through the editor’s save', async () => {
    const server = serve();
    await openNextWeek();
    const block = await blockOf('lp-1');
    expect(block).toHaveAttribute('role', 'button');
    expect(block.getAttribute('aria-label')).toMatch(/^06:00 Bản tin sáng, \d\d\/\d\d\/\d{4}, Trùng loa$/);
    // What the block shows: its start in bold, the clash sign, its title.
    expect(block).toHaveTextContent('06:00 ⚠ Bản tin sáng');
    expect(within(block).getByText('06:00').tagName).toBe('B');
    expect((await blockOf('lp-2')).getAttribute('aria-label')).toMatch(/^06:15 Tiếp sóng thời sự, .*, Trùng loa$/);
    expect(screen.getByTestId('calendar-clashes')).toHaveTextContent('2 lần phát trùng giờ trên cùng loa');

    block.focus();
    fireEvent.keyDown(block, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Bản tin sáng' });
    typeIntoPicker(dialog, 'Giờ phát mới', '07:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dời lịch' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/sualichphat'))).toBe(true));
    const sent = server.calls.find((c) => c.path.endsWith('/sualichphat'))!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 'lp-1', phienban: morning.phienban, chedophat: 'motlan', ngaybatdau: addDays(nextMonday, 2), giophat: ['07:30'] });
    expect(server.calls.findIndex((c) => c.path.endsWith('/kiemtrathongtin'))).toBeLessThan(server.calls.findIndex((c) => c.path.endsWith('/sualichphat')));
    await waitFor(() => expect(screen.getAllByTestId('calendar-event').find((e) => e.dataset.schedule === 'lp-1')).toHaveAttribute('data-time', '07:30'));
    expect(screen.queryByTestId('calendar-clashes')).toBeNull();
  });

  it('gives a relay’s block a new length by keyboard (its relay’s, same save), and says why a programme’s length is fixed', async () => {
    const server = serve();
    await openNextWeek();
    const block = await blockOf('lp-1');
    // Only the relay's block has a lower edge to drag.
    expect(block.querySelector('.fc-event-resizer-end')).not.toBeNull();
    expect((await blockOf('lp-2')).querySelector('.fc-event-resizer-end')).toBeNull();

    block.focus();
    fireEvent.keyDown(block, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Bản tin sáng' });
    const length = within(dialog).getByRole('textbox', { name: 'Thời lượng (phút)' });
    expect(length).toHaveValue('30');
    await userEvent.clear(length);
    await userEvent.type(length, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dời lịch' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/sualichphat'))).toBe(true));
    const sent = server.calls.find((c) => c.path.endsWith('/sualichphat'))!.body as { nguonphat: Record<string, unknown>[]; giophat: string[] };
    // The file keeps its length; the relay takes the other 43 minutes; the start stays.
    expect(sent.nguonphat.map((s) => s.thoigianBatdau)).toEqual([120, 2580]);
    expect(sent.nguonphat[1]).toMatchObject({ kieunguon: 'Tiếp Sóng', thoiluong: 2580 });
    expect(sent.giophat).toEqual(['06:00']);
    expect(server.calls.findIndex((c) => c.path.endsWith('/kiemtrathongtin'))).toBeLessThan(server.calls.findIndex((c) => c.path.endsWith('/sualichphat')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const programme = await blockOf('lp-2');
    programme.focus();
    fireEvent.keyDown(programme, { key: 'Enter' });
    const other = await screen.findByRole('dialog', { name: 'Tiếp sóng thời sự' });
    expect(within(other).queryByRole('textbox', { name: 'Thời lượng (phút)' })).toBeNull();
    expect(within(other).getByTestId('length-fixed')).toHaveTextContent('Thời lượng do chương trình trong thư viện quyết định');
  });

  it('titles its day, week and month in one Vietnamese date format, the week as the week view does (#32 low item)', async () => {
    serve();
    await openNextWeek();
    const title = () => screen.getByTestId('calendar-title');
    await waitFor(() => expect(title()).toHaveTextContent(`Tuần ${formatDate(nextMonday)} – ${formatDate(addDays(nextMonday, 6))}`));
    // The day view opens on the first day of the week shown.
    const day = nextMonday;
    await userEvent.click(screen.getByRole('button', { name: 'Ngày' }));
    await waitFor(() => expect(title()).toHaveTextContent(`${DAY_LONG.vi[weekdayOf(day)]}, ${formatDate(day)}`));
    await userEvent.click(screen.getByRole('button', { name: 'Tháng' }));
    await waitFor(() => expect(title()).toHaveTextContent(`Tháng ${formatDate(day).slice(3)}`));
  });

  it('keeps the week shown when the commune filter changes (#32 low item)', async () => {
    const server = serve();
    await openNextWeek();
    await blockOf('lp-1');
    const week = screen.getByTestId('calendar-title').textContent!;
    await userEvent.click(screen.getByRole('combobox', { name: 'Địa bàn' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Xã Tân Lập' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/danhsachlichphat') && (c.body as { data: { diaban?: string } }).data.diaban === 'xa-1')).toBe(true));
    await blockOf('lp-1');
    expect(screen.getByTestId('calendar-title')).toHaveTextContent(week);
  });
});
