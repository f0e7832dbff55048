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
import { readStoredUser } from '../lib/userStorage';
import { nextTask, preloadableLazy } from '../lib/preloadableLazy';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const Overview = preloadableLazy(() => import('../features/overview/OverviewPage'), (m) => m.OverviewPage);
const Devices = preloadableLazy(() => import('../features/devices/DevicesPage'), (m) => m.DevicesPage);
const DeviceMap = preloadableLazy(() => import('../features/device-map/DeviceMapPage'), (m) => m.DeviceMapPage);
const DeviceConfig = preloadableLazy(() => import('../features/device-config/DeviceConfigPage'), (m) => m.DeviceConfigPage);
const Areas = preloadableLazy(() => import('../features/areas/AreasPage'), (m) => m.AreasPage);
const Schedules = preloadableLazy(() => import('../features/schedules/SchedulesPage'), (m) => m.SchedulesPage);
const AsRun = preloadableLazy(() => import('../features/asrun/AsRunPage'), (m) => m.AsRunPage);
const Updates = preloadableLazy(() => import('../features/updates/UpdatesPage'), (m) => m.UpdatesPage);
const Programmes = preloadableLazy(() => import('../features/programmes/ProgrammesPage'), (m) => m.ProgrammesPage);
const Enrolment = preloadableLazy(() => import('../features/enrolment/EnrolmentPage'), (m) => m.EnrolmentPage);
const OverviewPage = Overview.Component;
const DevicesPage = Devices.Component;
const DeviceMapPage = DeviceMap.Component;
const DeviceConfigPage = DeviceConfig.Component;
const AreasPage = Areas.Component;
const SchedulesPage = Schedules.Component;
const AsRunPage = AsRun.Component;
const ProgrammesPage = Programmes.Component;
const EnrolmentPage = Enrolment.Component;
const UpdatesPage = Updates.Component;
const PlaceholderScreen = lazy(() => import('../features/screens/PlaceholderScreen').then((m) => ({ default: m.PlaceholderScreen })));
const NotificationServiceScreen = lazy(() => import('../features/screens/NotificationServiceScreen').then((m) => ({ default: m.NotificationServiceScreen })));

/**
 * The chunk of the screen a signed-in visitor opens the console on, fetched beside the entry and
 * the shell (LazyMainLayout.tsx) rather than once the shell has rendered: one round trip less
 * before the screen's first paint, and (main.tsx) the first render shows it without a fallback.
 */
const FIRST_SCREEN: Record<string, () => Promise<unknown>> = {
  '/': Overview.preload,
  '/tong-quan': Overview.preload,
  '/quan-ly-thiet-bi': Devices.preload,
  '/ban-do-thiet-bi': DeviceMap.preload,
  '/cau-hinh-thiet-bi': DeviceConfig.preload,
  '/quan-ly-dia-ban': Areas.preload,
  '/quan-ly-lich-phat': Schedules.preload,
  '/nhat-ky-phat-song': AsRun.preload,
  '/quan-ly-chuong-trinh': Programmes.preload,
  '/dang-ky-loa': Enrolment.preload,
  '/cap-nhat-phan-mem': Updates.preload,
};
// A failed fetch (offline) is the screen's to report when it renders (RouteErrorScreen), not an unhandled rejection here.
// Requested in a task of its own, as the shell is (LazyMainLayout.tsx), not in the entry's evaluation.
const firstScreen: Promise<unknown> =
  typeof window !== 'undefined' && readStoredUser() ? nextTask().then(() => FIRST_SCREEN[window.location.pathname]?.()).catch(() => undefined) : Promise.resolve();

/** Settles once the first screen's chunk (for a signed-in visitor on a screen of FIRST_SCREEN) has loaded or failed. */
export const firstScreenLoaded = (): Promise<unknown> => firstScreen;

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
              { path: '/dang-ky-loa', element: <EnrolmentPage /> },
              { path: '/cap-nhat-phan-mem', element: <UpdatesPage /> },
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
