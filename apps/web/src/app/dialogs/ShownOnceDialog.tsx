import type { ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '../snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { copyText } from '../../lib/copyText';

export interface ShownOnceDialogProps {
  /** The secret to show, or null when closed. */
  secret: string | null;
  title: string;
  warning: string;
  doneLabel: string;
  /** data-testid of the secret's box. */
  testId: string;
  fontSize?: number;
  onClose: () => void;
  children?: ReactNode;
}

/** Shows a secret the server will never show again (a temporary password, an API key) with a copy button; a click outside does not close it. */
export function ShownOnceDialog({ secret, title, warning, doneLabel, testId, fontSize = 18, onClose, children }: ShownOnceDialogProps) {
  const { t } = useT();
  const notify = useNotify();
  const copy = async () => {
    if (secret && (await copyText(secret))) notify.success(t('accounts.copied'));
    else notify.error(t('accounts.copyFailed'));
  };
  return (
    <Dialog open={secret !== null} onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby={`${testId}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      {secret !== null && (
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{warning}</Alert>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" data-testid={testId} sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize, wordBreak: 'break-all' }}>
                {secret}
              </Box>
              <Tooltip title={t('accounts.copy')}>
                <IconButton aria-label={t('accounts.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            {children}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{doneLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
