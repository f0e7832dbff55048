import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { hardNavigation } from '../../lib/navigation';
import { fakeSocket } from '../../test/fakeSocket';
import { isChunkLoadError } from './chunkLoadError';
import { RouteErrorScreen } from './RouteErrorScreen';

function renderRoute(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element, errorElement: <RouteErrorScreen /> }], { initialEntries: ['/'] });
  render(<AppProviders socketFactory={fakeSocket().factory}><RouterProvider router={router} /></AppProviders>);
}

describe('RouteErrorScreen', () => {
  it('says the connection was lost or a new version is out when a route chunk fails to load, and reloads on retry', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/DevicesPage-abc.js')));
    renderRoute(<Missing />);
    expect(await screen.findByTestId('chunk-error')).toHaveTextContent('Mất kết nối hoặc đã có phiên bản mới');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại trang' }));
    expect(go).toHaveBeenCalledWith('/');
    vi.restoreAllMocks();
  });

  it('shows a Vietnamese error page, not the developer page, for any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoute(<Broken />);
    expect(await screen.findByTestId('route-error')).toHaveTextContent('Đã có lỗi khi hiển thị trang');
    vi.restoreAllMocks();
  });

  it('tells chunk failures from other errors', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
