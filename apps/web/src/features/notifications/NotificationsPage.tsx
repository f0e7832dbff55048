import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, CircularProgress, List, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { EVENTS, GRID_SPACING, MESSAGING_SERVICES, type Notification } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useKeysetPages } from '../../lib/useKeysetPages';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { fetchNotifications, NOTIFICATIONS_LIST_PATH, notificationPageQuery } from './api';
import { NotificationItem } from './NotificationItem';
import { useNotifications } from './useNotifications';
import { useOpenNotification } from './useOpenNotification';

const PAGE_SIZE = 20;
type Filter = 'all' | 'unread';

/** /thong-bao: every notification of the user, all or unread only, newest first, with mark-all-read. */
export function NotificationsPage() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const canForward = hasRight(useCurrentUser(), 'quanlytaikhoan');
  const { unread, markAllRead } = useNotifications();
  const [filter, setFilter] = useState<Filter>('all');
  const first = `${NOTIFICATIONS_LIST_PATH}?${notificationPageQuery(filter === 'unread', PAGE_SIZE, null)}`;
  const { items, hasMore, loading, error, retry, loadMore, update } = useKeysetPages<Notification>(first, async (after) => {
    const page = await fetchNotifications(filter === 'unread', PAGE_SIZE, after);
    return { items: page.items, next: page.tieptheo };
  });

  useSocketEvent(EVENTS.newNotification, (notification) => {
    update((current) => [notification, ...current.filter((n) => n._id !== notification._id)]);
  });

  const markLocal = useCallback((id: string) => {
    update((current) => (filter === 'unread' ? current.filter((n) => n._id !== id) : current.map((n) => (n._id === id ? { ...n, dadoc: true } : n))));
  }, [filter, update]);
  const open = useOpenNotification(markLocal);

  const readAll = async () => {
    try {
      await markAllRead();
      update((current) => (filter === 'unread' ? [] : current.map((n) => ({ ...n, dadoc: true }))));
      notify.success(t('notifications.allRead'));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    }
  };

  return (
    <Stack spacing={GRID_SPACING}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">{t('nav.notifications')}</Typography>
        {canForward && (
          <Stack direction="row" spacing={1}>
            {MESSAGING_SERVICES.map((service) => (
              <Button key={service} component={RouterLink} to={`/notification-${service}`}>{t('forwarding.linkTo', { service: t(`forwarding.service.${service}`) })}</Button>
            ))}
          </Stack>
        )}
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <ToggleButtonGroup exclusive size="small" value={filter} onChange={(_event, value: Filter | null) => value && setFilter(value)} aria-label={t('notifications.filter')}>
              <ToggleButton value="all">{t('notifications.all')}</ToggleButton>
              <ToggleButton value="unread">{t('notifications.unreadOnly', { count: unread })}</ToggleButton>
            </ToggleButtonGroup>
            <Button startIcon={<DoneAllIcon />} disabled={unread === 0} onClick={() => void readAll()}>{t('notifications.markAllRead')}</Button>
          </Stack>
          <QueryErrorAlert error={error} onRetry={retry} />
          {items?.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('header.noNotifications')}</Typography></Box>}
          {items && items.length > 0 && (
            <List disablePadding aria-label={t('nav.notifications')}>
              {items.map((notification) => <NotificationItem key={notification._id} notification={notification} onOpen={open} />)}
            </List>
          )}
          {loading && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}
          {hasMore && !loading && <Button onClick={() => void loadMore()} sx={{ alignSelf: 'center' }}>{t('log.loadMore')}</Button>}
        </Stack>
      </Paper>
    </Stack>
  );
}
