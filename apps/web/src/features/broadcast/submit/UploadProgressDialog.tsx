import { Box, Dialog, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useT } from '../../../i18n/useT';
import { fileProgress } from './broadcastRequest';

export interface UploadProgressDialogProps {
  open: boolean;
  files: { fileName: string; size: number }[];
  /** Percent of the whole request sent. */
  percent: number;
}

/** Upload progress, file by file; at 100 % it reads 'Đang chuẩn bị phát…' (spec §2). */
export function UploadProgressDialog({ open, files, percent }: UploadProgressDialogProps) {
  const { t } = useT();
  const perFile = fileProgress(files.map((f) => f.size), percent);
  const done = percent >= 100;
  return (
    <Dialog open={open} fullWidth maxWidth="xs" aria-labelledby="upload-progress-title">
      <DialogTitle id="upload-progress-title">{t('upload.title')}</DialogTitle>
      <DialogContent>
        <Typography data-testid="upload-status" role="status" sx={{ mb: 2 }}>
          {done ? t('upload.preparing') : t('upload.sending', { percent })}
        </Typography>
        <Stack spacing={1.5}>
          {files.map((file, i) => (
            <Box key={`${file.fileName}-${i}`} data-testid="upload-file">
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>{file.fileName}</Typography>
                <Typography variant="body2" color="text.secondary">{perFile[i]}%</Typography>
              </Stack>
              <LinearProgress variant="determinate" value={perFile[i] ?? 0} aria-label={file.fileName} />
            </Box>
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
