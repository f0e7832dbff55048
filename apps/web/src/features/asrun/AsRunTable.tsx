import { Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { MESSAGE_TYPES, vnClock, vnDay, type AsRunRow } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { AsRunOutcomeChip } from './AsRunOutcomeChip';

/** One row per programme and commune: when it was due and played, on how many speakers, how it ended and why. */
export function AsRunTable({ rows }: { rows: AsRunRow[] }) {
  const { t, tMessage, locale } = useT();
  const messageType = (id: number) => {
    const m = MESSAGE_TYPES.find((x) => x.id === id);
    return m ? (locale === 'en' ? m.en : m.ten) : String(id);
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={t('asrun.tableLabel')} sx={{ minWidth: 1000 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('asrun.day')}</TableCell>
            <TableCell>{t('asrun.area')}</TableCell>
            <TableCell>{t('asrun.planned')}</TableCell>
            <TableCell>{t('asrun.played')}</TableCell>
            <TableCell>{t('asrun.programme')}</TableCell>
            <TableCell align="right">{t('asrun.speakers')}</TableCell>
            <TableCell>{t('asrun.outcome')}</TableCell>
            <TableCell>{t('asrun.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const extra = [
              row.songoaituyen > 0 && t('asrun.offline', { count: row.songoaituyen }),
              row.sobaosau > 0 && t('asrun.playedOffline', { count: row.sobaosau }),
              row.soloi > 0 && t('asrun.errors', { count: row.soloi }),
              row.sobingat > 0 && t('asrun.cut', { count: row.sobingat }),
            ].filter(Boolean).join(' · ');
            return (
              <TableRow key={row._id} hover data-testid="asrun-row" data-id={row._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{vnDay(row.ngay)}</TableCell>
                <TableCell>{row.diaban.tendiaban}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{vnClock(row.giodukien)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.batdau === null ? '—' : `${vnClock(row.batdau)}${row.ketthuc === null ? '' : ` – ${vnClock(row.ketthuc)}`}`}</TableCell>
                <TableCell>
                  <Typography variant="body2">{row.tieude}</Typography>
                  <Typography variant="caption" color="text.secondary">{t(`asrun.kind.${row.hinhthuc}`)} · {messageType(row.loaibantin)}{row.nguoitao?.hoten ? ` · ${row.nguoitao.hoten}` : ''}</Typography>
                </TableCell>
                <TableCell align="right">
                  <Stack sx={{ alignItems: 'flex-end' }}>
                    <Typography variant="body2" data-testid="asrun-speakers">{row.sodaphat} / {row.sothietbi}</Typography>
                    {extra && <Typography variant="caption" color="text.secondary">{extra}</Typography>}
                  </Stack>
                </TableCell>
                <TableCell><AsRunOutcomeChip outcome={row.ketqua} /></TableCell>
                <TableCell><Typography variant="body2" color="text.secondary">{row.lydo ? tMessage(row.lydo) : ''}</Typography></TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
