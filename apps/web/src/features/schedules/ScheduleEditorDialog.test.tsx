import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCHEDULE_MESSAGES, type Schedule } from '@loa/contract';
import { AppProviders } from '../../app/AppProviders';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { typeIntoPicker } from '../../test/pickers';
import { writeStoredUser } from '../../lib/userStorage';
import { makeProgramme, makeSchedule } from './scheduleFixtures';
import { ScheduleEditorDialog, saveHintOf } from './ScheduleEditorDialog';

// Theirs plays 06:00–06:05 on 18/11 (Vietnam); ours, 30 s long, starts at 06:04:50.
const CONFLICT = {
  idlichphat: 'lp-9', tieude: 'Thể dục buổi sáng', batdau: Date.UTC(2025, 10, 17, 23, 4, 50), ketthuc: Date.UTC(2025, 10, 17, 23, 5),
  lichnay: { batdau: Date.UTC(2025, 10, 17, 23, 4, 50), ketthuc: Date.UTC(2025, 10, 17, 23, 5, 20) }, lichkhac: { batdau: Date.UTC(2025, 10, 17, 23, 0), ketthuc: Date.UTC(2025, 10, 17, 23, 5) },
  thietbi: [{ _id: 'd-1', tenthietbi: 'Loa chợ' }],
};
const base = '/v1/client/lichphat';

function open(props: { schedule?: Schedule; programme?: ReturnType<typeof makeProgramme>; onAir?: boolean }, routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({
    [`POST ${base}/danhsachdiaban`]: { status: 200, body: { data: AREAS } },
    'GET /v1/client/thietbi/laythietbi?diaban=xa-1': { status: 200, body: { data: [makeSpeaker()] } },
    ...routes,
  });
  writeStoredUser(makeUser());
  const onSaved = vi.fn();
  render(
    <AppProviders socketFactory={fakeSocket().factory}>
      <ScheduleEditorDialog {...props} programmes={props.programme ? [props.programme] : []} onClose={() => undefined} onSaved={onSaved} />
    </AppProviders>,
  );
  return { server, onSaved, dialog: screen.getByRole('dialog', { name: 'Lịch phát' }) };
}

const bodies = (server: ReturnType<typeof fakeServer>, path: string) => server.calls.filter((c) => c.path === `${base}/${path}`).map((c) => c.body as Record<string, unknown>);

