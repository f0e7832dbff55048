import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { GRID_SPACING, MSG, type AreaDetail, type DeviceDetail } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { configureDevices, deviceDetailPath, DEVICES_BASE } from '../devices/api';
import { AREA_DETAILS_PATH } from '../areas/api';
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
  const [values, setValues] = useState<ConfigFormValues>(() => configFormFrom(null));
  const [errors, setErrors] = useState<ConfigFormErrors>({});
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  const deviceId = target.kind === 'device' ? target.id : '';
  const areaId = target.kind === 'area' ? target.id : '';
  const deviceQuery = useApiQuery<DeviceDetail>(deviceId ? deviceDetailPath(deviceId) : null);
  const areaQuery = useApiQuery<AreaDetail[]>(areaId ? AREA_DETAILS_PATH : null, { staleTime: STALE.reference });
  const detail = deviceQuery.data?._id === deviceId ? deviceQuery.data : null;
  const loading = target.kind === 'device' ? deviceQuery : areaQuery;

  // The form starts from what is saved (an area's own settings, so what is set there is visible and can
  // be changed), and again after each answer of the server: adjusted while rendering, not in an effect.
  const seedFor = loading.data ? `${target.kind}:${target.id}:${loading.dataUpdatedAt}` : '';
  const [seeded, setSeeded] = useState('');
  if (seedFor && seedFor !== seeded) {
    setSeeded(seedFor);
    setValues(detail ? configFormFrom(detail) : configFormFrom({ cauhinh: areaQuery.data?.find((a) => a._id === areaId)?.cauhinh ?? {} }));
  }

  const choose = (next: ConfigTarget) => {
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
      await invalidate(DEVICES_BASE, AREA_DETAILS_PATH);
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const ready = target.id !== '' && seeded === seedFor && seedFor !== '';

  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.deviceConfig')}</Typography>
      {!canManage && <Alert severity="info">{t('config.readOnly')}</Alert>}
      <Paper sx={{ p: 2 }}>
        <ConfigTargetPicker target={target} onChange={choose} devices={devices ?? []} areas={areas} />
      </Paper>
      <QueryErrorAlert error={loading.error} onRetry={loading.refetch} />
      {target.id !== '' && !ready && !loading.error && <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />}
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
