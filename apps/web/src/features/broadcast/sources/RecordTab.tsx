import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import { formatDuration, MSG } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import type { DraftFile } from '../types';
import { RecordingDialog } from './RecordingDialog';
import { recordingSupported } from './useRecorder';

/** Record tab (add mode only): the recording made with the recording dialog, or why there is none. */
export function RecordTab({ recording, onChange }: { recording: DraftFile | null; onChange: (recording: DraftFile | null) => void }) {
  const { t, tMessage } = useT();
  const [open, setOpen] = useState(false);
  if (!recordingSupported()) return <Typography color="text.secondary">{tMessage(MSG.recordingInProgress)}</Typography>;
  return (
    <Stack spacing={2}>
      {recording ? (
        <Stack spacing={1} data-testid="recording">
          <Typography>{recording.fileName} ({formatDuration(recording.duration)})</Typography>
          <audio controls src={recording.song} style={{ width: '100%' }} aria-label={recording.fileName} />
        </Stack>
      ) : (
        <Typography color="text.secondary">{tMessage(MSG.recordingNone)}</Typography>
      )}
      <Button variant="outlined" startIcon={<MicIcon />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t(recording ? 'record.again' : 'record.open')}
      </Button>
      {open && (
        <RecordingDialog
          onClose={() => setOpen(false)}
          onRecorded={(file) => {
            onChange(file);
            setOpen(false);
          }}
        />
      )}
    </Stack>
  );
}
