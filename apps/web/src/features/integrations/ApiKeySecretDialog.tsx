import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { ApiKeyCreated } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { copyText } from '../../lib/copyText';

/** Shows a new key's secret once, with a copy button and how to send it; gone when closed. */
export function ApiKeySecretDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const copy = async () => {
    if (created && (await copyText(created.bimat))) notify.success(t('accounts.copied'));
    else notify.error(t('accounts.copyFailed'));
  };
  return (
    <Dialog open={!!created} onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="api-key-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-secret-title">{t('apiKeys.secretTitle', { name: created?.khoa.ten ?? '' })}</DialogTitle>
      {created && (
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('apiKeys.secretOnce')}</Alert>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" data-testid="api-key-secret" sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}>
                {created.bimat}
              </Box>
              <Tooltip title={t('accounts.copy')}>
                <IconButton aria-label={t('accounts.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <Typography variant="body2" color="text.secondary">{t('apiKeys.howToUse')}</Typography>
            <Box component="code" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 13 }}>Authorization: Bearer loa_…</Box>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('apiKeys.secretDone')}</Button>
      </DialogActions>
    </Dialog>
  );
}
