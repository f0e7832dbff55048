import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { GRID_SPACING, MSG, type DeviceDetail } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { configureDevices, fetchDeviceDetail } from '../devices/api';
import { fetchAreaDetails } from '../areas/api';
import { useAreas } from '../devices/useAreas';
import { useDevices } from '../devices/useDevices';
import { ConfigForm } from './ConfigForm';
import { configFormFrom, configFormToBody, type ConfigFormErrors, type ConfigFormValues } from './configForm';
import { ConfigTargetPicker, type ConfigTarget } from './ConfigTargetPicker';
import { EffectiveConfig } from './EffectiveConfig';

/** /cau-hinh-thiet-bi: volume, keep-alive, default channel and quiet hours of a device or an area. */
export function DeviceConfigPage() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const canManage = hasRight(useCurrentUser(), 'quanlythietbi');
  const [params, setParams] = useSearchParams();
  const target: ConfigTarget = params.get('diaban') !== null ? { kind: 'area', id: params.get('diaban') ?? '' } : { kind: 'device', id: params.get('id') ?? '' };
  const { devices } = useDevices();
  const { areas } = useAreas();
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  const [values, setValues] = useState<ConfigFormValues>(() => configFormFrom(null));
  const [errors, setErrors] = useState<ConfigFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const deviceId = target.kind === 'device' ? target.id : '';
  const areaId = target.kind === 'area' ? target.id : '';
  const [areaLoaded, setAreaLoaded] = useState('');

  useEffect(() => {
    if (!deviceId) return undefined;
    let alive = true;
    fetchDeviceDetail(deviceId)
      .then((loaded) => {
        if (!alive) return;
        setDetail(loaded);
        setValues(configFormFrom(loaded));
      })
      .catch((caught: unknown) => alive && notify.error(tMessage(errorMessage(caught))));
    return () => {
      alive = false;
    };
  }, [deviceId, generation, notify, tMessage]);

  // An area's own settings start the form, so what is set there is visible and can be changed.
  useEffect(() => {
    if (!areaId) return undefined;
    let alive = true;
    fetchAreaDetails()
      .then((list) => {
        if (!alive) return;
        setValues(configFormFrom({ cauhinh: list.find((a) => a._id === areaId)?.cauhinh ?? {} }));
        setAreaLoaded(areaId);
      })
      .catch((caught: unknown) => alive && notify.error(tMessage(errorMessage(caught))));
    return () => {
      alive = false;
    };
  }, [areaId, generation, notify, tMessage]);

  const choose = (next: ConfigTarget) => {
    setDetail(null);
    setErrors({});
    setValues(configFormFrom(null));
    setParams(next.id ? { [next.kind === 'area' ? 'diaban' : 'id']: next.id } : next.kind === 'area' ? { diaban: '' } : {}, { replace: true });
  };
  const save = async () => {
    const checked = configFormToBody(values);
    setErrors(checked.errors);
    if (!checked.config) return;
    setBusy(true);
    try {
      await configureDevices({ ...checked.config, ...(target.kind === 'device' ? { id: target.id } : { diaban: target.id }) });
      notify.success(tMessage(MSG.updateSuccess));
      setGeneration((g) => g + 1);
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const ready = target.id !== '' && (target.kind === 'area' ? areaLoaded === target.id : detail?._id === target.id);

  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.deviceConfig')}</Typography>
      {!canManage && <Alert severity="info">{t('config.readOnly')}</Alert>}
      <Paper sx={{ p: 2 }}>
        <ConfigTargetPicker target={target} onChange={choose} devices={devices ?? []} areas={areas} />
      </Paper>
      {target.id !== '' && !ready && <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />}
      {ready && detail && target.kind === 'device' && <EffectiveConfig detail={detail} />}
      {ready && (
        <Paper sx={{ p: 2 }} component="section" aria-labelledby="config-form-title">
          <Typography id="config-form-title" variant="subtitle1" component="h2" gutterBottom>
            {target.kind === 'area' ? t('config.areaFormTitle') : t('config.deviceFormTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('config.tickHint')}</Typography>
          <ConfigForm values={values} errors={errors} onChange={setValues} />
          <Box sx={{ mt: 3 }}>
            <Button variant="contained" disabled={!canManage || busy} onClick={() => void save()}>{t('devices.save')}</Button>
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
