import { Alert } from '@mui/material';
import { vnHourMinute, truncateLabel, LABEL_MAX, type LiveBroadcast } from '@loa/contract';
import { useT } from '../../../i18n/useT';

/**
 * What holds some of a running broadcast's speakers (issue #18): a higher priority that
 * interrupted it since a given time, or one that was there first, which it waits behind. Either way
 * it resumes there when that one ends. Nothing when it plays on all its speakers.
 */
export function LiveCut({ entry }: { entry: Pick<LiveBroadcast, 'bingat' | 'sothietbi'> }) {
  const { t } = useT();
  const cut = entry.bingat;
  if (!cut) return null;
  const values = {
    title: truncateLabel(cut.tieude || '—', LABEL_MAX), who: cut.nguoitao.hoten || '—', at: vnHourMinute(cut.luc), until: vnHourMinute(cut.ketthuc),
    count: cut.soloa, total: Math.max(cut.soloa, entry.sothietbi),
  };
  return (
    <Alert severity="warning" data-testid="live-cut" sx={{ mt: 1, py: 0 }}>
      {t(cut.kieu === 'ngat' ? 'live.cutBy' : 'live.waitsBehind', values)}
    </Alert>
  );
}
