import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import { DEVICE_MESSAGES, type Area } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useInvalidate } from '../../lib/query/useApiQuery';
import { AreaSelect } from '../areas/AreaSelect';
import { DEVICES_BASE } from '../devices/api';
import { parseCoordinate } from '../devices/deviceForm';
import { confirmBox, type PendingBox } from './api';
import { boxLocation } from './boxLocation';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

// The map loads only when asked for (Leaflet is heavy, and a typed position does as well).
const LocationPicker = lazy(() => import('./LocationPicker').then((m) => ({ default: m.LocationPicker })));

type Field = 'tenthietbi' | 'diaban' | 'vido' | 'kinhdo';
/** '' while the officer has not said whether it is the same box as a device of the same hardware; 'moi' for a new speaker. */
const NEW_BOX = 'moi';

/**
 * Names, places and confirms a box waiting to be assigned. A box with the same serial, IMEI or
 * machine-id as an existing device asks first whether it is that box (its history is kept) or not.
 * Mount it only while open.
 */
export function ConfirmBoxDialog({ box, areas, onClose }: { box: PendingBox; areas: readonly Area[]; onClose: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const gps = box.phancung.gps;
  const [values, setValues] = useState({ tenthietbi: '', diaban: box.diaban._id, vido: gps ? String(gps.lat) : '', kinhdo: gps ? String(gps.lng) : '', ghichu: '' });
  const [same, setSame] = useState(box.cungphancung.length > 0 ? '' : NEW_BOX);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [showMap, setShowMap] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const chooseSame = (value: string) => {
    setSame(value);
    const kept = box.cungphancung.find((d) => d._id === value);
    if (kept && !values.tenthietbi.trim()) set('tenthietbi')(kept.tenthietbi);
  };
  const place = (lat: number, lng: number) => {
    setValues((v) => ({ ...v, vido: lat.toFixed(6), kinhdo: lng.toFixed(6) }));
    setErrors((e) => ({ ...e, vido: undefined, kinhdo: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const vido = parseCoordinate(values.vido);
    const kinhdo = parseCoordinate(values.kinhdo);
    const found: Partial<Record<Field, string>> = {};
    if (!values.tenthietbi.trim()) found.tenthietbi = DEVICE_MESSAGES.nameRequired;
    if (!values.diaban) found.diaban = DEVICE_MESSAGES.areaRequired;
    if (vido !== null && (Number.isNaN(vido) || vido < -90 || vido > 90)) found.vido = DEVICE_MESSAGES.latitudeRange;
    if (kinhdo !== null && (Number.isNaN(kinhdo) || kinhdo < -180 || kinhdo > 180)) found.kinhdo = DEVICE_MESSAGES.longitudeRange;
    setErrors(found);
    if (Object.keys(found).length > 0 || !same) return;
    setBusy(true);
    try {
      await confirmBox({
        id: box._id, tenthietbi: values.tenthietbi.trim(), diaban: values.diaban, vido, kinhdo, ghichu: values.ghichu.trim(),
        ...(same !== NEW_BOX ? { thaythe: same } : {}),
      });
      notify.success(t('enrolment.confirm.done', { name: values.tenthietbi.trim() }));
      // The box leaves the waiting list and joins the device lists.
      await invalidate(DEVICES_BASE);
      onClose();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };

  const text = (field: Field | 'ghichu', label: string, extra: { inputMode?: 'decimal'; maxLength?: number; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={field !== 'ghichu' && !!errors[field]}
      helperText={field !== 'ghichu' && errors[field] ? tMessage(errors[field]) : undefined}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: extra.maxLength, inputMode: extra.inputMode } }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="confirm-box-title" maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="confirm-box-title">{t('enrolment.confirm.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {t('enrolment.confirm.identity', { machineId: box.phancung.machineId })}
              {box.phancung.serial ? ` · ${t('enrolment.pending.serial')} ${box.phancung.serial}` : ''}
              {box.phancung.imei ? ` · IMEI ${box.phancung.imei}` : ''}
              {` · ${boxLocation(box, t)}`}
            </Typography>
            {box.cungphancung.length > 0 && (
              <FormControl>
                <FormLabel id="same-hardware-label">{t('enrolment.confirm.sameQuestion')}</FormLabel>
                <RadioGroup aria-labelledby="same-hardware-label" value={same} onChange={(event) => chooseSame(event.target.value)}>
                  {box.cungphancung.map((d) => (
                    <FormControlLabel key={d._id} value={d._id} control={<Radio />} label={t('enrolment.confirm.same', { name: d.tenthietbi, serial: d.serial })} />
                  ))}
                  <FormControlLabel value={NEW_BOX} control={<Radio />} label={t('enrolment.confirm.new')} />
                </RadioGroup>
              </FormControl>
            )}
            {text('tenthietbi', t('devices.name'), { maxLength: 120 })}
            <AreaSelect label={t('devices.area')} value={values.diaban} onChange={set('diaban')} areas={areas} error={errors.diaban && tMessage(errors.diaban)} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('vido', t('devices.latitude'), { inputMode: 'decimal', maxLength: 24 })}
              {text('kinhdo', t('devices.longitude'), { inputMode: 'decimal', maxLength: 24 })}
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setShowMap((s) => !s)}>{t(showMap ? 'enrolment.confirm.hideMap' : 'enrolment.confirm.pickOnMap')}</Button>
              {gps && <Button size="small" onClick={() => place(gps.lat, gps.lng)}>{t('enrolment.confirm.useGps')}</Button>}
            </Stack>
            {showMap && (
              <Suspense fallback={<CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}>
                <Alert severity="info">{t('enrolment.confirm.mapHint')}</Alert>
                <LocationPicker lat={parseCoordinate(values.vido)} lng={parseCoordinate(values.kinhdo)} onPick={place} />
              </Suspense>
            )}
            {text('ghichu', t('devices.note'), { multiline: true, maxLength: 500 })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !same}>{t('enrolment.confirm.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
