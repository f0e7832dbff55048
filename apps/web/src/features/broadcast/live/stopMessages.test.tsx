import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@loa/contract';
import { fakeServer } from '../../../test/fakeServer';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeSchedule } from '../../schedules/scheduleFixtures';
import { makeLive } from './liveFixtures';

vi.mock('./cues', () => ({ playCue: vi.fn() }));

const run = makeLive({ idlichphat: 'run-1', type: 'phatlich', idlichgoc: 'lp-1', nguoitao: 'u-1' });

describe('every Stop button', { timeout: 20_000 }, () => {
  it("says 'Dừng phát thành công!' on the live card and on the schedule list alike", async () => {
    const onAir = makeSchedule({ _id: 'lp-1', trangthai: 'daduyet', iddangphat: 'run-1', thaotac: { ...makeSchedule().thaotac, dung: true } });
    const server = fakeServer({
      'POST /v1/client/lichphat/danhsachlichphat': { status: 200, body: { data: [onAir] } },
      // The list view pages on the server.
      'POST /v1/client/lichphat/danhsachtrang': { status: 200, body: { data: { items: [onAir], tong: 1, trang: 1, sodong: 20 } } },
      'POST /v1/client/lichphat/danhsachdiaban': { status: 200, body: { data: [] } },
      'GET /v1/client/lichphat/lichphatdangphat': { status: 200, body: { data: [run] } },
      'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
      'GET /v1/client/chuongtrinh/danhsach': { status: 200, body: { data: [] } },
      'POST /v1/client/lichphat/dungkhancap': { status: 200, body: { data: null } },
    });
    renderApp('/quan-ly-lich-phat', { user: makeUser({ quyenhan: [{ value: 'themsuaxoalichphat', quyen: 'x' }] }) });
    const row = (await screen.findAllByTestId('schedule-row', {}, { timeout: 8000 }))[0]!;
    await userEvent.click(await within(row).findByRole('button', { name: 'Dừng phát' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.stopSuccess));
    expect(server.calls.filter((c) => c.path === '/v1/client/lichphat/dungkhancap')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: /^Đang phát/ }));
    const card = await screen.findByTestId('live-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Dừng' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/v1/client/lichphat/dungkhancap')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('alert').every((a) => a.textContent === MSG.stopSuccess)).toBe(true));
  });
});
