import { Autocomplete, Checkbox, TextField } from '@mui/material';
import { ALL_DEVICES, MSG, type Area, type Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { applyDeviceSelection } from './sources/deviceSelection';
import { useAreaDevices, useBroadcastAreas } from './useAreaDevices';

export interface TargetFieldsProps {
  areaIds: string[];
  deviceIds: string[];
  onChange: (next: { diabanchon: string[]; thietbichon: string[] }) => void;
}

const deviceLabel = (device: Device) => `${device.diaban.tendiaban} / ${device.tenthietbi}`;

/** Area and device multi-selects that load their own areas and devices (the schedule editor's). */
export function TargetFields(props: TargetFieldsProps) {
  const areas = useBroadcastAreas();
  const { devices, byArea } = useAreaDevices(props.areaIds);
  return <TargetFieldsView {...props} areas={areas} devices={devices} byArea={byArea} />;
}

export interface TargetFieldsViewProps extends TargetFieldsProps {
  areas: Area[];
  /** The chosen areas' devices, each once. */
  devices: Device[];
  byArea: Record<string, Device[]>;
  /** Messages of a failed check, shown beside their field (spec §5). */
  errors?: { diabanchon?: string; thietbichon?: string };
}

/** Area and device multi-selects; devices shown as 'area / device', each once, 'Tất cả thiết bị' exclusive (spec §2). */
export function TargetFieldsView({ areaIds, deviceIds, onChange, areas, devices, byArea, errors = {} }: TargetFieldsViewProps) {
  const { t, tMessage } = useT();
  const deviceById = new Map(devices.map((d) => [d._id, d]));
  const deviceOptions = devices.length ? [ALL_DEVICES, ...devices.map((d) => d._id)] : [];
  const areaName = new Map(areas.map((a) => [a._id, a.tendiaban]));

  const changeAreas = (next: string[]) => {
    // Devices of areas no longer chosen leave the selection.
    const kept = new Set(next.flatMap((id) => (byArea[id] ?? []).map((d) => d._id)));
    const thietbichon = next.length === 0 ? [] : deviceIds.filter((id) => id === ALL_DEVICES || kept.has(id));
    onChange({ diabanchon: next, thietbichon });
  };

  return (
    <>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={areas.map((a) => a._id)}
        value={areaIds}
        onChange={(_e, next) => changeAreas(next)}
        getOptionLabel={(id) => areaName.get(id) ?? id}
        noOptionsText={t('broadcast.noAreas')}
        renderOption={({ key, ...props }, id, { selected }) => (
          <li key={key} {...props}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1 }} tabIndex={-1} />
            {areaName.get(id) ?? id}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={t('broadcast.areas')} error={!!errors.diabanchon} helperText={errors.diabanchon && tMessage(errors.diabanchon)} />}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={deviceOptions}
        value={deviceIds}
        onChange={(_e, next) => onChange({ diabanchon: areaIds, thietbichon: applyDeviceSelection(deviceIds, next) })}
        getOptionLabel={(id) => (id === ALL_DEVICES ? tMessage(MSG.allDevices) : deviceById.get(id) ? deviceLabel(deviceById.get(id)!) : id)}
        noOptionsText={tMessage(MSG.noDevices)}
        renderOption={({ key, ...props }, id, { selected }) => (
          <li key={key} {...props}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1 }} tabIndex={-1} />
            {id === ALL_DEVICES ? tMessage(MSG.allDevices) : deviceById.get(id) ? deviceLabel(deviceById.get(id)!) : id}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={t('broadcast.devices')} error={!!errors.thietbichon} helperText={errors.thietbichon && tMessage(errors.thietbichon)} />}
      />
    </>
  );
}
