import { useMemo } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import type { Area } from '@loa/contract';
import { buildAreaTree, flattenAreaTree } from './buildAreaTree';

export interface AreaSelectProps {
  label: string;
  value: string;
  onChange: (areaId: string) => void;
  areas: readonly Area[];
  /** Text of the '' option (all areas, no parent…); none when omitted. */
  emptyLabel?: string;
  /** Areas that may be chosen; the others are left out. */
  allow?: (area: Area) => boolean;
  error?: string;
  size?: TextFieldProps['size'];
  required?: boolean;
  sx?: TextFieldProps['sx'];
}

/** A native select of areas indented as a tree: labelled, keyboard friendly and quick with many areas. */
export function AreaSelect({ label, value, onChange, areas, emptyLabel, allow, error, size, required, sx }: AreaSelectProps) {
  const rows = useMemo(() => flattenAreaTree(buildAreaTree(areas)).filter((node) => !allow || allow(node.area)), [areas, allow]);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error}
      size={size}
      required={required}
      sx={sx}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : !value && <option value="" disabled />}
      {rows.map(({ area, depth }) => (
        <option key={area._id} value={area._id}>
          {`${'\u00a0\u00a0\u00a0'.repeat(depth)}${area.tendiaban}`}
        </option>
      ))}
    </TextField>
  );
}
