import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { MAIN_CONTENT_OFFSET_PX } from '@loa/contract';
import { AccountChangeWatcher } from '../../features/auth/AccountChangeWatcher';
import { DeviceLogoutWatcher } from '../../features/auth/DeviceLogoutWatcher';
import { BroadcastCenter } from '../../features/broadcast/BroadcastCenter';
import { LiveBroadcastsProvider } from '../../features/broadcast/live/LiveBroadcastsProvider';
import { LiveVoiceCenter } from '../../features/live/LiveVoiceCenter';
import { RealtimeBanner } from '../realtime/RealtimeBanner';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { Header } from './Header';
import { LoadingScreen } from './LoadingScreen';
import { SideMenu } from './SideMenu';

/** The authenticated shell: header, side menu, breadcrumbs and the content area 88 px from the top. */
export function MainLayout({ children }: { children?: ReactNode }) {
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  // The drawer follows the breakpoint (open on md and up, closed below) until the user toggles it.
  const [toggled, setToggled] = useState<{ desktop: boolean; open: boolean } | null>(null);
  const menuOpen = toggled && toggled.desktop === desktop ? toggled.open : desktop;

  return (
    <LiveBroadcastsProvider>
      <LiveVoiceCenter>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <DeviceLogoutWatcher />
        <AccountChangeWatcher />
        <Header menuOpen={menuOpen} onToggleMenu={() => setToggled({ desktop, open: !menuOpen })} />
        <Box id="side-menu">
          <SideMenu open={menuOpen} desktop={desktop} onClose={() => setToggled({ desktop, open: false })} />
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, mt: `${MAIN_CONTENT_OFFSET_PX}px`, px: { xs: 2, md: 3 }, pb: 3 }}>
          <RealtimeBanner />
          <AppBreadcrumbs />
          <BroadcastCenter>
            <Suspense fallback={<LoadingScreen />}>{children ?? <Outlet />}</Suspense>
          </BroadcastCenter>
        </Box>
      </Box>
      </LiveVoiceCenter>
    </LiveBroadcastsProvider>
  );
}
