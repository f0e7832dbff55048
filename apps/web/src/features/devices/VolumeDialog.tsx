import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Stack, Typography } from '@mui/material';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { DEVICE_MESSAGES, MSG, type Device } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { setDeviceVolume } from './api';

const DEFAULT_VOLUME = 50;

/** Sets one device's volume now (dieukhien amluong). Mount it only while open. */
export function VolumeDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [volume, setVolume] = useState(device.trangthai.amluong ?? DEFAULT_VOLUME);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await setDeviceVolume(device._id, volume);
      notify.success(tMessage(MSG.updateSuccess));
      onClose();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="volume-title" maxWidth="xs" fullWidth>
      <DialogTitle id="volume-title">{t('devices.volumeTitle', { name: device.tenthietbi })}</DialogTitle>
      <DialogContent>
        {!device.trangthai.online && <Alert severity="warning" sx={{ mb: 2 }}>{tMessage(DEVICE_MESSAGES.deviceOffline)}</Alert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
          <VolumeUpIcon aria-hidden />
          <Slider
            value={volume}
            onChange={(_event, value) => setVolume(value)}
            min={0}
            max={100}
            valueLabelDisplay="auto"
            slotProps={{ input: { 'aria-label': t('devices.volume') } }}
          />
          <Typography sx={{ minWidth: 36, textAlign: 'right' }} aria-hidden>{volume}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{t('devices.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
