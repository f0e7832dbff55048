import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '../../i18n/I18nProvider';
import { SnackbarProvider } from '../../app/snackbar/SnackbarProvider';
import { MailBody } from './OutboxTab';

describe('an outbox mail', () => {
  it('shows its invitation link as a link that opens, with a button that copies it', () => {
    const link = 'http://127.0.0.1:3000/loi-moi?ma=abc123';
    render(
      <I18nProvider locale="vi"><SnackbarProvider><MailBody text={`Chào bạn,\nMở liên kết sau để tạo tài khoản: ${link}\nLiên kết hết hạn sau 7 ngày.`} /></SnackbarProvider></I18nProvider>,
    );
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(screen.getByRole('button', { name: 'Sao chép liên kết' })).toBeInTheDocument();
    expect(screen.getByText(/Liên kết hết hạn sau 7 ngày/)).toBeInTheDocument();
  });
});
