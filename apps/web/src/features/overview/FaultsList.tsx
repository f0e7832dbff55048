import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { CONNECTION_REASON_LABELS, labelOf, type Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatRelative } from '../../lib/relativeTime';

/** Recent device faults, newest first: device, area, reason, how long ago. */
export function FaultsList({ items, now }: { items: Overview['suco']; now: number }) {
  const { t, locale } = useT();
  if (items.length === 0) return <Typography color="text.secondary">{t('overview.faultsEmpty')}</Typography>;
  return (
    <List dense disablePadding>
      {items.map((fault) => (
        <ListItem key={fault._id} data-testid="fault-item" divider>
          <ListItemIcon sx={{ minWidth: 32 }}><WarningAmberIcon color="warning" fontSize="small" /></ListItemIcon>
          <ListItemText primary={`${fault.tenthietbi} — ${fault.tendiaban}`} secondary={`${labelOf(CONNECTION_REASON_LABELS, fault.lydo, locale)} · ${formatRelative(fault.thoigian, now, locale)}`} />
        </ListItem>
      ))}
    </List>
  );
}
