import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { titleForPath } from './screens';

/** Names the browser tab after the screen ("Quản lý thiết bị — Loa"), so tabs and history tell screens apart. */
export function DocumentTitle() {
  const { t } = useT();
  const { pathname } = useLocation();
  const screen = pathname === '/login' ? { titleId: 'login.title' as const } : titleForPath(pathname);
  const title = screen ? `${t(screen.titleId, 'params' in screen ? screen.params : undefined)} — ${t('title.suffix')}` : `${t('title.suffix')} — ${t('app.tagline')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
