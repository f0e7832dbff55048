import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import type { ApiKey, ApiKeyCreated } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { API_KEYS_PATH, revokeApiKey } from './api';
import { ApiKeyCreateDialog } from './ApiKeyCreateDialog';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';
import { IntegrationSection } from './IntegrationSection';
import { useLoaded } from './useLoaded';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/** API keys: the list with rights, area and last use; create (secret shown once) and revoke. */
export function ApiKeysSection() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { data: items, error, retry, reload: load } = useLoaded<ApiKey[]>(API_KEYS_PATH);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeApiKey(revoking._id);
      notify.success(t('apiKeys.revoked', { name: revoking.ten }));
      load();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <IntegrationSection
      id="api-keys"
      title={t('apiKeys.title')}
      intro={t('apiKeys.intro')}
      action={<Button variant="contained" startIcon={<KeyIcon />} onClick={() => setCreating(true)}>{t('apiKeys.create')}</Button>}
    >
      <QueryErrorAlert error={error} onRetry={retry} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items?.length === 0 && <Box sx={{ py: 4, textAlign: 'center' }}><Typography color="text.secondary">{t('apiKeys.none')}</Typography></Box>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('apiKeys.title')} sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('apiKeys.name')}</TableCell>
                <TableCell>{t('accounts.rights')}</TableCell>
                <TableCell>{t('accounts.area')}</TableCell>
                <TableCell>{t('apiKeys.rate')}</TableCell>
                <TableCell>{t('apiKeys.createdBy')}</TableCell>
                <TableCell>{t('apiKeys.lastUsed')}</TableCell>
                <TableCell>{t('accounts.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((key) => (
                <TableRow key={key._id} data-testid="api-key-row" data-id={key._id}>
                  <TableCell>
                    <Typography variant="body2">{key.ten}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{key.tiento}</Typography>
                  </TableCell>
                  <TableCell>{key.quyenhan.length === 0 ? t('apiKeys.noRights') : key.quyenhan.map((r) => tMessage(r.quyen)).join(', ')}</TableCell>
                  <TableCell>{key.diaban?.tendiaban ?? t('accounts.wholeScopeShort')}</TableCell>
                  <TableCell>{t('apiKeys.perMinute', { n: String(key.gioihanphut) })}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{key.nguoitao}</Typography>
                    <Typography variant="caption" color="text.secondary">{formatTimestamp(key.ngaytao)}</Typography>
                  </TableCell>
                  <TableCell data-testid="api-key-last-used">
                    {key.lansudungcuoi ? (
                      <>
                        <Typography variant="body2">{formatTimestamp(key.lansudungcuoi)}</Typography>
                        <Typography variant="caption" color="text.secondary">{key.ipcuoi}</Typography>
                      </>
                    ) : t('apiKeys.neverUsed')}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={key.thuhoi ? 'default' : 'success'} label={key.thuhoi ? t('apiKeys.stateRevoked') : t('apiKeys.stateActive')} />
                  </TableCell>
                  <TableCell align="right">
                    {!key.thuhoi && <Button size="small" color="error" onClick={() => setRevoking(key)}>{t('apiKeys.revoke')}</Button>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && <ApiKeyCreateDialog onClose={() => setCreating(false)} onCreated={(result) => { setCreating(false); setCreated(result); load(); }} />}
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={!!revoking}
        title={t('apiKeys.revoke')}
        text={t('apiKeys.confirmRevoke', { name: revoking?.ten ?? '' })}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </IntegrationSection>
  );
}
