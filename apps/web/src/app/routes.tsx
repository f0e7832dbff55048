import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { DEFAULT_PATH } from '@loa/contract';
import { RedirectIfAuthed } from '../features/auth/RedirectIfAuthed';
import { RequireAuth } from '../features/auth/RequireAuth';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorScreen } from '../features/errors/RouteErrorScreen';
import { accountsPublicRoutes, accountsShellRoutes } from './accountsRoutes';
import { notificationService, PLACEHOLDER_SCREENS } from './screens';
import { ScrollToTop } from './ScrollToTop';
import { DocumentTitle } from './DocumentTitle';
import { LoadingScreen } from './shell/LoadingScreen';
import { MainLayout } from './shell/LazyMainLayout';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const OverviewPage = lazy(() => import('../features/overview/OverviewPage').then((m) => ({ default: m.OverviewPage })));
const DevicesPage = lazy(() => import('../features/devices/DevicesPage').then((m) => ({ default: m.DevicesPage })));
const DeviceMapPage = lazy(() => import('../features/device-map/DeviceMapPage').then((m) => ({ default: m.DeviceMapPage })));
const DeviceConfigPage = lazy(() => import('../features/device-config/DeviceConfigPage').then((m) => ({ default: m.DeviceConfigPage })));
const AreasPage = lazy(() => import('../features/areas/AreasPage').then((m) => ({ default: m.AreasPage })));
const SchedulesPage = lazy(() => import('../features/schedules/SchedulesPage').then((m) => ({ default: m.SchedulesPage })));
const AsRunPage = lazy(() => import('../features/asrun/AsRunPage').then((m) => ({ default: m.AsRunPage })));
const ProgrammesPage = lazy(() => import('../features/programmes/ProgrammesPage').then((m) => ({ default: m.ProgrammesPage })));
const PlaceholderScreen = lazy(() => import('../features/screens/PlaceholderScreen').then((m) => ({ default: m.PlaceholderScreen })));
const NotificationServiceScreen = lazy(() => import('../features/screens/NotificationServiceScreen').then((m) => ({ default: m.NotificationServiceScreen })));

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </>
  );
}

/** /notification-{service} is a product page behind login; any other single segment is a 404. */
function SegmentRoute() {
  if (!notificationService(useParams().segment)) return <NotFoundPage />;
  return (
    <RequireAuth>
      <MainLayout>
        <NotificationServiceScreen />
      </MainLayout>
    </RequireAuth>
  );
}

/** The route table of spec §2. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        path: '/login',
        element: (
          <RedirectIfAuthed>
            <Suspense fallback={<LoadingScreen />}>
              <LoginPage />
            </Suspense>
          </RedirectIfAuthed>
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { index: true, element: <Navigate to={DEFAULT_PATH} replace /> },
              { path: '/tong-quan', element: <OverviewPage /> },
              { path: '/quan-ly-thiet-bi', element: <DevicesPage /> },
              { path: '/ban-do-thiet-bi', element: <DeviceMapPage /> },
              { path: '/cau-hinh-thiet-bi', element: <DeviceConfigPage /> },
              { path: '/quan-ly-dia-ban', element: <AreasPage /> },
              { path: '/quan-ly-lich-phat', element: <SchedulesPage /> },
              { path: '/nhat-ky-phat-song', element: <AsRunPage /> },
              { path: '/quan-ly-chuong-trinh', element: <ProgrammesPage /> },
              ...accountsShellRoutes,
              ...PLACEHOLDER_SCREENS.map((screen) => ({
                path: screen.path,
                element: <PlaceholderScreen key={screen.path} titleId={screen.titleId} descriptionId={screen.descriptionId} />,
              })),
            ],
          },
        ],
      },
      ...accountsPublicRoutes,
      { path: '/:segment', element: <SegmentRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
