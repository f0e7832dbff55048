import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';

const areas = { status: 200, body: { data: [{ _id: 'a-1', tendiaban: 'Xã Tân Lập', cap: 'xa', idcha: null }] } };

describe('real-time connection banner', () => {
  it('says the connection is lost while it is down, and reads what is on screen again when it is back', async () => {
    const socket = fakeSocket();
    const server = fakeServer({ 'GET /v1/client/thietbi': areas });
    renderApp('/quan-ly-dia-ban', { user: makeUser(), socketFactory: socket.factory });
    expect(await screen.findByText('Xã Tân Lập')).toBeInTheDocument();
    expect(screen.queryByTestId('realtime-banner')).not.toBeInTheDocument();
    const reads = () => server.calls.filter((c) => c.path === '/v1/client/thietbi').length;
    const before = reads();

    act(() => socket.emit('disconnect', 'transport close'));
    expect(await screen.findByTestId('realtime-banner')).toHaveTextContent('Mất kết nối thời gian thực, đang kết nối lại…');
    act(() => socket.emit('connect'));
    await waitFor(() => expect(screen.queryByTestId('realtime-banner')).not.toBeInTheDocument());
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  // A refusal (4xx) is not retried by itself: the user's retry reads again.
  it('shows a failed read with the server message and a retry that reads again', async () => {
    let answers = 0;
    fakeServer({ 'GET /v1/client/thietbi': () => (answers++ === 0 ? { status: 403, body: { message: 'Không có quyền xem địa bàn' } } : areas) });
    renderApp('/quan-ly-dia-ban', { user: makeUser() });
    const failed = await screen.findByTestId('query-error');
    expect(failed).toHaveTextContent('Không có quyền xem địa bàn');
    act(() => failed.querySelector('button')!.click());
    expect(await screen.findByText('Xã Tân Lập')).toBeInTheDocument();
  });
});