describe('schedule editor', { timeout: 30_000 }, () => {
  it('checks clashes first, lists them, and saves only after "Vẫn lưu"', async () => {
    const saved = makeSchedule({ _id: 'lp-new' });
    const { server, onSaved, dialog } = open({ programme: makeProgramme() }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [CONFLICT] } },
      [`POST ${base}/taolichphat`]: { status: 200, body: { data: saved } },
    });
    expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('Thời sự tối');
    expect(within(dialog).getByLabelText('Chương trình')).toHaveValue('ct-1');
    expect(within(dialog).getByLabelText('Loại bản tin')).toHaveValue('3');

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Địa bàn' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Xã Tân Lập' }, { timeout: 5000 }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Thiết bị' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tất cả thiết bị' }, { timeout: 5000 }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'T2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'CN' }));
    typeIntoPicker(dialog, 'Giờ phát', '06:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm giờ' }));
    typeIntoPicker(dialog, 'Ngày bắt đầu', '17/11/2025');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));

    const clash = await screen.findByRole('dialog', { name: 'Trùng lịch phát' }, { timeout: 5000 });
    // Both whole occurrences, to the second where one needs it (not the overlap alone, "06:04–06:05").
    expect(within(clash).getByTestId('schedule-conflict')).toHaveTextContent('Thể dục buổi sáng — 18/11/2025 06:00–06:05');
    expect(within(clash).getByTestId('schedule-conflict')).toHaveTextContent('Lịch đang lưu phát 18/11/2025 06:04:50–06:05:20');
    expect(within(clash).getByTestId('schedule-conflict')).toHaveTextContent('Loa chợ');
    expect(bodies(server, 'taolichphat')).toHaveLength(0);
    expect(bodies(server, 'kiemtrathongtin')[0]).toMatchObject({
      tieude: 'Thời sự tối', idchuongtrinh: 'ct-1', nguonphat: [], diabanchon: ['xa-1'], thietbichon: ['tatca'], loaibantin: 3,
      chedophat: 'hangtuan', thutrongtuan: [0, 1], ngaybatdau: '2025-11-17', giophat: ['06:00'],
    });

    await userEvent.click(within(clash).getByRole('button', { name: 'Quay lại' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trùng lịch phát' })).not.toBeInTheDocument());
    expect(bodies(server, 'taolichphat')).toHaveLength(0);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Trùng lịch phát' }, { timeout: 5000 })).getByRole('button', { name: 'Vẫn lưu' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved), { timeout: 5000 });
    expect(bodies(server, 'taolichphat')[0]).toEqual(bodies(server, 'kiemtrathongtin')[1]);
  });

  it('saves at once when nothing clashes, and refuses a weekly schedule with no weekday', async () => {
    const { server, onSaved, dialog } = open({ schedule: makeSchedule({ thutrongtuan: [] }) }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
      [`POST ${base}/sualichphat`]: { status: 200, body: { data: makeSchedule({ phienban: 4 }) } },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.noWeekdays));
    expect(bodies(server, 'kiemtrathongtin')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'T3' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies(server, 'sualichphat')[0]).toMatchObject({ id: 'lp-1', phienban: 3, thutrongtuan: [2], nguonphat: [expect.objectContaining({ tenkenh: 'VOV1' })] });
    // The clash check of an edit names the schedule being edited, so the server leaves it out.
    expect(bodies(server, 'kiemtrathongtin')[0]).toMatchObject({ id: 'lp-1', phienban: 3 });
  });

  it('shows the 409 message when someone saved first, and reloads their version', async () => {
    const theirs = makeSchedule({ tieude: 'Bản tin sáng (đã sửa)', phienban: 4, giophat: ['07:00'] });
    let edits = 0;
    const { server, onSaved, dialog } = open({ schedule: makeSchedule() }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
      [`POST ${base}/sualichphat`]: () => (edits++ === 0 ? { status: 409, body: { message: SCHEDULE_MESSAGES.editConflict } } : { status: 200, body: { data: theirs } }),
      [`POST ${base}/laylichphatsua`]: { status: 200, body: { data: theirs } },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    const stale = await screen.findByRole('dialog', { name: 'Lịch phát đã thay đổi' }, { timeout: 5000 });
    expect(stale).toHaveTextContent(SCHEDULE_MESSAGES.editConflict);
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.click(within(stale).getByRole('button', { name: 'Tải lại' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Tên chương trình')).toHaveValue('Bản tin sáng (đã sửa)'));
    expect(bodies(server, 'laylichphatsua')[0]).toEqual({ data: { id: 'lp-1' } });
    expect(within(dialog).getByTestId('start-times')).toHaveTextContent('07:00');

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies(server, 'sualichphat')[1]).toMatchObject({ id: 'lp-1', phienban: 4 });
  });

  it('warns that saving a schedule on air stops its running occurrence, and says it did', async () => {
    const { dialog } = open({ schedule: makeSchedule({ iddangphat: 'run-1', tinhtrang: 'dangphat' }), onAir: true }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
      [`POST ${base}/sualichphat`]: { status: 200, body: { data: makeSchedule({ phienban: 4 }) } },
    });
    expect(within(dialog).getByTestId('schedule-on-air')).toHaveTextContent('khi lưu thay đổi, lần phát đang chạy sẽ dừng trên các loa');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    expect(await screen.findByText('Đã lưu lịch phát! Lần phát đang chạy đã dừng trên các loa.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells, for a one-time schedule on air, that saving needs a new time in the future, not only that the running broadcast stops (issue #32 item 9)', async () => {
    const { dialog } = open({ schedule: makeSchedule({ chedophat: 'motlan', iddangphat: 'run-1', tinhtrang: 'dangphat' }), onAir: true }, {});
    const warning = within(dialog).getByTestId('schedule-on-air');
    expect(warning).toHaveTextContent('lần phát duy nhất của nó đã bắt đầu');
    expect(warning).toHaveTextContent('hãy chọn ngày giờ phát mới trong tương lai');
    expect(warning).not.toHaveTextContent('lịch mới áp dụng từ lần phát sau');
  });

  it('composes a monthly repeat on the second Monday with a count, skipping holidays, with one broadcast moved', async () => {
    const { server, onSaved, dialog } = open({ schedule: makeSchedule({ giophat: ['06:00'] }) }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
      [`POST ${base}/sualichphat`]: { status: 200, body: { data: makeSchedule({ phienban: 4 }) } },
    });
    await userEvent.selectOptions(within(dialog).getByLabelText('Chế độ phát'), 'Hằng tháng');
    await userEvent.selectOptions(within(dialog).getByLabelText('Lặp hằng tháng theo'), 'Thứ của tuần thứ mấy');
    await userEvent.selectOptions(within(dialog).getByLabelText('Tuần thứ'), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Thứ'), 'Thứ Hai');
    await userEvent.type(within(dialog).getByLabelText('Số lần phát'), '6');
    await userEvent.click(within(dialog).getByLabelText('Không phát vào ngày nghỉ lễ (theo lịch ngày nghỉ của đơn vị)'));
    typeIntoPicker(dialog, 'Ngày của lần phát', '14/12/2026');
    await userEvent.selectOptions(within(dialog).getByLabelText('Cách xử lý'), 'Dời sang ngày giờ khác');
    typeIntoPicker(dialog, 'Ngày mới', '15/12/2026');
    typeIntoPicker(dialog, 'Giờ mới', '07:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm ngoại lệ' }));
    expect(within(dialog).getByTestId('schedule-exceptions')).toHaveTextContent('14/12/2026 06:00 → 15/12/2026 07:30');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });
    expect(bodies(server, 'sualichphat')[0]).toMatchObject({
      chedophat: 'hangthang', hangthang: { kieu: 'thu', tuan: 2, thu: 1 }, thutrongtuan: [], solanphat: 6, bongayle: true, cacngay: [],
      ngoaile: [{ ngay: '2026-12-14', gio: '06:00', doisang: { ngay: '2026-12-15', gio: '07:30' } }],
    });
  });

  it('composes a schedule on chosen dates, and refuses one with none', async () => {
    const { server, onSaved, dialog } = open({ schedule: makeSchedule() }, {
      [`POST ${base}/kiemtrathongtin`]: { status: 200, body: { data: [] } },
      [`POST ${base}/sualichphat`]: { status: 200, body: { data: makeSchedule({ phienban: 4 }) } },
    });
    await userEvent.selectOptions(within(dialog).getByLabelText('Chế độ phát'), 'Các ngày cụ thể');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.noDates));
    for (const date of ['03/12/2026', '25/11/2026']) {
      typeIntoPicker(dialog, 'Ngày phát', date);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm ngày' }));
    }
    expect(within(dialog).getByTestId('schedule-dates')).toHaveTextContent('25/11/2026' + '03/12/2026');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu' }, { timeout: 5000 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });
    expect(bodies(server, 'sualichphat')[0]).toMatchObject({ chedophat: 'cacngay', cacngay: ['2026-11-25', '2026-12-03'], ngaybatdau: '2026-11-25', ngayketthuc: null, thutrongtuan: [] });
  });

  it('says before saving what a change does to an approved schedule: back to "Chờ duyệt" for an officer who may not approve', async () => {
    const { dialog } = open({ schedule: makeSchedule({ trangthai: 'daduyet' }) }, {});
    expect(within(dialog).getByTestId('schedule-save-hint')).toHaveTextContent('Nếu lưu thay đổi, lịch sẽ về "Chờ duyệt"');
  });
});

describe('what saving does to the status (issue #32 item 5)', () => {
  it('never promises an approval: an approver is told saving does not approve; an approved schedule stays approved only for an approver', () => {
    expect(saveHintOf(makeSchedule({ trangthai: 'choduyet' }), true)?.key).toBe('schedules.saveDoesNotApprove');
    expect(saveHintOf(makeSchedule({ trangthai: 'yeucausua' }), true)?.key).toBe('schedules.saveDoesNotApprove');
    expect(saveHintOf(makeSchedule({ trangthai: 'yeucausua' }), false)?.key).toBe('schedules.saveResubmits');
    expect(saveHintOf(makeSchedule({ trangthai: 'daduyet' }), true)?.key).toBe('schedules.saveKeepsApproved');
    expect(saveHintOf(makeSchedule({ trangthai: 'daduyet' }), false)).toMatchObject({ key: 'schedules.saveNeedsApproval', severity: 'warning' });
    expect(saveHintOf(makeSchedule({ trangthai: 'choduyet' }), false)).toBeNull();
    expect(saveHintOf(undefined, true)).toBeNull();
  });
});
