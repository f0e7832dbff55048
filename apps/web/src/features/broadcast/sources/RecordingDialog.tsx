import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import StopIcon from '@mui/icons-material/Stop';
import { formatDuration, RECORDING_KBPS } from '@loa/contract';
import { useNotify } from '../../../app/snackbar/useNotify';
import { useT } from '../../../i18n/useT';
import { errorMessage } from '../../../lib/apiClient';
import { useNow } from '../../../lib/useNow';
import type { DraftFile } from '../types';
import { recordingToMp3 } from './recordingToMp3';
import { useRecorder } from './useRecorder';

function Elapsed({ startedAt }: { startedAt: number }) {
  const now = useNow(250);
  return (
    <Typography variant="h4" component="p" data-testid="recording-timer" sx={{ fontVariantNumeric: 'tabular-nums', color: 'error.main' }}>
      {formatDuration((now - startedAt) / 1000)}
    </Typography>
  );
}

/** Recording dialog: start and stop with a running timer; the result is an MP3 at 128 kbps, at least 10 s. */
export function RecordingDialog({ onClose, onRecorded }: { onClose: () => void; onRecorded: (file: DraftFile) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const { recording, startedAt, start, stop } = useRecorder();
  const [encoding, setEncoding] = useState(false);

  const begin = async () => {
    try {
      await start();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const finish = async () => {
    setEncoding(true);
    try {
      onRecorded(await recordingToMp3(await stop()));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setEncoding(false);
    }
  };

  return (
    <Dialog open onClose={recording || encoding ? undefined : onClose} aria-labelledby="recording-title">
      <DialogTitle id="recording-title">{t('record.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', minWidth: 260 }}>
          {startedAt !== null ? <Elapsed startedAt={startedAt} /> : <Typography variant="h4" component="p">{formatDuration(0)}</Typography>}
          <Typography variant="body2" color="text.secondary">{t('record.hint', { kbps: RECORDING_KBPS })}</Typography>
          {encoding && <CircularProgress size={24} aria-label={t('record.encoding')} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={recording || encoding}>{t('common.close')}</Button>
        {recording ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={() => void finish()}>{t('record.stop')}</Button>
        ) : (
          <Button variant="contained" startIcon={<FiberManualRecordIcon />} disabled={encoding} onClick={() => void begin()}>{t('record.start')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
