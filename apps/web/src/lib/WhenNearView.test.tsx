import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WhenNearView } from './WhenNearView';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhenNearView', () => {
  it('shows the placeholder until it comes near the viewport, then the content', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void, readonly options: { rootMargin: string }) {
        report = callback;
        expect(options.rootMargin).toBe('400px 0px');
      }
      observe = observe;
      disconnect = vi.fn();
    });
    render(<WhenNearView placeholder={(ref) => <div ref={ref}>đang chờ</div>}><p>biểu đồ</p></WhenNearView>);
    expect(screen.getByText('đang chờ')).toBeInTheDocument();
    expect(screen.queryByText('biểu đồ')).not.toBeInTheDocument();
    expect(observe).toHaveBeenCalledWith(screen.getByText('đang chờ'));
    act(() => report!([{ isIntersecting: false }]));
    expect(screen.queryByText('biểu đồ')).not.toBeInTheDocument();
    act(() => report!([{ isIntersecting: true }]));
    expect(screen.getByText('biểu đồ')).toBeInTheDocument();
    expect(screen.queryByText('đang chờ')).not.toBeInTheDocument();
  });

  it('shows the content at once where the browser cannot tell (no IntersectionObserver)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNearView placeholder={(ref) => <div ref={ref}>đang chờ</div>}><p>biểu đồ</p></WhenNearView>);
    expect(screen.getByText('biểu đồ')).toBeInTheDocument();
  });
});
