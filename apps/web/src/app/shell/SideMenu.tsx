import { Box, Drawer, Toolbar, Typography } from '@mui/material';
import { MENU_WIDTH } from '@loa/contract';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { useCurrentUser } from '../../features/auth/useAuth';
import { NOTIFICATION_SOUND_ID, NOTIFICATION_SOUND_SRC } from '../../features/notifications/notificationSound';
import { useNotifications } from '../../features/notifications/useNotifications';
import { MENU, visibleMenu } from './menuItems';
import { DrawerSettings } from './DrawerSettings';
import { MenuList } from './MenuList';
import { roleOf } from './roleLabel';

/** Side drawer: persistent on desktop, temporary below md; and the notification-sound audio element beside it. */
export function SideMenu({ open, desktop, onClose }: { open: boolean; desktop: boolean; onClose: () => void }) {
  const { t } = useT();
  const { quyenhan, loaitaikhoan } = useCurrentUser();
  const { unread } = useNotifications();
  const nodes = useMemo(() => visibleMenu(MENU, quyenhan.map((r) => r.value), unread, roleOf(loaitaikhoan).isAdmin), [quyenhan, unread, loaitaikhoan]);
  return (
    <>
    <Drawer
      variant={desktop ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      // On a phone the menu renders when first opened, not hidden with every screen's first paint.
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
        <MenuList nodes={nodes} onNavigate={desktop ? undefined : onClose} />
      </Box>
      {!desktop && <DrawerSettings />}
    </Drawer>
    {/* Played when a notification arrives (THONG-BAO-MOI), whether the drawer is open or not. */}
    <audio id={NOTIFICATION_SOUND_ID} data-testid="notification-sound" src={NOTIFICATION_SOUND_SRC} preload="auto" />
    </>
  );
}
