import { Box, Chip, CircularProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { vnIsoDay, type CapAlert } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { CAP_ALERTS_PATH } from './api';
import { CapPolicySwitch } from './CapPolicySwitch';
import { IntegrationSection } from './IntegrationSection';
import { useLoaded } from './useLoaded';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

const OUTCOME_COLOR = {
  phat: 'error', nhap: 'warning', huy: 'default', capnhat: 'info', boqua: 'default', loi: 'error', dangxuly: 'info', tuchoi: 'warning', hethan: 'default',
} as const satisfies Record<CapAlert['ketqua'], string>;
const REFRESH_MS = 15_000;

/** Where an alert's result is seen: the bulletin in the as-run log of its day, or the draft among the schedules. */
function resultLink(alert: CapAlert): string | null {
  if (alert.idphatngay) {
    const day = vnIsoDay(Date.parse(alert.thoigiannhan));
    return `/nhat-ky-phat-song?tu=${day}&den=${day}`;
  }
  return alert.idlichphat ? `/quan-ly-lich-phat?id=${encodeURIComponent(alert.idlichphat)}` : null;
}

/** Received CAP alerts: who sent them, how severe, for which areas, and what each became (bulletin, draft, cancel…). */
export function CapAlertsSection() {
  const { t, tMessage } = useT();
  const { data: items, error, retry } = useLoaded<CapAlert[]>(CAP_ALERTS_PATH, REFRESH_MS);
  return (
    <IntegrationSection id="cap-alerts" title={t('capAlerts.title')} intro={t('capAlerts.intro')} action={<CapPolicySwitch />}>
      <QueryErrorAlert error={error} onRetry={retry} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items?.length === 0 && <Box sx={{ py: 4, textAlign: 'center' }}><Typography color="text.secondary">{t('capAlerts.none')}</Typography></Box>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('capAlerts.title')} sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('capAlerts.received')}</TableCell>
                <TableCell>{t('capAlerts.alert')}</TableCell>
                <TableCell>{t('capAlerts.severity')}</TableCell>
                <TableCell>{t('accounts.area')}</TableCell>
                <TableCell>{t('capAlerts.source')}</TableCell>
                <TableCell>{t('capAlerts.outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((alert) => {
                const link = resultLink(alert);
                return (
                  <TableRow key={alert._id} data-testid="cap-alert-row" data-id={alert._id}>
                    <TableCell>{formatTimestamp(alert.thoigiannhan)}</TableCell>
                    <TableCell>
                      <Typography variant="body2">{alert.tieude || alert.identifier}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`capAlerts.msgType.${alert.msgType}` as 'capAlerts.msgType.Alert')} · {alert.sender} · {alert.identifier}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{t(`capAlerts.sev.${alert.mucdo}` as 'capAlerts.sev.Extreme')}</Typography>
                      <Typography variant="caption" color="text.secondary">{t(`capAlerts.urg.${alert.khancap}` as 'capAlerts.urg.Immediate')}</Typography>
                    </TableCell>
                    <TableCell>{alert.diaban.map((a) => a.tendiaban).join(', ') || '—'}</TableCell>
                    <TableCell>
                      <Typography variant="body2">{alert.nguon === 'api' ? t('capAlerts.viaKey') : t('capAlerts.viaFeed')}</Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{alert.tennguon}</Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={OUTCOME_COLOR[alert.ketqua]} label={t(`capAlerts.outcome.${alert.ketqua}`)} />
                      {link && (
                        <Link component={RouterLink} to={link} sx={{ ml: 1 }} variant="body2">
                          {alert.idphatngay ? t('capAlerts.openBulletin') : t('capAlerts.openDraft')}
                        </Link>
                      )}
                      {alert.ghichu && <Typography variant="caption" color="text.secondary" component="div">{tMessage(alert.ghichu)}</Typography>}
                      {alert.thaythebang && <Typography variant="caption" color="text.secondary" component="div">{t('capAlerts.superseded')}</Typography>}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </IntegrationSection>
  );
}
