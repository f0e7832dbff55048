import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { SystemLogEntry } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { actionLabel, targetLabel } from './actionLabels';

const OUTCOME_COLOR: Record<string, 'success' | 'error' | 'warning'> = { ok: 'success', failed: 'error', denied: 'warning' };

function OutcomeChip({ outcome }: { outcome: string }) {
  const { t } = useT();
  const known = outcome in OUTCOME_COLOR;
  return <Chip size="small" variant={outcome === 'ok' ? 'outlined' : 'filled'} color={OUTCOME_COLOR[outcome] ?? 'default'} label={known ? t(`log.outcome.${outcome}` as MessageId) : outcome} data-outcome={outcome} />;
}

/** Who did what to which object, when, from where and how it ended. */
export function LogTable({ entries }: { entries: SystemLogEntry[] }) {
  const { t } = useT();
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
              <TableCell>{entry.nguoidung.tentaikhoan ?? t('log.system')}</TableCell>
              <TableCell data-action={entry.hanhdong}>{actionLabel(t, entry.hanhdong)}</TableCell>
              <TableCell>
                {entry.doituong.loai && <Typography variant="body2">{targetLabel(t, entry.doituong.loai)}{entry.doituong.ten ? `: ${entry.doituong.ten}` : ''}</Typography>}
                {entry.doituong.id && !entry.doituong.ten && <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{entry.doituong.id}</Typography>}
              </TableCell>
              <TableCell>{entry.diaban?.tendiaban ?? ''}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{entry.ip ?? ''}</TableCell>
              <TableCell><OutcomeChip outcome={entry.ketqua} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
