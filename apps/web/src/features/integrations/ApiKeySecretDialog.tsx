import { Box, Typography } from '@mui/material';
import type { ApiKeyCreated } from '@loa/contract';
import { ShownOnceDialog } from '../../app/dialogs/ShownOnceDialog';
import { useT } from '../../i18n/useT';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/** Shows a new key's secret once, with a copy button and how to send it; gone when closed. */
export function ApiKeySecretDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <ShownOnceDialog
      secret={created?.bimat ?? null}
      title={t('apiKeys.secretTitle', { name: created?.khoa.ten ?? '' })}
      warning={t('apiKeys.secretOnce')}
      doneLabel={t('apiKeys.secretDone')}
      testId="api-key-secret"
      fontSize={14}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">{t('apiKeys.howToUse')}</Typography>
      <Box component="code" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 13 }}>Authorization: Bearer loa_…</Box>
    </ShownOnceDialog>
  );
}
