import { Link as RouterLink } from 'react-router';
import { List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatRelative } from '../../lib/relativeTime';
import { formatStart } from '../schedules/scheduleWhen';

/** The next planned starts, with when as a date and as a relative time. */
export function UpcomingList({ items, now }: { items: Overview['lichsapden']; now: number }) {
  const { t, locale } = useT();
  if (items.length === 0) return <Typography color="text.secondary">{t('overview.upcomingEmpty')}</Typography>;
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <ListItemButton key={`${item.idlichphat}-${item.batdau}`} component={RouterLink} to="/quan-ly-lich-phat" data-testid="upcoming-item" divider>
          <ListItemText primary={item.tieude} secondary={`${formatStart(item.batdau)} · ${formatRelative(item.batdau, now, locale)}`} />
        </ListItemButton>
      ))}
    </List>
  );
}
