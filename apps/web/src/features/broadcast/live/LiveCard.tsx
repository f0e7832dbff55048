import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import StopIcon from '@mui/icons-material/Stop';
import { CARD_TITLE_MAX, LABEL_MAX, MSG, REPEAT_MODES, truncateLabel, type LiveBroadcast } from '@loa/contract';
import { useNotify } from '../../../app/snackbar/useNotify';
import { useT } from '../../../i18n/useT';
import { errorMessage } from '../../../lib/apiClient';
import { useCurrentUser } from '../../auth/useAuth';
import { listenUrl, stopBroadcast } from '../api';
import { canStop } from './canStop';
import { LiveCountdown } from './LiveCountdown';
import { LiveElapsed } from '../../live/LiveElapsed';
import { LiveCut } from './LiveCut';
import { LiveReach } from './LiveReach';
import { repeatInfo } from './liveList';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', gap: 1 }}>
      <Box component="span" sx={{ color: 'text.secondary', flexShrink: 0 }}>{label}:</Box>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Typography>
  );
}

/** One running broadcast: programme, creator, area, now playing, queue, countdown, repeat, listen and Stop. */
export function LiveCard({ entry }: { entry: LiveBroadcast }) {
  const { t, tMessage, locale } = useT();
  const notify = useNotify();
  const user = useCurrentUser();
  const [listening, setListening] = useState(false);
  // The browser refused to start the sound by itself (autoplay policy): the player waits for its own play button.
  const [refused, setRefused] = useState(false);
  const player = useRef<HTMLAudioElement>(null);
  const [stopping, setStopping] = useState(false);
  const title = entry.nguonphat?.tenchuongtrinh || tMessage(MSG.undefinedProgram);
  const repeat = repeatInfo(entry);
  const mode = REPEAT_MODES.find((m) => m.id === repeat.kieulaplai);
  const label = (text: string | null | undefined) => (text ? truncateLabel(text, LABEL_MAX) : '—');

  // play() is called in the click itself: the player starts on the first click (issue #32), and a
  // browser that refuses anyway leaves the player shown with a word on what to press.
  const listen = () => {
    if (listening) {
      setListening(false);
      return;
    }
    setRefused(false);
    flushSync(() => setListening(true));
    const audio = player.current;
    if (!audio) return;
    void Promise.resolve(audio.play()).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') setRefused(true);
    });
  };

  const stop = async () => {
    setStopping(true);
    try {
      await stopBroadcast(entry.idlichphat);
      notify.success(MSG.stopSuccess);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setStopping(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="live-card" data-id={entry.idlichphat} data-type={entry.type}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" title={title} sx={{ fontWeight: 600 }}>
            {truncateLabel(title, CARD_TITLE_MAX)}
          </Typography>
          <Stack direction="row" spacing={0.5}>
            {entry.tructiep && <Chip size="small" color="error" variant="outlined" label={t('liveVoice.cardLive')} data-testid="live-card-voice" />}
            <Chip size="small" color={entry.type === 'phatngay' ? 'error' : 'primary'} label={t(entry.type === 'phatngay' ? 'live.typeImmediate' : 'live.typeScheduled')} />
          </Stack>
        </Stack>
        <Stack spacing={0.25}>
          <Line label={t('live.creator')}>{label(entry.nguonphat?.nguoitao.hoten)}</Line>
          <Line label={t('live.area')}>{label(entry.iddiaban?.tendiaban)}</Line>
          {/* While waiting to repeat the queue is the whole programme again: the card says so, the same before and after a reload. */}
          <Line label={t('live.playing')}>{entry.chophatlai ? t('live.waitingRepeat') : label(entry.nguondangphat)}</Line>
          {!entry.chophatlai && <Line label={t('live.queue')}>{entry.nguoncho.length ? entry.nguoncho.map((name) => truncateLabel(name, LABEL_MAX)).join(', ') : '—'}</Line>}
          <Line label={t('live.repeat')}>
            {mode ? (locale === 'vi' ? mode.ten : mode.en) : repeat.kieulaplai}
            {repeat.kieulaplai !== 0 && ` · ${t('live.repeatCount', { count: repeat.solanlaplai })}`}
          </Line>
        </Stack>
        {entry.phamvi && <LiveReach reach={entry.phamvi} />}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 1 }}>
          <Typography variant="body2" color={entry.chophatlai ? 'warning.main' : 'text.secondary'}>
            {t(entry.tructiep ? 'liveVoice.cardElapsed' : entry.chophatlai ? 'live.untilRepeat' : 'live.remaining')}
          </Typography>
          {entry.tructiep ? <LiveElapsed since={entry.tructiep.batdau} /> : <LiveCountdown entry={entry} />}
        </Stack>
        <LiveCut entry={entry} />
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        <Button size="small" startIcon={<HeadphonesIcon />} aria-pressed={listening} onClick={listen}>
          {t('live.listen')}
        </Button>
        {canStop(entry, user) && (
          <Button size="small" color="error" startIcon={<StopIcon />} disabled={stopping} onClick={() => void stop()}>
            {t('live.stop')}
          </Button>
        )}
      </CardActions>
      {listening && refused && <Alert severity="info" data-testid="live-audio-refused" sx={{ mx: 1 }}>{t('live.listenRefused')}</Alert>}
      {listening && (
        <audio
          ref={player} data-testid="live-audio" src={listenUrl(entry.idlichphat)} controls aria-label={t('live.listenPlayer', { title })} style={{ width: '100%' }}
          onPlaying={() => setRefused(false)} onEnded={() => setListening(false)}
        />
      )}
    </Card>
  );
}
