import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { OverviewCharts } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useFormatOffline } from './useFormatOffline';

/** The speakers offline longest over the last 7 days, with whether they are offline now. */
export function TopOfflineTable({ items }: { items: OverviewCharts['ngoaituyen'] }) {
  const { t } = useT();
  const duration = useFormatOffline();
  if (items.length === 0) return <Typography color="text.secondary">{t('overview.offlineNone')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('overview.topOffline')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('overview.device')}</TableCell>
            <TableCell>{t('overview.commune')}</TableCell>
            <TableCell align="right">{t('overview.offlineFor')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((d) => (
            <TableRow key={d._id} data-testid="offline-row">
              <TableCell>
                {d.tenthietbi}
                {d.dangngoaituyen && <Chip size="small" color="warning" variant="outlined" label={t('overview.offlineNow')} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{d.tendiaban}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{duration(d.giayngoaituyen, d.dangngoaituyen)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
