import { lazy, Suspense, useState } from 'react';
import { AppBar, Box, IconButton, Stack, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import PaletteIcon from '@mui/icons-material/Palette';
import { useT } from '../../i18n/useT';
import { NotificationsPopup } from '../../features/notifications/NotificationsPopup';
import { LivePanelButton } from '../../features/broadcast/live/LivePanelButton';
import { LiveVoiceButton } from '../../features/live/LiveVoiceButton';
import { AccountMenu } from './AccountMenu';
import { EmergencyButton } from './EmergencyButton';
import { HeaderDate } from './HeaderDate';
import { LanguageMenu } from './LanguageMenu';
import { DeferredTooltip } from '../../lib/DeferredTooltip';

// Loaded on first use: most sessions never open it (keeps the first load light).
const ThemeCustomizer = lazy(() => import('../theme/ThemeCustomizer').then((m) => ({ default: m.ThemeCustomizer })));

/** Top bar: menu toggle, date, Emergency broadcast, live voice, the live panel, language, notifications, theme and account. */
export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useT();
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [customizerUsed, setCustomizerUsed] = useState(false);
  return (
    <AppBar position="fixed" color="inherit" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: 72 }}>
        <IconButton edge="start" aria-label={t('header.toggleMenu')} aria-expanded={menuOpen} aria-controls="side-menu" onClick={onToggleMenu}>
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" color="primary" sx={{ fontWeight: 700, mr: 2, display: { xs: 'none', sm: 'block' } }}>
          {t('app.name')}
        </Typography>
        <HeaderDate />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
          <EmergencyButton />
          <LiveVoiceButton />
          <LivePanelButton />
          {/* On a phone the language and the theme move to the side menu (SideMenu's DrawerSettings). */}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}><LanguageMenu /></Box>
          <NotificationsPopup />
          <DeferredTooltip title={t('header.customize')}>
            <IconButton aria-label={t('header.customize')} onClick={() => { setCustomizerUsed(true); setCustomizerOpen(true); }} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              <PaletteIcon />
            </IconButton>
          </DeferredTooltip>
          <AccountMenu />
        </Stack>
      </Toolbar>
      {customizerUsed && <Suspense fallback={null}><ThemeCustomizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} /></Suspense>}
    </AppBar>
  );
}
