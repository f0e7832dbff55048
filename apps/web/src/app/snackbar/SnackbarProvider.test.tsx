import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Dialog } from '@mui/material';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@loa/contract';
import { I18nProvider } from '../../i18n/I18nProvider';
import { SnackbarProvider } from './SnackbarProvider';
import { useNotify } from './useNotify';

function Trigger() {
  const notify = useNotify();
  return <button onClick={() => notify.error(MSG.cannotConnect)}>go</button>;
}

function setup(locale: 'vi' | 'en' = 'vi') {
  render(
    <I18nProvider locale={locale}>
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'go' }));
}

describe('notification area', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the message as an alert, ignores click-away and hides after 6 s', () => {
    vi.useFakeTimers();
    setup();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.cannotConnect);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    act(() => vi.advanceTimersByTime(5_900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides on its close button', () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays readable when a dialog closes over another after the message appeared', async () => {
    function Dialogs() {
      const notify = useNotify();
      const [inner, setInner] = useState(true);
      return (
        <Dialog open slotProps={{ paper: { 'aria-label': 'form' } }}>
          <button onClick={() => { setInner(false); notify.success(MSG.broadcastSuccess); }}>send</button>
          <Dialog open={inner} slotProps={{ paper: { 'aria-label': 'question' } }}><p>?</p></Dialog>
        </Dialog>
      );
    }
    render(<I18nProvider locale="vi"><SnackbarProvider><Dialogs /></SnackbarProvider></I18nProvider>);
    expect(screen.getByRole('dialog', { name: 'question' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'send', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'question' })).toBeNull());
    // Still announced once the question has gone and the form is the top dialog again.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.broadcastSuccess));
    expect(screen.getByRole('dialog', { name: 'form' })).toBeInTheDocument();
  });

  it('translates a known contract message in English', () => {
    setup('en');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot connect to the server!');
  });
});
