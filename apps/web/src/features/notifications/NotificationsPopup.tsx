import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { NotificationItem } from './NotificationItem';
import { useNotifications } from './useNotifications';
import { useOpenNotification } from './useOpenNotification';

/** 'Thông báo hệ thống': the latest notifications, live, with the unread count on the bell. */
export function NotificationsPopup() {
  const { t } = useT();
  const navigate = useNavigate();
  const { latest, unread, markAllRead } = useNotifications();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const open = useOpenNotification();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `${t('header.notifications')}: ${unread > 99 ? '99+' : unread}` : t('header.notifications')}
        aria-describedby={unread > 0 ? 'notifications-unread' : undefined}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={unread > 0 ? unread : undefined} color="error" max={99} data-testid="notification-badge" data-count={unread}>
          <NotificationsIcon />
        </Badge>
        {unread > 0 && <Box component="span" id="notifications-unread" sx={{ display: 'none' }}>{t('notifications.unreadCount', { count: unread })}</Box>}
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'notifications-title', sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="notifications-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('header.notificationsTitle')}
          </Typography>
          {unread > 0 && <Button size="small" onClick={() => void markAllRead().catch((error: unknown) => notify.error(errorMessage(error)))}>{t('notifications.markAllRead')}</Button>}
        </Stack>
        <Divider />
        {latest.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            {t('header.noNotifications')}
          </Typography>
        ) : (
          <List disablePadding aria-label={t('header.notificationsTitle')} sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {latest.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} dense onOpen={(n) => { close(); open(n); }} />
            ))}
          </List>
        )}
        <Divider />
        <Stack sx={{ p: 1, alignItems: 'center' }}>
          <Button size="small" onClick={() => { close(); void navigate('/thong-bao'); }}>
            {t('header.viewAll')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
