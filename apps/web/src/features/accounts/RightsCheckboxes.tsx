import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useT } from '../../i18n/useT';
import type { RightOption } from './api';
import { toggleRight } from './accountForm';

export interface RightsCheckboxesProps {
  rights: readonly RightOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Rights the caller may grant; others stay as they are (the server refuses granting a right one lacks). */
  grantable: (right: string) => boolean;
  error?: string;
}

/** One checkbox per right, labelled by its label (quyen) in the console's language. */
export function RightsCheckboxes({ rights, value, onChange, grantable, error }: RightsCheckboxesProps) {
  const { t, tMessage } = useT();
  const all = rights.map((r) => r.value);
  return (
    <FormControl component="fieldset" error={!!error} variant="standard">
      <FormLabel component="legend">{t('accounts.rights')}</FormLabel>
      <FormGroup>
        {rights.map((right) => {
          const checked = value.includes(right.value);
          return (
            <FormControlLabel
              key={right.value}
              label={tMessage(right.quyen)}
              control={
                <Checkbox
                  checked={checked}
                  disabled={!checked && !grantable(right.value)}
                  onChange={(event) => onChange(toggleRight(value, right.value, event.target.checked, all))}
                  slotProps={{ input: { 'data-right': right.value } as Record<string, string> }}
                />
              }
            />
          );
        })}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
