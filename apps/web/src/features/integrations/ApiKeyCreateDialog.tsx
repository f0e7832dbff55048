import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { API_KEY_DEFAULT_RATE_PER_MINUTE, API_KEY_MESSAGES, type ApiKeyCreated } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AreaSelect } from '../areas/AreaSelect';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { RightsCheckboxes } from '../accounts/RightsCheckboxes';
import { useRights } from '../accounts/useRights';
import { useAreas } from '../devices/useAreas';
import { createApiKey } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/** Name, rights, area and rate of a new key. Mount only while open. */
export function ApiKeyCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiKeyCreated) => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const me = useCurrentUser();
  const rights = useRights();
  const { areas } = useAreas();
  const [ten, setTen] = useState('');
  const [quyenhan, setQuyenhan] = useState<string[]>([]);
  const [diaban, setDiaban] = useState(me.diaban?._id ?? '');
  const [rate, setRate] = useState(String(API_KEY_DEFAULT_RATE_PER_MINUTE));
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ten.trim()) {
      setNameError(API_KEY_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createApiKey({ ten: ten.trim(), quyenhan, diaban: diaban || null, gioihanphut: Number(rate) }));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="api-key-create-title" maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="api-key-create-title">{t('apiKeys.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('apiKeys.name')} value={ten} onChange={(e) => { setTen(e.target.value); setNameError(null); }} error={!!nameError} helperText={nameError ? tMessage(nameError) : t('apiKeys.nameHelp')} fullWidth autoFocus />
            <AreaSelect label={t('accounts.area')} value={diaban} onChange={setDiaban} areas={areas} emptyLabel={me.diaban ? undefined : t('accounts.wholeScope')} />
            <TextField label={t('apiKeys.rate')} type="number" value={rate} onChange={(e) => setRate(e.target.value)} slotProps={{ htmlInput: { min: 1 } }} fullWidth />
            <RightsCheckboxes rights={rights} value={quyenhan} onChange={setQuyenhan} grantable={(right) => hasRight(me, right as Parameters<typeof hasRight>[1])} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('apiKeys.createSubmit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
