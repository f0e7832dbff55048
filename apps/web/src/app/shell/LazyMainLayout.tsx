import { lazy, Suspense, type ReactNode } from 'react';
import { readStoredUser } from '../../lib/userStorage';
import { LoadingScreen } from './LoadingScreen';

const loadShell = () => import('./MainLayout');
// A signed-in visitor needs the shell at once: fetch it beside the entry, not after the first render.
if (typeof window !== 'undefined' && readStoredUser()) void loadShell();
const Shell = lazy(() => loadShell().then((m) => ({ default: m.MainLayout })));

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
