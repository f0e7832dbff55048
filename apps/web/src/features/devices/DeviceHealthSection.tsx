import { Alert, Stack, Typography } from '@mui/material';
import type { DeviceLive } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatDateTime } from './formatLastSeen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

type Health = NonNullable<DeviceLive['suckhoe']>;

function Row({ label, children, fault = false }: { label: string; children: React.ReactNode; fault?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary" component="dt">{label}</Typography>
      <Typography variant="body2" component="dd" color={fault ? 'error' : undefined} sx={{ m: 0, textAlign: 'right', fontWeight: fault ? 600 : undefined }}>{children}</Typography>
    </Stack>
  );
}

/** Seconds as days, hours and minutes. */
function uptimeParts(seconds: number): { days: string; hours: string; minutes: string } {
  const s = Math.max(0, Math.floor(seconds));
  return { days: String(Math.floor(s / 86_400)), hours: String(Math.floor((s % 86_400) / 3600)), minutes: String(Math.floor((s % 3600) / 60)) };
}

/**
 * The box's health as it last reported it (issue #31): CPU temperature, disk and memory free,
 * uptime, agent version and the modem; a threshold crossed is named above and its value in red.
 */
export function DeviceHealthSection({ health }: { health: DeviceLive['suckhoe'] }) {
  const { t, locale } = useT();
  if (!health) return <Typography variant="body2" color="text.secondary" data-testid="device-health">{t('enrolment.health.none')}</Typography>;
  const faults = new Set<Health['canhbao'][number]>(health.canhbao);
  const num = (n: number, digits = 1) => n.toLocaleString(locale, { maximumFractionDigits: digits });
  return (
    <Stack spacing={1} data-testid="device-health">
      <Typography variant="subtitle2" component="h3">{t('enrolment.health.title')}</Typography>
      {health.canhbao.length > 0 && (
        <Alert severity="error" data-testid="device-health-faults">{health.canhbao.map((f) => t(`enrolment.health.fault.${f}`)).join(' · ')}</Alert>
      )}
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {health.nhietdo !== null && <Row label={t('enrolment.health.temperature')} fault={faults.has('nhietdo')}>{`${num(health.nhietdo)} °C`}</Row>}
        {health.odiatrong !== null && <Row label={t('enrolment.health.disk')} fault={faults.has('odia')}>{`${num(health.odiatrong)} %`}</Row>}
        {health.bonhotrong !== null && <Row label={t('enrolment.health.memory')} fault={faults.has('bonho')}>{`${num(health.bonhotrong)} %`}</Row>}
        {health.thoigianchay !== null && <Row label={t('enrolment.health.uptime')}>{t('enrolment.health.uptimeValue', uptimeParts(health.thoigianchay))}</Row>}
        {health.phienban !== null && <Row label={t('enrolment.health.version')}>{health.phienban}</Row>}
        {health.tinhieumodem !== null && <Row label={t('enrolment.health.modemSignal')}>{`${num(health.tinhieumodem, 0)} %`}</Row>}
        {health.nhamang !== null && <Row label={t('enrolment.health.operator')}>{health.nhamang}</Row>}
        <Row label={t('enrolment.health.reportedAt')}>{formatDateTime(health.luc)}</Row>
      </Stack>
    </Stack>
  );
}
