import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { preloadableLazy } from './preloadableLazy';

const screenModule = { Screen: ({ name }: { name: string }) => <h1>{name}</h1> };

function renderIn(Component: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>Đang tải</p>}>
      <Component name="Tổng quan" />
    </Suspense>,
  );
}

describe('preloadableLazy', () => {
  it('renders a module loaded beforehand in the first pass, without the fallback', async () => {
    const load = vi.fn(async () => screenModule);
    const { Component, preload } = preloadableLazy(load, (m) => m.Screen);
    await preload();
    renderIn(Component);
    // Synchronously after render: a plain React.lazy would still show the fallback here.
    expect(screen.getByRole('heading', { name: 'Tổng quan' })).toBeInTheDocument();
    expect(screen.queryByText('Đang tải')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a module not yet loaded arrives, fetching it once', async () => {
    let arrive: (m: typeof screenModule) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof screenModule>((resolve) => (arrive = resolve)));
    const { Component, preload } = preloadableLazy(load, (m) => m.Screen);
    void preload();
    renderIn(Component);
    expect(screen.getByText('Đang tải')).toBeInTheDocument();
    await act(async () => arrive(screenModule));
    expect(await screen.findByRole('heading', { name: 'Tổng quan' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(screenModule);
    const { Component, preload } = preloadableLazy(load, (m: typeof screenModule) => m.Screen);
    await expect(preload()).rejects.toThrow('offline');
    await preload();
    renderIn(Component);
    expect(screen.getByRole('heading', { name: 'Tổng quan' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
