import { Chip, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { DeviceDetail } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** What a device runs with now, and whether each value is its own or inherited from its areas. */
export function EffectiveConfig({ detail }: { detail: DeviceDetail }) {
  const { t } = useT();
  const effective = detail.cauhinhhieuluc;
  const own = detail.cauhinh;
  const rows = [
    { id: 'amluong', label: t('config.volume'), value: String(effective.amluong), own: own.amluong !== undefined },
    { id: 'keepalive', label: t('config.keepalive'), value: t('config.seconds', { n: effective.keepalive }), own: own.keepalive !== undefined },
    { id: 'kenhmacdinh', label: t('config.defaultChannel'), value: effective.kenhmacdinh ?? t('config.none'), own: own.kenhmacdinh !== undefined },
    { id: 'giotinh', label: t('config.quietHours'), value: effective.giotinh ? `${effective.giotinh.tu} – ${effective.giotinh.den}` : t('config.none'), own: own.giotinh !== undefined },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="effective-config-title">
      <Typography id="effective-config-title" variant="subtitle1" component="h2" gutterBottom>{t('config.effectiveTitle', { name: detail.tenthietbi })}</Typography>
      <Table size="small">
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`effective-${row.id}`}>
              <TableCell component="th" scope="row">{row.label}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{row.value}</TableCell>
              <TableCell align="right"><Chip size="small" variant="outlined" color={row.own ? 'primary' : 'default'} label={row.own ? t('config.own') : t('config.inherited')} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
