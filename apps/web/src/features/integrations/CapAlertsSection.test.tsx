import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CAP_NOTES, RIGHTS, type CapAlert } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ quyenhan: RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen })) });

const alert = (o: Partial<CapAlert> & Pick<CapAlert, '_id' | 'identifier' | 'ketqua'>): CapAlert => ({
  sender: 'canhbao@kttv-quangtri.gov.vn', sent: '2026-09-17T05:30:00+07:00', msgType: 'Alert', status: 'Actual', nguon: 'api', tennguon: 'Trạm xã A',
  tieude: `Cảnh báo ${o.identifier}`, sukien: 'Lũ quét', mucdo: 'Extreme', khancap: 'Immediate', diaban: [{ _id: 'a', tendiaban: 'Xã A' }],
  ghichu: null, idphatngay: null, idlichphat: null, thaythebang: null, thoigiannhan: '2026-09-17T00:00:00.000Z', ...o,
});

/** The Kết nối page's reads, with these received alerts. */
const connectPage = (alerts: CapAlert[]) => fakeServer({
  'GET /v1/client/khoaapi/danhsach': { status: 200, body: { data: [] } },
  'GET /v1/client/cap/chinhsach': { status: 200, body: { data: { chinhsach: 'tudong' } } },
  'GET /v1/client/cap/nguon': { status: 200, body: { data: [] } },
  'GET /v1/client/cap/danhsach': { status: 200, body: { data: alerts } },
});

describe('/ket-noi, received CAP alerts', () => {
  it('lists refused, expired and cancel messages with their outcome and reason', { timeout: 30_000 }, async () => {
    connectPage([
      alert({ _id: '1', identifier: 'HET-HAN', ketqua: 'hethan', ghichu: 'Cảnh báo CAP đã hết hạn lúc 2003-06-17T16:00:00-07:00 (<expires>), Loa không phát!' }),
      alert({ _id: '2', identifier: 'HUY-XA', msgType: 'Cancel', ketqua: 'tuchoi', tieude: '', diaban: [], ghichu: 'Cảnh báo được tham chiếu ("Lũ quét") không thuộc phạm vi quản lý của khoá API hoặc tài khoản này, Loa không thay đổi!' }),
      alert({ _id: '3', identifier: 'HUY-HUYEN', msgType: 'Cancel', ketqua: 'huy', tieude: '', ghichu: 'Đã huỷ: dừng bản tin "Lũ quét".' }),
    ]);
    renderApp('/ket-noi', { user: admin });
    // The page is loaded on demand: its first render may take a while on a busy machine.
    const rows = await screen.findAllByTestId('cap-alert-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Hết hạn, không phát')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('đã hết hạn lúc 2003-06-17T16:00:00-07:00');
    expect(within(rows[1]).getByText('Bị từ chối')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Huỷ · canhbao@kttv-quangtri.gov.vn · HUY-XA');
    expect(rows[1]).toHaveTextContent('không thuộc phạm vi quản lý');
    expect(within(rows[2]).getByText('Huỷ cảnh báo')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Đã huỷ: dừng bản tin');
    expect(rows[2]).toHaveTextContent('Xã A');
  });

  it('shows an alert’s outcome and what was done in English in the English console (issue #28 item 9)', { timeout: 30_000 }, async () => {
    localStorage.setItem('loa.ui', JSON.stringify({ locale: 'en' }));
    connectPage([alert({ _id: '3', identifier: 'HUY-HUYEN', msgType: 'Cancel', ketqua: 'huy', tieude: '', ghichu: CAP_NOTES.cancelled(CAP_NOTES.stoppedBulletin('Lũ quét')) })]);
    renderApp('/ket-noi', { user: admin });
    const [row] = await screen.findAllByTestId('cap-alert-row', {}, { timeout: 15_000 });
    expect(within(row!).getByText('Cancellation')).toBeInTheDocument();
    expect(row).toHaveTextContent('Cancelled: stopped the bulletin "Lũ quét".');
    expect(row).not.toHaveTextContent('Đã huỷ');
  });
});
