import { Box, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import AlarmIcon from '@mui/icons-material/Alarm';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import UpdateDisabledIcon from '@mui/icons-material/UpdateDisabled';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import type { Notification } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatTimestamp } from '../../lib/formatTimestamp';

const ICONS = {
  'thietbi-matketnoi': WifiOffIcon, 'thietbi-lechdongho': UpdateDisabledIcon, 'thietbi-guisai': ReportProblemIcon, 'thietbi-suckhoe': ThermostatIcon, 'phat-batdau': CampaignIcon, 'phat-ketthuc': StopCircleIcon, 'phat-bingat': PauseCircleIcon,
  'lichphat-choduyet': PendingActionsIcon, 'lichphat-sapden': AlarmIcon, 'lichphat-bolo': EventBusyIcon, 'canhbao-cap': CampaignIcon,
} as const;

/**
 * One notification: unread ones are bold with a dot; a click marks it read and opens its link. The
 * server stores it in Vietnamese; the English console reads it in English (NOTIFICATION_TEXTS).
 */
export function NotificationItem({ notification, onOpen, dense = false }: { notification: Notification; onOpen: (n: Notification) => void; dense?: boolean }) {
  const { tMessage } = useT();
  const Icon = ICONS[notification.loai] ?? CampaignIcon;
  const unread = !notification.dadoc;
  return (
    <ListItemButton
      alignItems="flex-start"
      divider
      dense={dense}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-id={notification._id}
      data-unread={unread ? 'true' : 'false'}
      sx={{ bgcolor: unread ? 'action.hover' : undefined }}
    >
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
        <Icon fontSize="small" color={unread ? 'primary' : 'disabled'} />
      </ListItemIcon>
      <ListItemText
        primary={
          <Typography variant="body2" component="span" sx={{ fontWeight: unread ? 700 : 400, display: 'block' }}>
            {tMessage(notification.tieude)}
          </Typography>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>{tMessage(notification.noidung)}</Box>
            <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{formatTimestamp(notification.thoigian)}</Box>
          </>
        }
      />
      {unread && <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 1, ml: 1, flexShrink: 0 }} />}
    </ListItemButton>
  );
}
