import type { ReactNode } from 'react';
import { Checkbox, FormControlLabel, Slider, Stack, Switch, TextField, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import type { ConfigField, ConfigFormErrors, ConfigFormValues } from './configForm';
import { TimeInput } from '../../lib/pickers';

/** The four settings, each with a tick that says whether this save sets it. */
export function ConfigForm({ values, errors, onChange }: { values: ConfigFormValues; errors: ConfigFormErrors; onChange: (values: ConfigFormValues) => void }) {
  const { t, tMessage } = useT();
  const set = (patch: Partial<ConfigFormValues>) => onChange({ ...values, ...patch });
  const row = (field: ConfigField, label: string, control: ReactNode) => (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Checkbox checked={values.use[field]} onChange={(event) => set({ use: { ...values.use, [field]: event.target.checked } })} />}
        label={<Typography sx={{ fontWeight: 500 }}>{t('config.setField', { field: label })}</Typography>}
      />
      <Stack sx={{ pl: 4, opacity: values.use[field] ? 1 : 0.5 }}>{control}</Stack>
    </Stack>
  );
  const error = (field: ConfigField) => (errors[field] ? tMessage(errors[field]) : undefined);
  return (
    <Stack spacing={3}>
      {row('amluong', t('config.volume'), (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 420 }}>
          <Slider value={values.amluong} min={0} max={100} disabled={!values.use.amluong} valueLabelDisplay="auto"
            onChange={(_event, value) => set({ amluong: value })} slotProps={{ input: { 'aria-label': t('config.volume') } }} />
          <Typography sx={{ minWidth: 32 }} aria-hidden>{values.amluong}</Typography>
        </Stack>
      ))}
      {row('keepalive', t('config.keepalive'), (
        <TextField label={t('config.keepaliveSeconds')} value={values.keepalive} disabled={!values.use.keepalive} onChange={(event) => set({ keepalive: event.target.value })}
          error={!!errors.keepalive} helperText={error('keepalive') ?? t('config.keepaliveHint')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ maxWidth: 260 }} />
      ))}
      {row('kenhmacdinh', t('config.defaultChannel'), (
        <TextField label={t('config.defaultChannelUrl')} value={values.kenhmacdinh} disabled={!values.use.kenhmacdinh} onChange={(event) => set({ kenhmacdinh: event.target.value })}
          error={!!errors.kenhmacdinh} helperText={error('kenhmacdinh') ?? t('config.defaultChannelHint')} slotProps={{ htmlInput: { maxLength: 2000 } }} fullWidth />
      ))}
      {row('giotinh', t('config.quietHours'), (
        <Stack spacing={1}>
          <FormControlLabel disabled={!values.use.giotinh} control={<Switch checked={values.quiet} onChange={(event) => set({ quiet: event.target.checked })} />} label={t('config.quietEnabled')} />
          <Stack direction="row" spacing={2}>
            <TimeInput label={t('config.quietFrom')} value={values.tu} disabled={!values.use.giotinh || !values.quiet} onChange={(tu) => set({ tu })} />
            <TimeInput label={t('config.quietTo')} value={values.den} disabled={!values.use.giotinh || !values.quiet} onChange={(den) => set({ den })} />
          </Stack>
          {errors.giotinh && <Typography color="error" variant="caption">{error('giotinh')}</Typography>}
        </Stack>
      ))}
    </Stack>
  );
}
