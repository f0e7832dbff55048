import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { copyText } from '../../lib/copyText';

/** A secret just issued by themmoi or reset, held only until its dialog closes. */
export interface IssuedSecret {
  deviceId: string;
  deviceName: string;
  secret: string;
}

/** The command that runs a speaker agent for the device against this server. */
export function agentCommand({ deviceId, secret }: IssuedSecret, origin: string): string {
  return `npm run speaker -- --server ${origin} --id ${deviceId} --secret ${secret}`;
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useT();
  const notify = useNotify();
  const copy = async () => {
    if (await copyText(value)) notify.success(t('devices.copied'));
    else notify.error(t('devices.copyFailed'));
  };
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary">{label}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box component="code" data-testid={testId} sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {value}
        </Box>
        <Tooltip title={t('devices.copy')}>
          <IconButton aria-label={`${t('devices.copy')}: ${label}`} onClick={() => void copy()}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/** Shows a device's secret once, with the command to start an agent; it is gone when the dialog closes. */
export function SecretDialog({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog open={!!issued} onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="secret-title" maxWidth="md" fullWidth>
      <DialogTitle id="secret-title">{t('devices.secretTitle', { name: issued?.deviceName ?? '' })}</DialogTitle>
      {issued && (
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('devices.secretOnce')}</Alert>
            <CopyLine label={t('devices.deviceId')} value={issued.deviceId} testId="device-id" />
            <CopyLine label={t('devices.secret')} value={issued.secret} testId="device-secret" />
            <CopyLine label={t('devices.agentCommand')} value={agentCommand(issued, window.location.origin)} testId="device-agent-command" />
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('devices.secretSaved')}</Button>
      </DialogActions>
    </Dialog>
  );
}
