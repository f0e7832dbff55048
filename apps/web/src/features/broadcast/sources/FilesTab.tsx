import { useRef, useState } from 'react';
import { Button, CircularProgress, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { formatDuration } from '@loa/contract';
import { useNotify } from '../../../app/snackbar/useNotify';
import { useT } from '../../../i18n/useT';
import { errorMessage } from '../../../lib/apiClient';
import type { DraftFile } from '../types';
import { mp3FileError } from './checkMp3File';
import { LibraryPicker } from './LibraryPicker';
import { readMediaDuration } from './mediaDuration';
import { uniqueFileName } from './uniqueFileName';

/** Checks one chosen file (§5 Files) and reads its duration; null (after telling the user) when refused. */
async function prepareFile(file: File, fail: (message: string) => void): Promise<DraftFile | null> {
  const problem = await mp3FileError(file);
  if (problem) {
    fail(problem);
    return null;
  }
  const song = URL.createObjectURL(file);
  try {
    const duration = await readMediaDuration(song);
    return { fileName: file.name, url: uniqueFileName(file.name), duration, thoigianbatdau: 0, blob: file, song };
  } catch (error) {
    URL.revokeObjectURL(song);
    fail(errorMessage(error));
    return null;
  }
}

/** Files tab: pick MP3 files (checked in the browser) or stored files of the media library, see their durations, remove them. */
export function FilesTab({ files, onChange }: { files: DraftFile[]; onChange: (files: DraftFile[]) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [picking, setPicking] = useState(false);

  const pick = async (chosen: File[]) => {
    setChecking(true);
    const accepted: DraftFile[] = [];
    for (const file of chosen) {
      const prepared = await prepareFile(file, notify.error);
      if (prepared) accepted.push(prepared);
    }
    setChecking(false);
    if (accepted.length) onChange([...files, ...accepted]);
  };

  return (
    <Stack spacing={1}>
      <input
        ref={input}
        type="file"
        accept="audio/mpeg,.mp3"
        multiple
        hidden
        data-testid="file-input"
        aria-label={t('source.chooseFiles')}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (chosen.length) void pick(chosen);
        }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={checking} onClick={() => input.current?.click()}>
          {t('source.chooseFiles')}
        </Button>
        <Button variant="outlined" startIcon={<LibraryMusicIcon />} onClick={() => setPicking(true)}>
          {t('source.fromLibrary')}
        </Button>
        {checking && <CircularProgress size={20} aria-label={t('source.checkingFiles')} />}
      </Stack>
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('source.noFiles')}</Typography>
      ) : (
        <List dense aria-label={t('source.chosenFiles')}>
          {files.map((file, index) => (
            <ListItem
              key={file.url}
              data-testid="chosen-file"
              secondaryAction={
                <IconButton edge="end" aria-label={t('source.removeFile', { name: file.fileName })} onClick={() => onChange(files.filter((_, i) => i !== index))}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={file.fileName} secondary={formatDuration(file.duration)} />
            </ListItem>
          ))}
        </List>
      )}
      {picking && (
        <LibraryPicker
          chosen={new Set(files.map((f) => f.url))}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            setPicking(false);
            onChange([...files, file]);
          }}
        />
      )}
    </Stack>
  );
}
