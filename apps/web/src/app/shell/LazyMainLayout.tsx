import { Suspense, type ReactNode } from 'react';
import { nextTask, preloadableLazy } from '../../lib/preloadableLazy';
import { readStoredUser } from '../../lib/userStorage';
import { LoadingScreen } from './LoadingScreen';

const { Component: Shell, preload: loadShell } = preloadableLazy(() => import('./MainLayout'), (m) => m.MainLayout);
// A signed-in visitor needs the shell at once: fetch it beside the entry, not after the first render
// (in a task of its own: requesting its few dozen chunks is not added to the entry's evaluation).
const shell: Promise<unknown> = typeof window !== 'undefined' && readStoredUser() ? nextTask().then(loadShell).catch(() => undefined) : Promise.resolve();

/** Settles once the shell (for a signed-in visitor) has loaded or failed. */
export const shellLoaded = (): Promise<unknown> => shell;

/**
 * The authenticated shell, loaded when a signed-in screen first shows: the sign-in page and the
 * public pages do not carry its header, menus, live panel and broadcast centre in their first load.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Shell>{children}</Shell>
    </Suspense>
  );
}
