import { Autocomplete, createFilterOptions, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import type { Area, Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { AreaSelect } from '../areas/AreaSelect';

export type ConfigTarget = { kind: 'device'; id: string } | { kind: 'area'; id: string };

// Only the first matches are drawn, so the picker stays quick with 10,000 devices.
const filterDevices = createFilterOptions<Device>({ limit: 50, stringify: (d) => `${d.tenthietbi} ${d.serial} ${d.diaban.tendiaban}` });

/** Chooses what to configure: one device, or an area (all its devices inherit). */
export function ConfigTargetPicker({ target, onChange, devices, areas }: { target: ConfigTarget; onChange: (target: ConfigTarget) => void; devices: Device[]; areas: readonly Area[] }) {
  const { t } = useT();
  const device = target.kind === 'device' ? devices.find((d) => d._id === target.id) ?? null : null;
  return (
    <Stack spacing={2}>
      <RadioGroup row value={target.kind} onChange={(event) => onChange({ kind: event.target.value as ConfigTarget['kind'], id: '' })} aria-label={t('config.target')}>
        <FormControlLabel value="device" control={<Radio />} label={t('config.oneDevice')} />
        <FormControlLabel value="area" control={<Radio />} label={t('config.wholeArea')} />
      </RadioGroup>
      {target.kind === 'device' ? (
        <Autocomplete
          options={devices}
          value={device}
          filterOptions={filterDevices}
          getOptionLabel={(d) => d.tenthietbi}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          renderOption={(props, d) => <li {...props} key={d._id}>{`${d.tenthietbi} — ${d.diaban.tendiaban}`}</li>}
          onChange={(_event, chosen) => onChange({ kind: 'device', id: chosen?._id ?? '' })}
          renderInput={(params) => <TextField {...params} label={t('config.device')} />}
          sx={{ maxWidth: 520 }}
        />
      ) : (
        <AreaSelect label={t('devices.area')} value={target.id} onChange={(id) => onChange({ kind: 'area', id })} areas={areas} emptyLabel="" sx={{ maxWidth: 520 }} />
      )}
    </Stack>
  );
}
