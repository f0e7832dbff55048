import { useState } from 'react';
import { Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { MSG, TTS_MAX_CHARS, VOICES } from '@loa/contract';
import { useNotify } from '../../../app/snackbar/useNotify';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/vi';
import { STALE } from '../../../lib/query/staleTimes';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { convertTextToSpeech, TTS_ENGINES_PATH, type TtsEngine } from '../api';
import type { TtsFields } from './sourceDrafts';
import { ttsCounter, ttsError } from './ttsRules';

const REGIONS = ['north', 'central', 'south'] as const;

/** Text-to-speech tab: text with its counter, voice, engine, convert, then a player and a download (spec §2, §4). */
export function TtsTab({ value, onChange, disabled }: { value: TtsFields; onChange: (next: TtsFields) => void; disabled: boolean }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [converting, setConverting] = useState(false);
  // The failed check (spec §5) beside the text or the voice as well as in the snackbar, until they change.
  const [problem, setProblem] = useState<string | null>(null);
  const textProblem = problem === MSG.ttsTooLong || problem === MSG.ttsTooShort ? problem : null;
  const voiceProblem = problem === MSG.ttsNoVoice ? problem : null;
  const engines = useApiQuery<TtsEngine[] | null>(TTS_ENGINES_PATH, { staleTime: STALE.reference }).data ?? [];
  const engine = value.engine || engines[0]?.id || '';
  // Any change to what was converted makes the last result stale.
  const edit = (patch: Partial<TtsFields>) => {
    onChange({ ...value, ...patch, result: null });
    setProblem(null);
  };

  const convert = async () => {
    const found = ttsError(value.text, value.voice);
    setProblem(found);
    if (found) {
      notify.error(found);
      return;
    }
    if (!engine) {
      notify.error(MSG.ttsOverloaded);
      return;
    }
    setConverting(true);
    try {
      const answer = await convertTextToSpeech(engine, value.text, value.voice);
      onChange({ ...value, engine, result: { url: answer.url, urldownload: answer.urldownload, thoiluong: answer.thoiluong } });
    } catch {
      notify.error(MSG.ttsOverloaded);
    } finally {
      setConverting(false);
    }
  };

  return (
    <Stack spacing={2}>
      {engines.length > 1 && (
        <TextField select label={t('tts.engine')} value={engine} onChange={(e) => edit({ engine: e.target.value })} disabled={disabled} slotProps={{ select: { native: true } }}>
          {engines.map((e) => (
            <option key={e.id} value={e.id}>{e.label}</option>
          ))}
        </TextField>
      )}
      <Box>
        <TextField
          label={t('tts.text')}
          value={value.text}
          onChange={(e) => edit({ text: e.target.value })}
          disabled={disabled}
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          id="tts-text"
          error={!!textProblem}
          helperText={textProblem && tMessage(textProblem)}
          slotProps={{ htmlInput: { 'aria-describedby': textProblem ? 'tts-text-helper-text tts-counter' : 'tts-counter' } }}
        />
        <Typography id="tts-counter" data-testid="tts-counter" variant="caption" color={value.text.length > TTS_MAX_CHARS ? 'error' : 'text.secondary'} sx={{ display: 'block', textAlign: 'right' }}>
          {ttsCounter(value.text)}
        </Typography>
      </Box>
      <TextField
        select
        label={t('tts.voice')}
        value={value.voice}
        onChange={(e) => edit({ voice: e.target.value })}
        disabled={disabled}
        error={!!voiceProblem}
        helperText={voiceProblem && tMessage(voiceProblem)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('tts.chooseVoice')}</option>
        {REGIONS.map((region) => (
          <optgroup key={region} label={t(`tts.region.${region}` as MessageId)}>
            {VOICES.filter((v) => v.region === region).map((v) => (
              <option key={v.id} value={v.id}>{v.ten}</option>
            ))}
          </optgroup>
        ))}
      </TextField>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={converting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <RecordVoiceOverIcon />}
          disabled={disabled || converting}
          aria-busy={converting}
          onClick={() => void convert()}
        >
          {t('tts.convert')}
        </Button>
        <Button
          component="a"
          href={value.result?.urldownload}
          download
          startIcon={<DownloadIcon />}
          disabled={!value.result}
        >
          {t('tts.download')}
        </Button>
      </Stack>
      {/* The player stays in place, enabled once a conversion has succeeded. */}
      <audio data-testid="tts-player" controls src={value.result?.url} aria-label={t('tts.player')} aria-disabled={!value.result} style={{ width: '100%', opacity: value.result ? 1 : 0.5, pointerEvents: value.result ? 'auto' : 'none' }} />
    </Stack>
  );
}
