import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import { formatHeaderDate } from './formatHeaderDate';

/** Today's weekday and date; re-checked every minute so it turns over at midnight. */
export function HeaderDate() {
  const { locale } = useT();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography data-testid="header-date" component="time" dateTime={now.toISOString().slice(0, 10)} variant="body2" sx={{ fontWeight: 500, display: { xs: 'none', md: 'block' } }}>
      {formatHeaderDate(now, locale)}
    </Typography>
  );
}
