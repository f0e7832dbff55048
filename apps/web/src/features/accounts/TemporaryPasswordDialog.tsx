import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { copyText } from '../../lib/copyText';

/** Shows a temporary password once; it is gone when the dialog closes. */
export function TemporaryPasswordDialog({ issued, onClose }: { issued: { name: string; password: string } | null; onClose: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const copy = async () => {
    if (issued && (await copyText(issued.password))) notify.success(t('accounts.copied'));
    else notify.error(t('accounts.copyFailed'));
  };
  return (
    <Dialog open={!!issued} onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="temp-password-title" maxWidth="sm" fullWidth>
      <DialogTitle id="temp-password-title">{t('accounts.tempPasswordTitle', { name: issued?.name ?? '' })}</DialogTitle>
      {issued && (
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('accounts.tempPasswordOnce')}</Alert>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" data-testid="temporary-password" sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 18, wordBreak: 'break-all' }}>
                {issued.password}
              </Box>
              <Tooltip title={t('accounts.copy')}>
                <IconButton aria-label={t('accounts.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('accounts.tempPasswordDone')}</Button>
      </DialogActions>
    </Dialog>
  );
}
