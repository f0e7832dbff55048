import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import type { Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import { ClockCell } from './ClockCell';
import { DeviceHealthSection } from './DeviceHealthSection';
import { formatClockOffset } from './clockDisplay';
import { deviceStatus } from './deviceStatus';
import { formatDateTime, formatLastSeen } from './formatLastSeen';
import { PlanStatus } from './PlanStatus';
import { StatusDot } from './StatusDot';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary" component="dt">{label}</Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right' }}>{children}</Typography>
    </Stack>
  );
}

/**
 * One device at a glance: what it is, how it is connected, the plan it holds and its clock against
 * the server's. It reads the device from the live list, so it follows the speaker's reports while open.
 */
export function DeviceDetailDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t, locale } = useT();
  const now = useNow();
  const live = device.trangthai;
  const status = deviceStatus(live);
  const clock = live.dongho ?? null;
  const plan = live.lichphat ?? null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="device-detail-title" maxWidth="xs" fullWidth>
      <DialogTitle id="device-detail-title">{t('devices.detailTitle', { name: device.tenthietbi })}</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1} sx={{ m: 0 }} data-testid="device-detail">
          <Field label={t('devices.detail.status')}>
            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
              <StatusDot status={status} />
              <span>{t(`devices.status.${status}`)}</span>
            </Stack>
          </Field>
          <Field label={t('devices.area')}>{device.diaban.tendiaban}</Field>
          <Field label={t('devices.serial')}>{device.serial}</Field>
          <Field label={t('devices.latitude')}>{device.vido ?? '—'}</Field>
          <Field label={t('devices.longitude')}>{device.kinhdo ?? '—'}</Field>
          <Field label={t('devices.note')}>{device.ghichu || '—'}</Field>
          <Field label={t('devices.volume')}>{live.amluong ?? '—'}</Field>
          <Field label={t('devices.firmware')}>{live.firmware ?? '—'}</Field>
          <Field label={t('devices.ip')}>{live.ip ?? '—'}</Field>
          <Field label={t('devices.lastSeen')}>
            {live.lancuoi === null ? '—' : `${formatLastSeen(live.lancuoi, now, locale)} (${formatDateTime(live.lancuoi)})`}
          </Field>
          {/* Worded here from its state, not the server's Vietnamese `nhan` (issue #28 item 9). */}
          <Field label={t('devices.plan')}><PlanStatus plan={plan} /></Field>
          <Divider />
          <Field label={t('devices.clock')}><ClockCell clock={clock} /></Field>
          {clock && clock.chatluong !== 'chuadongbo' && (
            <>
              <Field label={t('devices.detail.clockOffset')}>{formatClockOffset(clock, locale)}</Field>
              <Field label={t('devices.detail.clockRtt')}>{`${Math.round(clock.khuhoi).toLocaleString(locale)} ms`}</Field>
            </>
          )}
          {clock && (
            <Field label={t('devices.detail.clockQuality')}>
              {t(`devices.clock.quality.${clock.chatluong}`)}{clock.loi ? `: ${t(`devices.clock.fault.${clock.loi}`)}` : ''}
            </Field>
          )}
        </Stack>
        <Divider sx={{ my: 1 }} />
        <DeviceHealthSection health={live.suckhoe ?? null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('devices.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
