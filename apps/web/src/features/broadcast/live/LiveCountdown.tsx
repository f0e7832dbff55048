import { Typography } from '@mui/material';
import { formatDuration, type LiveBroadcast } from '@loa/contract';
import { useNow } from '../../../lib/useNow';
import { secondsLeft } from './liveList';

/** HH:MM:SS to the end (or to the repeat while waiting), ticking every second, never below zero. */
export function LiveCountdown({ entry }: { entry: Pick<LiveBroadcast, 'chophatlai' | 'thoigianchophatlai' | 'thoigianketthuc'> }) {
  const now = useNow(1000);
  return (
    <Typography data-testid="live-countdown" variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatDuration(secondsLeft(entry, now))}
    </Typography>
  );
}
