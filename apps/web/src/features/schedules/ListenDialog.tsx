import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack } from '@mui/material';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import { isHttpUrl, sourceSchema, type Channel, type Schedule, type Source } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { CHANNELS_PATH } from '../broadcast/api';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { mediaUrl } from '../broadcast/sources/storedSources';
import { TargetsMap } from './TargetsMap';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** How long a relay's stream plays before approving: enough to hear that it is the right channel. */
export const RELAY_PREVIEW_MS = 10_000;

/** How long a relay may take to sound before the approver is told it has not. */
export const RELAY_SILENT_MS = 8000;

/**
 * A relay's stream for a few seconds, then it stops by itself. A stream that cannot be reached
 * says so (issue #32 item 15), instead of an empty 0:00 player.
 */
function RelayPreview({ url, label }: { url: string; label: string }) {
  const { t } = useT();
  const [playing, setPlaying] = useState(false);
  const [heard, setHeard] = useState(false);
  const [problem, setProblem] = useState<'failed' | 'silent' | null>(null);
  useEffect(() => {
    if (!playing) return undefined;
    const timer = setTimeout(() => setPlaying(false), RELAY_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [playing]);
  useEffect(() => {
    if (!playing || heard) return undefined;
    const timer = setTimeout(() => setProblem((p) => p ?? 'silent'), RELAY_SILENT_MS);
    return () => clearTimeout(timer);
  }, [playing, heard]);
  const start = () => {
    setProblem(null);
    setHeard(false);
    setPlaying(true);
  };
  return (
    <>
      {playing
        ? (
            <audio
              data-testid="relay-preview" src={url} autoPlay controls aria-label={label} style={{ width: '100%' }}
              onPlaying={() => setHeard(true)}
              onError={() => {
                setProblem('failed');
                setPlaying(false);
              }}
            />
          )
        : <Button size="small" startIcon={<HeadphonesIcon />} onClick={start}>{t('schedules.listenRelay', { seconds: RELAY_PREVIEW_MS / 1000 })}</Button>}
      {problem === 'failed' && <Alert severity="warning">{t('schedules.listenRelayFailed', { name: label })}</Alert>}
      {problem === 'silent' && !heard && <Alert severity="warning">{t('schedules.listenRelaySilent', { name: label, seconds: RELAY_SILENT_MS / 1000 })}</Alert>}
    </>
  );
}

/**
 * 'Nghe trước': every source of a schedule to hear before approving it — its files and synthesised
 * speech in full, a relay's stream for a few seconds — and where it plays (a small map of its
 * speakers), with the approve and send-back buttons.
 */
export function ListenDialog({ schedule, onClose, onApprove, onSendBack }: { schedule: Schedule; onClose: () => void; onApprove?: () => void; onSendBack?: () => void }) {
  const { t } = useT();
  const sources = schedule.nguonphat.flatMap((raw): Source[] => {
    const parsed = sourceSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const needsChannels = sources.some((s) => s.kieunguon === 'Tiếp Sóng' && !isHttpUrl(s.url));
  const channels = useApiQuery<Channel[] | null>(needsChannels ? CHANNELS_PATH : null, { staleTime: STALE.reference });
  const relayUrl = (url: string) => (isHttpUrl(url) ? url : channels.data?.find((c) => c._id === url)?.url ?? null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="listen-title">
      <DialogTitle id="listen-title">{t('schedules.listenTitle', { title: schedule.tieude })}</DialogTitle>
      <DialogContent dividers>
        {schedule.idchuongtrinh && sources.length === 0 && <Alert severity="info">{t('schedules.programmeHint')}</Alert>}
        <TargetsMap scheduleId={schedule._id} />
        <List dense data-testid="listen-sources">
          {sources.map((source, i) => (
            <ListItem key={i} disableGutters sx={{ display: 'block' }}>
              {source.kieunguon === 'FILE' && source.files.map((f) => (
                <Stack key={f.url} spacing={0.5} sx={{ mb: 1 }}>
                  <ListItemText primary={f.fileName} secondary={t('schedules.listenFile')} />
                  <audio controls preload="none" src={mediaUrl(f.url)} aria-label={f.fileName} style={{ width: '100%' }} />
                </Stack>
              ))}
              {source.kieunguon === 'Tổng Hợp Giọng Nói' && (
                <Stack spacing={0.5}>
                  {/* The text being approved, beside its voice. */}
                  <ListItemText primary={t('schedules.listenTts')} secondary={source.noidunggiongnoi || undefined} slotProps={{ secondary: { 'data-testid': 'listen-tts-text', sx: { whiteSpace: 'pre-wrap' } } as object }} />
                  <audio controls preload="none" src={mediaUrl(source.url ?? '')} aria-label={t('schedules.listenTts')} style={{ width: '100%' }} />
                </Stack>
              )}
              {source.kieunguon === 'Tiếp Sóng' && (
                <Stack spacing={0.5}>
                  <ListItemText primary={source.tenkenh} secondary={t('schedules.listenRelayHint')} />
                  {relayUrl(source.url) ? <RelayPreview url={relayUrl(source.url)!} label={source.tenkenh} /> : <Alert severity="warning">{t('schedules.listenNoStream')}</Alert>}
                </Stack>
              )}
              {source.kieunguon === 'Thiết Bị Số Hóa' && <ListItemText primary={t('schedules.listenDigital')} />}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {onSendBack && <Button onClick={onSendBack}>{t('schedules.sendBack')}</Button>}
        {onApprove && <Button variant="contained" color="success" onClick={onApprove}>{t('schedules.approve')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
