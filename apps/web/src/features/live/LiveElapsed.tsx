import { Typography } from '@mui/material';
import { formatDuration } from '@loa/contract';
import { useNow } from '../../lib/useNow';

/** A live voice card has no end to count down to: it counts up from when the voice began. */
export function LiveElapsed({ since }: { since: number }) {
  const now = useNow(1000);
  return (
    <Typography data-testid="live-elapsed" variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatDuration(Math.max(0, Math.floor((now - since) / 1000)))}
    </Typography>
  );
}
