import { useContext, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { I18nContext } from '../i18n/I18nProvider';
import { PickersProvider, VN_TIMEZONE } from './PickersProvider';
import { shortWeekday } from './shortWeekday';

export { PickersProvider, VN_TIMEZONE } from './PickersProvider';

/**
 * The pickers' language around one field, from the console's locale: the provider loads with the
 * screens that take a date instead of with every screen.
 */
function Localized({ children }: { children: ReactNode }) {
  return <PickersProvider locale={useContext(I18nContext)?.locale ?? 'vi'}>{children}</PickersProvider>;
}

/** The calendar's weekday header: T2 … CN in Vietnamese (dayjs' `vi` gives one letter, "T T T T T T C"). */
function useWeekdayHeader(): (date: Dayjs) => string {
  const locale = useContext(I18nContext)?.locale ?? 'vi';
  return (date) => shortWeekday(date.day(), locale);
}

export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH:mm';

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
  const weekday = useWeekdayHeader();
  return (
    <Localized>
      <DatePicker
        label={field.label}
        value={dateOf(value)}
        format={DATE_FORMAT}
        dayOfWeekFormatter={weekday}
        minDate={min ? (dateOf(min) ?? undefined) : undefined}
        maxDate={max ? (dateOf(max) ?? undefined) : undefined}
        disabled={field.disabled}
        onChange={(next) => onChange(next?.isValid() ? next.format('YYYY-MM-DD') : '')}
        slotProps={textField(field)}
      />
    </Localized>
  );
}

/** A time of day ('HH:mm', '' when empty), 24-hour. */
export function TimeInput({ value, onChange, ...field }: FieldProps & { value: string; onChange: (hhmm: string) => void }) {
  return (
    <Localized>
      <TimePicker
        label={field.label}
        value={/^\d{2}:\d{2}/.test(value) ? dayjs(`2000-01-01T${value.slice(0, 5)}`) : null}
        format={TIME_FORMAT}
        ampm={false}
        disabled={field.disabled}
        onChange={(next) => onChange(next?.isValid() ? next.format(TIME_FORMAT) : '')}
        slotProps={textField(field)}
      />
    </Localized>
  );
}

/** An instant (Unix ms, null when empty) shown and typed in Vietnam time. */
export function DateTimeInput({ value, onChange, ...field }: FieldProps & { value: number | null; onChange: (ms: number | null) => void }) {
  const weekday = useWeekdayHeader();
  return (
    <Localized>
      <DateTimePicker
        label={field.label}
        timezone={VN_TIMEZONE}
        value={value === null ? null : dayjs(value).tz(VN_TIMEZONE)}
        format={`${DATE_FORMAT} ${TIME_FORMAT}`}
        dayOfWeekFormatter={weekday}
        ampm={false}
        disabled={field.disabled}
        onChange={(next) => onChange(next?.isValid() ? next.valueOf() : null)}
        slotProps={textField(field)}
      />
    </Localized>
  );
}
