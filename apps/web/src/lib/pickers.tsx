import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/vi';
import 'dayjs/locale/en-gb';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { viVN } from '@mui/x-date-pickers/locales';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date and time the console shows or takes is Vietnam's, whatever the browser's zone. */
export const VN_TIMEZONE = 'Asia/Ho_Chi_Minh';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH:mm';

const PICKER_TEXT_VI = viVN.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The date pickers' language: Vietnamese words, dd/MM/yyyy, 24-hour times and weeks from Monday
 * (dayjs' `vi`); English screens keep the same formats and week (`en-gb`).
 */
export function PickersProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const vi = locale === 'vi';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={vi ? 'vi' : 'en-gb'} localeText={vi ? PICKER_TEXT_VI : undefined}>
      {children}
    </LocalizationProvider>
  );
}

interface FieldProps {
  label: ReactNode;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

function textField({ disabled, required, error, helperText, name, fullWidth, size }: FieldProps) {
  return { textField: { required, error, helperText, name, fullWidth, size, disabled } };
}

const dateOf = (iso: string): Dayjs | null => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayjs(iso) : null);

/** A calendar date ('YYYY-MM-DD', '' when empty) typed or picked as dd/mm/yyyy. */
export function DateInput({ value, onChange, min, max, ...field }: FieldProps & { value: string; onChange: (iso: string) => void; min?: string; max?: string }) {
  return (
    <DatePicker
      label={field.label}
      value={dateOf(value)}
      format={DATE_FORMAT}
      minDate={min ? (dateOf(min) ?? undefined) : undefined}
      maxDate={max ? (dateOf(max) ?? undefined) : undefined}
      disabled={field.disabled}
      onChange={(next) => onChange(next?.isValid() ? next.format('YYYY-MM-DD') : '')}
      slotProps={textField(field)}
    />
  );
}

/** A time of day ('HH:mm', '' when empty), 24-hour. */
export function TimeInput({ value, onChange, ...field }: FieldProps & { value: string; onChange: (hhmm: string) => void }) {
  return (
    <TimePicker
      label={field.label}
      value={/^\d{2}:\d{2}/.test(value) ? dayjs(`2000-01-01T${value.slice(0, 5)}`) : null}
      format={TIME_FORMAT}
      ampm={false}
      disabled={field.disabled}
      onChange={(next) => onChange(next?.isValid() ? next.format(TIME_FORMAT) : '')}
      slotProps={textField(field)}
    />
  );
}

/** An instant (Unix ms, null when empty) shown and typed in Vietnam time. */
export function DateTimeInput({ value, onChange, ...field }: FieldProps & { value: number | null; onChange: (ms: number | null) => void }) {
  return (
    <DateTimePicker
      label={field.label}
      timezone={VN_TIMEZONE}
      value={value === null ? null : dayjs(value).tz(VN_TIMEZONE)}
      format={`${DATE_FORMAT} ${TIME_FORMAT}`}
      ampm={false}
      disabled={field.disabled}
      onChange={(next) => onChange(next?.isValid() ? next.valueOf() : null)}
      slotProps={textField(field)}
    />
  );
}
