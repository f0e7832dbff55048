import { Typography } from '@mui/material';
import { formatDuration, type LiveBroadcast } from '@loa/contract';
import { useNow } from '../../../lib/useNow';
import { countdownTarget, secondsLeft } from './liveList';

type Entry = Pick<LiveBroadcast, 'chophatlai' | 'thoigianchophatlai' | 'thoigianketthuc'>;

/**
 * HH:MM:SS to the end (or to the repeat while waiting), ticking every second, never below zero.
 * A new target (a repeat wait, a new end) starts a fresh clock, so the first figure shown for it is
 * counted from now, not from the last tick.
 */
export function LiveCountdown({ entry }: { entry: Entry }) {
  return <Ticking key={countdownTarget(entry)} entry={entry} />;
}

function Ticking({ entry }: { entry: Entry }) {
  const now = useNow(1000);
  return (
    <Typography data-testid="live-countdown" variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatDuration(secondsLeft(entry, now))}
    </Typography>
  );
}
