import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AS_RUN_REASONS, RIGHTS, type Account, type AsRunRow } from '@loa/contract';
import { I18nProvider } from './I18nProvider';
import { AccountRow } from '../features/accounts/AccountRow';
import { RightsCheckboxes } from '../features/accounts/RightsCheckboxes';
import { AsRunTable } from '../features/asrun/AsRunTable';
import { NoRightNotice } from '../features/errors/NoRightNotice';

const inEnglish = (ui: React.ReactNode) => render(<I18nProvider locale="en">{ui}</I18nProvider>);
const rights = RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen }));

/** Issue #28 item 9: what the server says in Vietnamese (rights, as-run reasons) reads in English in the English console (CAP outcomes: CapAlertsSection.test). */
describe('the server’s words in the English console', () => {
  it('labels rights in English: account chips, the rights checkboxes and the no-right notice', async () => {
    const account: Account = {
      _id: 'u1', tentaikhoan: 'canbo', hoten: 'Cán bộ', email: '', sdt: '', diaban: null, loaitaikhoan: 'user', tenloaitaikhoan: 'Người Dùng',
      quyenhan: [rights.find((r) => r.value === 'duyetlichphat')!], trangthaixacthucemail: false, khoa: false, doimatkhau: false, idAdmin: 'a', ngaytao: '2026-01-01',
    };
    inEnglish(<table><tbody><AccountRow account={account} isSelf={false} onAction={() => undefined} /></tbody></table>);
    expect(await screen.findByText('Approve schedules')).toBeInTheDocument();
    expect(screen.queryByText('Duyệt lịch phát')).toBeNull();

    inEnglish(<RightsCheckboxes rights={rights} value={[]} onChange={() => undefined} grantable={() => true} />);
    expect(screen.getByLabelText('Manage devices and areas')).toBeInTheDocument();
    expect(screen.getByLabelText('View the system log')).toBeInTheDocument();

    inEnglish(<NoRightNotice titleId="nav.accounts" right="quanlytaikhoan" />);
    expect(screen.getByTestId('no-right')).toHaveTextContent('Manage accounts');
  });

  it('gives as-run reasons in English', async () => {
    const row: AsRunRow = {
      _id: 'r', ngay: '2026-11-02', diaban: { _id: 'a', tendiaban: 'Xã A' }, hinhthuc: 'phatlich', idphien: null, idlichphat: 's', tieude: 'Tin sáng', loaibantin: 1,
      nguoitao: null, giodukien: Date.UTC(2026, 10, 2, 0, 0), batdau: null, ketthuc: null, thoiluong: 60, sothietbi: 2, sodaphat: 0, soloi: 0, sobingat: 0,
      songoaituyen: 2, sobaosau: 0, ketqua: 'bolo', lydo: AS_RUN_REASONS.missedAllOffline,
    };
    inEnglish(<AsRunTable rows={[row]} />);
    expect(await screen.findByText('No speaker was online at the play time')).toBeInTheDocument();
  });
});
