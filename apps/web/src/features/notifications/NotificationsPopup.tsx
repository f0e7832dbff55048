import { useState } from 'react';
import { Box, Button, Divider, IconButton, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useT } from '../../i18n/useT';

/** 'Thông báo hệ thống' popup; there are no notifications yet (spec §2). */
export function NotificationsPopup() {
  const { t } = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton color="inherit" aria-label={t('header.notifications')} aria-haspopup="dialog" aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        <NotificationsIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'notifications-title', sx: { width: 320 } } }}
      >
        <Box sx={{ p: 2 }}>
          <Typography id="notifications-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('header.notificationsTitle')}
          </Typography>
        </Box>
        <Divider />
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {t('header.noNotifications')}
        </Typography>
        <Divider />
        <Stack sx={{ p: 1, alignItems: 'center' }}>
          <Button size="small" onClick={close}>
            {t('header.viewAll')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
