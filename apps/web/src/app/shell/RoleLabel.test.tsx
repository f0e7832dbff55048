import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '../../i18n/I18nProvider';
import { RoleLabel } from './RoleLabel';

describe('role label', () => {
  it("labels account type 'nguoidung' administrator, with a badge", () => {
    render(<I18nProvider locale="vi"><RoleLabel loaitaikhoan="nguoidung" /></I18nProvider>);
    expect(screen.getByTestId('role-label')).toHaveTextContent('Quản Trị Viên');
    expect(screen.getByTestId('admin-badge')).toBeInTheDocument();
  });

  it.each(['canbo', 'admin', ''])('labels account type %j a user, without a badge', (type) => {
    render(<I18nProvider locale="vi"><RoleLabel loaitaikhoan={type} /></I18nProvider>);
    expect(screen.getByTestId('role-label')).toHaveTextContent('Người Dùng');
    expect(screen.queryByTestId('admin-badge')).toBeNull();
  });

  it('speaks English in English', () => {
    render(<I18nProvider locale="en"><RoleLabel loaitaikhoan="nguoidung" /></I18nProvider>);
    expect(screen.getByTestId('role-label')).toHaveTextContent('Administrator');
  });
});
