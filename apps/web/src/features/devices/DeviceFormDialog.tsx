import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { Area, Device } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AreaSelect } from '../areas/AreaSelect';
import { createDevice, updateDevice } from './api';
import { deviceRefusalErrors, deviceToForm, EMPTY_DEVICE_FORM, validateDeviceForm, type DeviceFormErrors, type DeviceFormField, type DeviceFormValues } from './deviceForm';

export interface DeviceFormDialogProps {
  /** The device to edit; null adds a new one. */
  device: Device | null;
  areas: readonly Area[];
  onClose: () => void;
  /** Called with the saved device, and the secret when it was just added. */
  onSaved: (device: Device, secret?: string) => void;
}

/** Add or edit a device; checks the form with the contract's messages, then shows the server's. Mount it only while open. */
export function DeviceFormDialog({ device, areas, onClose, onSaved }: DeviceFormDialogProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [values, setValues] = useState<DeviceFormValues>(() => (device ? deviceToForm(device) : EMPTY_DEVICE_FORM));
  const [errors, setErrors] = useState<DeviceFormErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: DeviceFormField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: DeviceFormField, label: string, extra: { multiline?: boolean; maxLength?: number; inputMode?: 'decimal' } = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={!!errors[field]}
      helperText={errors[field] ? tMessage(errors[field]) : undefined}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: extra.maxLength, inputMode: extra.inputMode } }}
      fullWidth
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDeviceForm(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    try {
      if (device) {
        onSaved(await updateDevice({ ...checked.body, id: device._id }));
        notify.success(t('devices.saved'));
      } else {
        const created = await createDevice(checked.body);
        onSaved(created.thietbi, created.secret);
      }
    } catch (caught) {
      const message = errorMessage(caught);
      notify.error(tMessage(message));
      setErrors(deviceRefusalErrors(message));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="device-form-title" maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="device-form-title">{device ? t('devices.editTitle') : t('devices.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('tenthietbi', t('devices.name'), { maxLength: 120 })}
            <AreaSelect label={t('devices.area')} value={values.diaban} onChange={set('diaban')} areas={areas} error={errors.diaban && tMessage(errors.diaban)} />
            {text('serial', t('devices.serial'), { maxLength: 64 })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('vido', t('devices.latitude'), { inputMode: 'decimal', maxLength: 24 })}
              {text('kinhdo', t('devices.longitude'), { inputMode: 'decimal', maxLength: 24 })}
            </Stack>
            {text('ghichu', t('devices.note'), { multiline: true, maxLength: 1000 })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('devices.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
