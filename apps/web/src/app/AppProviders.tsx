import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/queryClient';
import { setApiLanguage } from '../lib/apiClient';
import { I18nProvider } from '../i18n/I18nProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { NotificationsProvider } from '../features/notifications/NotificationsProvider';
import { useAuth } from '../features/auth/useAuth';
import { SocketProvider } from '../lib/socket/SocketProvider';
import type { SocketFactory } from '../lib/socket/createSocket';
import { UiSettingsProvider } from './settings/UiSettingsProvider';
import { useUiSettings } from './settings/useUiSettings';
import { AppThemeProvider } from './theme/AppThemeProvider';
import { SnackbarProvider } from './snackbar/SnackbarProvider';
import { EmergencyActionProvider } from './shell/EmergencyActionProvider';
import { useClearCacheOnUserChange } from './realtime/useClearCacheOnUserChange';

// Socket events into the cache: loaded once a user is signed in (not in the first load).
const SocketCacheSync = lazy(() => import('./realtime/ServerCacheSync'));

function LocaleBridge({ children }: { children: ReactNode }) {
  const { locale } = useUiSettings().settings;
  // Before any child reads: children's effects (their first requests) run before this component's.
  setApiLanguage(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // Each date field brings its pickers' language (lib/pickers.tsx), loaded with the screens that have one.
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}

function SessionSocket({ factory, children }: { factory?: SocketFactory; children: ReactNode }) {
  const { user } = useAuth();
  useClearCacheOnUserChange(user?.userID ?? null);
  return (
    <SocketProvider userID={user?.userID ?? null} factory={factory}>
      {user && (
        <Suspense fallback={null}>
          <SocketCacheSync />
        </Suspense>
      )}
      {children}
    </SocketProvider>
  );
}

/** Every app-wide provider, outermost first: the server-state cache, settings, language, theme, snackbar, session, socket, the user's notifications. */
export function AppProviders({ children, socketFactory }: { children: ReactNode; socketFactory?: SocketFactory }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <UiSettingsProvider>
        <LocaleBridge>
          <AppThemeProvider>
            <SnackbarProvider>
              <AuthProvider>
                <SessionSocket factory={socketFactory}>
                  <NotificationsProvider>
                    <EmergencyActionProvider>{children}</EmergencyActionProvider>
                  </NotificationsProvider>
                </SessionSocket>
              </AuthProvider>
            </SnackbarProvider>
          </AppThemeProvider>
        </LocaleBridge>
      </UiSettingsProvider>
    </QueryClientProvider>
  );
}
