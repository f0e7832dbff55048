import { lazy, Suspense } from 'react';
import { useSearchParams, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { LoadingScreen } from './shell/LoadingScreen';
import { MainLayout } from './shell/LazyMainLayout';

const AccountsPage = lazy(() => import('../features/accounts/AccountsPage').then((m) => ({ default: m.AccountsPage })));
const SystemLogPage = lazy(() => import('../features/system-log/SystemLogPage').then((m) => ({ default: m.SystemLogPage })));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const GuidePage = lazy(() => import('../features/guide/GuidePage').then((m) => ({ default: m.GuidePage })));
const InvitationsPage = lazy(() => import('../features/invitations/InvitationsPage').then((m) => ({ default: m.InvitationsPage })));
const AcceptInvitationPage = lazy(() => import('../features/invitations/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })));
const IntegrationsPage = lazy(() => import('../features/integrations/IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })));
const VerifyEmailPage = lazy(() => import('../features/email-verification/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));

/** /loi-moi: with ?token= a public page to accept the invitation; without, the invitation list behind login. */
function InvitationRoute() {
  const token = useSearchParams()[0].get('token');
  if (token) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AcceptInvitationPage token={token} />
      </Suspense>
    );
  }
  return (
    <RequireAuth>
      <MainLayout>
        <InvitationsPage />
      </MainLayout>
    </RequireAuth>
  );
}

/** Screens of accounts, the system log, notifications and the guide, inside the signed-in shell. */
export const accountsShellRoutes: RouteObject[] = [
  { path: '/quan-ly-tai-khoan', element: <AccountsPage /> },
  { path: '/nhat-ky-he-thong', element: <SystemLogPage /> },
  { path: '/huong-dan', element: <GuidePage /> },
  { path: '/thong-bao', element: <NotificationsPage /> },
  { path: '/ket-noi', element: <IntegrationsPage /> },
];

/** Pages opened from e-mail links: they work without login. */
export const accountsPublicRoutes: RouteObject[] = [
  { path: '/loi-moi', element: <InvitationRoute /> },
  {
    path: '/xac-thuc-email',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <VerifyEmailPage />
      </Suspense>
    ),
  },
];
