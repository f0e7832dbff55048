import { Box, Typography } from '@mui/material';
import type { LiveReach as Reach, ReachDevice } from '@loa/contract';
import { useT } from '../../../i18n/useT';

function DeviceList({ label, devices, total, testId }: { label: string; devices: ReachDevice[]; total: number; testId: string }) {
  const { t, tMessage } = useT();
  if (total === 0) return null;
  return (
    <Box data-testid={testId} sx={{ mt: 0.5 }}>
      <Typography variant="body2" color={testId === 'reach-failed' ? 'error.main' : 'warning.main'} sx={{ fontWeight: 500 }}>{label}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {devices.map((d) => (
          <Typography component="li" variant="body2" key={d._id} sx={{ overflowWrap: 'anywhere' }}>
            {d.tendiaban ? `${d.tendiaban} / ${d.tenthietbi}` : d.tenthietbi}
            {d.lydo && <Box component="span" sx={{ color: 'text.secondary' }}>{` — ${tMessage(d.lydo)}`}</Box>}
          </Typography>
        ))}
        {total > devices.length && <Typography component="li" variant="body2" color="text.secondary">{t('live.moreDevices', { count: total - devices.length })}</Typography>}
      </Box>
    </Box>
  );
}

/** A card's speakers: playing / chosen (and online), then those that failed and those offline, by name. */
export function LiveReach({ reach }: { reach: Reach }) {
  const { t } = useT();
  const all = reach.dangphat === reach.sothietbi && reach.sothietbi > 0;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>{t('live.reach')}:</Box>
        <Box component="span" data-testid="reach-playing" sx={{ fontWeight: 600, color: all ? 'success.main' : reach.dangphat === 0 ? 'error.main' : 'warning.main' }}>
          {t('live.reachOf', { playing: reach.dangphat, total: reach.sothietbi })}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>{t('live.reachOnline', { online: reach.online })}</Box>
      </Typography>
      <DeviceList testId="reach-failed" label={t('live.failed', { count: reach.soloi })} devices={reach.loi} total={reach.soloi} />
      <DeviceList testId="reach-offline" label={t('live.offline', { count: reach.somatketnoi })} devices={reach.matketnoi} total={reach.somatketnoi} />
      <DeviceList testId="reach-degraded" label={t('live.degraded', { count: reach.sochapchon ?? 0 })} devices={reach.chapchon ?? []} total={reach.sochapchon ?? 0} />
    </Box>
  );
}
