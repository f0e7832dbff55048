import { useEffect, useState } from 'react';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { useT } from '../../i18n/useT';
import { formatHeaderDate, formatHeaderDateShort } from './formatHeaderDate';

/** Today's weekday and date (short on a phone, spec §1); re-checked every minute so it turns over at midnight. */
export function HeaderDate() {
  const { locale } = useT();
  const [now, setNow] = useState(() => new Date());
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography data-testid="header-date" component="time" dateTime={now.toISOString().slice(0, 10)} variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap', fontSize: { xs: '0.75rem', md: '0.875rem' } }}>
      {(narrow ? formatHeaderDateShort : formatHeaderDate)(now, locale)}
    </Typography>
  );
}
