import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormLabel, LinearProgress, Radio, RadioGroup, Stack, TextField,
} from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import StopIcon from '@mui/icons-material/Stop';
import { broadcastError, DEFAULT_PRIORITY, LIVE_MESSAGES, type BusyBroadcast } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { PriorityTypeFields } from '../broadcast/PriorityTypeFields';
import { TargetFieldsView } from '../broadcast/TargetFields';
import { TakeoverDialog } from '../broadcast/confirm/TakeoverDialog';
import { useAreaDevices, useBroadcastAreas } from '../broadcast/useAreaDevices';
import { useLiveBroadcasts } from '../broadcast/live/LiveBroadcastsContext';
import type { LiveVoicePrefill } from './LiveVoiceContext';
import { LiveVoiceOnAir } from './LiveVoiceOnAir';
import { useLiveVoice } from './useLiveVoice';
import { changedFields, fieldErrorOf, type BroadcastFieldErrors } from '../broadcast/submit/fieldErrors';
import { clearChanged } from '../../lib/fieldErrors';

export type TalkMode = 'toggle' | 'pushToTalk';

interface LiveForm {
  tieude: string;
  loaibantin: number | null;
  diabanchon: string[];
  thietbichon: string[];
  chuong: boolean;
  mode: TalkMode;
}

/**
 * 'Phát trực tiếp' (issue #12): the targets, message type and priority of any broadcast, checked
 * in the order of spec §5; an optional chime; toggle or push-to-talk. On air it shows the
 * microphone level, the elapsed time and Stop; it cannot be closed until stopped.
 */
export function LiveVoiceDialog({ open, onClose, initial, onAirChange }: { open: boolean; onClose: () => void; initial?: LiveVoicePrefill; onAirChange: (onAir: boolean) => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { refreshMine } = useLiveBroadcasts();
  const [form, setForm] = useState<LiveForm>({
    tieude: initial?.tieude ?? '', loaibantin: initial?.loaibantin ?? null, diabanchon: initial?.diabanchon ?? [], thietbichon: initial?.thietbichon ?? [],
    chuong: true, mode: 'toggle',
  });
  const [busy, setBusy] = useState<BusyBroadcast[] | null>(null);
  const areas = useBroadcastAreas();
  const targets = useAreaDevices(form.diabanchon);
  // Someone else's stop or takeover stays in the dialog as a warning until the next start.
  const [cutOff, setCutOff] = useState<string | null>(null);
  const live = useLiveVoice((message, tone) => {
    notify.notify(message, tone);
    if (tone === 'warning') setCutOff(message);
    refreshMine();
  });
  // The failed check's message beside its field as well as in the snackbar; cleared when the field changes.
  const [errors, setErrors] = useState<BroadcastFieldErrors>({});
  const patch = (next: Partial<LiveForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setErrors((current) => clearChanged(current, changedFields(next)));
  };
  const onAir = live.state.phase !== 'idle';
  useEffect(() => onAirChange(onAir), [onAir, onAirChange]);

  const begin = async (ngatphat: string[] = []) => {
    setBusy(null);
    setCutOff(null);
    const info = { ...form, tieude: form.tieude.trim(), uutien: DEFAULT_PRIORITY, kieulaplai: 0 as const, thoigianlaplai: 0, solanlaplai: 1 };
    const problem = broadcastError(info, 1);
    setErrors(fieldErrorOf(problem));
    if (problem) {
      notify.error(problem);
      return;
    }
    const result = await live.start({ tieude: info.tieude, loaibantin: info.loaibantin, uutien: info.uutien, diabanchon: info.diabanchon, thietbichon: info.thietbichon, chuong: form.chuong, ngatphat }, form.mode === 'toggle');
    if (result.ok) {
      notify.success(LIVE_MESSAGES.started);
      refreshMine();
      return;
    }
    const clash = (result.dangphat ?? []) as BusyBroadcast[];
    // Another bulletin of the same priority may be interrupted (as in the broadcast dialog); a live session never.
    if (clash.length > 0 && !clash.some((b) => b.tructiep)) setBusy(clash);
    else notify.error(result.message);
  };

  return (
    <>
      {/* On air, closing only puts the dialog aside: the header button brings it back. */}
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="live-voice-title">
        <DialogTitle id="live-voice-title">{t('liveVoice.title')}</DialogTitle>
        <DialogContent dividers>
          {onAir ? (
            <LiveVoiceOnAir state={live.state} mode={form.mode} onMic={live.setMicOpen} />
          ) : (
            <Stack spacing={2}>
              {cutOff && <Alert severity="warning" onClose={() => setCutOff(null)}>{tMessage(cutOff)}</Alert>}
              <TextField label={t('broadcast.programName')} value={form.tieude} onChange={(e) => patch({ tieude: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} error={!!errors.tieude} helperText={errors.tieude && tMessage(errors.tieude)} />
              <TargetFieldsView areaIds={form.diabanchon} deviceIds={form.thietbichon} onChange={patch} areas={areas} devices={targets.devices} byArea={targets.byArea} errors={errors} />
              <PriorityTypeFields fixedPriority uutien={DEFAULT_PRIORITY} loaibantin={form.loaibantin} onChange={({ loaibantin }) => loaibantin !== undefined && patch({ loaibantin })} errors={errors} />
              <FormControlLabel control={<Checkbox checked={form.chuong} onChange={(e) => patch({ chuong: e.target.checked })} />} label={t('liveVoice.chime')} />
              <Box>
                <FormLabel id="live-voice-mode">{t('liveVoice.mode')}</FormLabel>
                <RadioGroup row aria-labelledby="live-voice-mode" value={form.mode} onChange={(e) => patch({ mode: e.target.value as TalkMode })}>
                  <FormControlLabel value="toggle" control={<Radio />} label={t('liveVoice.modeToggle')} />
                  <FormControlLabel value="pushToTalk" control={<Radio />} label={t('liveVoice.modePushToTalk')} />
                </RadioGroup>
              </Box>
              {live.state.phase === 'starting' && <LinearProgress aria-label={t('liveVoice.starting')} />}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {onAir && live.state.phase === 'live' ? (
            <>
              <Button onClick={onClose}>{t('liveVoice.aside')}</Button>
              <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={() => void live.stop()}>
                {t('liveVoice.stop')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={live.state.phase === 'starting'}>{t('common.cancel')}</Button>
              <Button variant="contained" color="error" startIcon={form.mode === 'toggle' ? <MicIcon /> : <MicOffIcon />} disabled={live.state.phase === 'starting'} onClick={() => void begin()}>
                {t('liveVoice.start')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <TakeoverDialog open={busy !== null} busy={busy ?? []} onCancel={() => setBusy(null)} onTakeOver={() => void begin((busy ?? []).map((b) => b.idlichphat))} />
    </>
  );
}
