import { Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatLoginActivity, type ProvinceOutboxItem } from '@loa/contract';
import type { MessageId } from '../../i18n/vi';
import { useT } from '../../i18n/useT';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/province.vi';

const when = (ms: number) => formatLoginActivity(ms / 1000);

/** The messages to the province that wait or were refused, each with its last error and a retry. */
export function ProvinceOutboxTable({ items, onRetry, busy }: { items: ProvinceOutboxItem[]; onRetry: (id: string) => void; busy: boolean }) {
  const { t } = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('province.queue')} sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('province.kind')}</TableCell>
            <TableCell>{t('province.op')}</TableCell>
            <TableCell>{t('province.object')}</TableCell>
            <TableCell>{t('province.status')}</TableCell>
            <TableCell>{t('province.attempts')}</TableCell>
            <TableCell>{t('province.lastError')}</TableCell>
            <TableCell>{t('province.createdAt')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((m) => (
            <TableRow key={m._id} data-testid="province-message" data-id={m._id}>
              <TableCell>{t(`province.kind.${m.loai}` as MessageId)}</TableCell>
              <TableCell>{t(`province.op.${m.thaotac}` as MessageId)}</TableCell>
              <TableCell>{m.doituong}</TableCell>
              <TableCell>
                <Chip size="small" color={m.trangthai === 'loi' ? 'error' : 'warning'} label={t(`province.status.${m.trangthai}` as MessageId)} />
              </TableCell>
              <TableCell>{m.solanthu}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{m.loicuoi ?? '—'}</Typography>
                {m.lanthutiep !== null && m.solanthu > 0 && <Typography variant="caption" color="text.secondary">{t('province.nextAttempt', { time: when(m.lanthutiep) })}</Typography>}
              </TableCell>
              <TableCell>{when(m.ngaytao)}</TableCell>
              <TableCell align="right">
                <Button size="small" disabled={busy} onClick={() => onRetry(m._id)}>{t('province.retryOne')}</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
