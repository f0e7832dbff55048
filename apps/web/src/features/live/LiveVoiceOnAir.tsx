import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import { formatDuration } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import type { LiveVoiceState } from './useLiveVoice';
import type { TalkMode } from './LiveVoiceDialog';

/** On air: the chime's countdown, the elapsed time, the microphone's level and the talk control of the chosen mode. */
export function LiveVoiceOnAir({ state, mode, onMic }: { state: LiveVoiceState; mode: TalkMode; onMic: (open: boolean) => void }) {
  const { t } = useT();
  const now = useNow(250);
  const chimeLeft = state.voiceAt ? Math.ceil((state.voiceAt - now) / 1000) : 0;
  const elapsed = state.startedAt ? Math.max(0, Math.floor((now - state.startedAt) / 1000)) : 0;
  const level = Math.round(state.level * 100);
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Chip color="error" icon={<MicIcon />} label={state.phase === 'live' ? t('liveVoice.onAir') : t('liveVoice.starting')} data-testid="live-voice-status" />
        <Box>
          <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 1 }}>{t('liveVoice.elapsed')}</Typography>
          <Typography variant="h5" component="span" data-testid="live-voice-elapsed" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatDuration(elapsed)}</Typography>
        </Box>
      </Stack>
      {chimeLeft > 0 && <Typography color="warning.main" data-testid="live-voice-chime">{t('liveVoice.chimePlaying', { seconds: chimeLeft })}</Typography>}
      <Box>
        <Typography variant="body2" id="live-voice-level-label" color="text.secondary">{t('liveVoice.level')}</Typography>
        <LinearProgress variant="determinate" value={level} aria-labelledby="live-voice-level-label" data-testid="live-voice-level" data-level={level} color={level > 85 ? 'error' : 'success'} sx={{ height: 12, borderRadius: 1 }} />
      </Box>
      <Typography color={state.micOpen ? 'error.main' : 'text.secondary'} data-testid="live-voice-mic">
        {state.micOpen ? t('liveVoice.micOn') : t('liveVoice.micOff')}
      </Typography>
      {mode === 'toggle' ? (
        <Button size="large" variant={state.micOpen ? 'outlined' : 'contained'} aria-pressed={state.micOpen} startIcon={state.micOpen ? <MicOffIcon /> : <MicIcon />} onClick={() => onMic(!state.micOpen)}>
          {state.micOpen ? t('liveVoice.mute') : t('liveVoice.talk')}
        </Button>
      ) : (
        <Button
          size="large"
          variant="contained"
          color={state.micOpen ? 'error' : 'primary'}
          aria-pressed={state.micOpen}
          startIcon={<MicIcon />}
          onPointerDown={() => onMic(true)}
          onPointerUp={() => onMic(false)}
          onPointerLeave={() => onMic(false)}
          onKeyDown={(e) => { if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); onMic(true); } }}
          onKeyUp={(e) => { if (e.key === ' ' || e.key === 'Enter') onMic(false); }}
          sx={{ py: 3, touchAction: 'none' }}
        >
          {state.micOpen ? t('liveVoice.holding') : t('liveVoice.hold')}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary">{t('liveVoice.listenHint')}</Typography>
    </Stack>
  );
}
