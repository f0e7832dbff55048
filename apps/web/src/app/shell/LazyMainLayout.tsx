import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from './LoadingScreen';

const Shell = lazy(() => import('./MainLayout').then((m) => ({ default: m.MainLayout })));

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
