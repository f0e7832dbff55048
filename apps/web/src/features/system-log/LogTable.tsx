import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { describeLogDetail, type SystemLogEntry } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { actionLabel, outcomeLabel, targetLabel } from './actionLabels';

const OUTCOME_COLOR: Record<string, 'success' | 'error' | 'warning'> = { ok: 'success', failed: 'error', denied: 'warning' };

function OutcomeChip({ outcome }: { outcome: string }) {
  const { locale } = useT();
  return <Chip size="small" variant={outcome === 'ok' ? 'outlined' : 'filled'} color={OUTCOME_COLOR[outcome] ?? 'default'} label={outcomeLabel(locale, outcome)} data-outcome={outcome} />;
}

/** Who did what to which object, when, from where and how it ended. */
export function LogTable({ entries }: { entries: SystemLogEntry[] }) {
  const { t, tMessage, locale } = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('log.tableLabel')} sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180 }}>{t('log.time')}</TableCell>
            <TableCell>{t('log.who')}</TableCell>
            <TableCell>{t('log.what')}</TableCell>
            <TableCell>{t('log.target')}</TableCell>
            <TableCell>{t('log.area')}</TableCell>
            <TableCell>{t('log.ip')}</TableCell>
            <TableCell>{t('log.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry._id} hover data-testid="log-row" data-id={entry._id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(entry.thoigian)}</TableCell>
              <TableCell>{entry.nguoidung.tentaikhoan ? tMessage(entry.nguoidung.tentaikhoan) : t('log.system')}</TableCell>
              <TableCell data-action={entry.hanhdong}>
                {actionLabel(locale, entry.hanhdong)}
                {entry.chitiet && <Typography variant="caption" component="div" color="text.secondary" sx={{ wordBreak: 'break-word' }}>{describeLogDetail(entry.chitiet, locale)}</Typography>}
              </TableCell>
              {/* What the entry is about by its label and name, never its id (a uuid says nothing to a person). */}
              <TableCell data-target-id={entry.doituong.id ?? undefined}>
                {entry.doituong.loai && <Typography variant="body2">{targetLabel(locale, entry.doituong.loai)}{entry.doituong.ten ? `: ${entry.doituong.ten}` : ''}</Typography>}
              </TableCell>
              <TableCell>{entry.diaban?.tendiaban ?? ''}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{entry.ip ? tMessage(entry.ip) : ''}</TableCell>
              <TableCell><OutcomeChip outcome={entry.ketqua} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
