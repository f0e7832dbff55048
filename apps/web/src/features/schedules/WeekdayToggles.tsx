import { FormControl, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { DAY_SHORT, WEEK_ORDER } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Weekday toggles T2 … CN (Monday first); the value is 0 = Sunday … 6 = Saturday. */
export function WeekdayToggles({ value, onChange }: { value: number[]; onChange: (next: number[]) => void }) {
  const { t, locale } = useT();
  const id = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel id={id} sx={{ mb: 0.5 }}>{t('schedules.weekdays')}</FormLabel>
      <ToggleButtonGroup size="small" color="primary" value={value} onChange={(_e, next: number[]) => onChange(next)} aria-labelledby={id}>
        {WEEK_ORDER.map((day) => (
          <ToggleButton key={day} value={day} sx={{ minWidth: 44 }}>
            {DAY_SHORT[locale][day]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
}
