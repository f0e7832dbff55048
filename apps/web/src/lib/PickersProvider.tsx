import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/vi';
import 'dayjs/locale/en-gb';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { viVN } from '@mui/x-date-pickers/locales';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date and time the console shows or takes is Vietnam's, whatever the browser's zone. */
export const VN_TIMEZONE = 'Asia/Ho_Chi_Minh';

// The provider alone, apart from the pickers (lib/pickers.tsx): it sits at the root of every
// screen, while the pickers load with the screens that hold a date field.

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
