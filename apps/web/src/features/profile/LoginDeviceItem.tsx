import { Button, Chip, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import DevicesIcon from '@mui/icons-material/Devices';
import { formatLoginActivity, type LoginDevice } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { placeLabel } from '../auth/clientPlace';

/** One login device: name, last activity, place, IP and status; other signed-in devices get a sign-out button. */
/** The place shown for a login (see placeLabel). */
function usePlaceText(): (place: string) => string {
  const { t } = useT();
  return (place) => {
    const label = placeLabel(place);
    if (label.kind === 'zone') return t('profile.placeZone', { city: label.city });
    return t(label.kind === 'vietnam' ? 'profile.placeVietnam' : 'profile.placeUnknown');
  };
}

export function LoginDeviceItem({ device, isCurrent, onSignOut }: { device: LoginDevice; isCurrent: boolean; onSignOut: () => void }) {
  const { t } = useT();
  const placeText = usePlaceText();
  const signedIn = device.status === 'login';
  return (
    <ListItem divider data-testid="login-device" data-device-id={device.DeviceID} sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
      <ListItemIcon sx={{ mt: 1 }}><DevicesIcon /></ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>{device.TenThietBi}</Typography>
            <Chip size="small" color={signedIn ? 'success' : 'default'} label={signedIn ? t('profile.statusLogin') : t('profile.statusLogout')} />
            {isCurrent && <Chip size="small" color="primary" variant="outlined" label={t('profile.thisDevice')} />}
          </Stack>
        }
        secondary={
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('profile.lastActivity')}: {formatLoginActivity(device.HoatDongLanCuoi)}
            <br />
            {t('profile.place')}: {placeText(device.DiaDiem)} · {t('profile.ip')}: {device.DiaChiIP}
          </Typography>
        }
      />
      {signedIn && !isCurrent && (
        <Button size="small" color="error" variant="outlined" onClick={onSignOut} sx={{ alignSelf: 'center' }}>
          {t('profile.signOutDevice')}
        </Button>
      )}
    </ListItem>
  );
}
