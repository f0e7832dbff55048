import { Box, Drawer, Toolbar, Typography } from '@mui/material';
import { MENU_WIDTH } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { MENU } from './menuItems';
import { MenuList } from './MenuList';

/** Side drawer: persistent on desktop, temporary below md; holds the notification-sound audio element. */
export function SideMenu({ open, desktop, onClose }: { open: boolean; desktop: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Drawer
      variant={desktop ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ width: desktop && open ? MENU_WIDTH : 0, flexShrink: 0, '& .MuiDrawer-paper': { width: MENU_WIDTH, boxSizing: 'border-box', borderRight: 'none' } }}
    >
      <Toolbar>
        <Typography variant="h6" component="div" color="primary" sx={{ fontWeight: 700 }}>
          {t('app.name')}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {t('app.tagline')}
        </Typography>
      </Toolbar>
      <Box component="nav" aria-label={t('nav.menu')} sx={{ overflowY: 'auto', py: 1 }}>
        <MenuList nodes={MENU} onNavigate={desktop ? undefined : onClose} />
      </Box>
      {/* Notification sound for later real-time features; nothing plays it yet. */}
      <audio data-testid="notification-sound" preload="none" />
    </Drawer>
  );
}
