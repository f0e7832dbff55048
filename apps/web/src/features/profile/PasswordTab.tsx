import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { changePasswordError, MSG } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { errorBeside } from '../../lib/fieldErrors';
import { useNotify } from '../../app/snackbar/useNotify';
import { PasswordField } from '../auth/PasswordField';
import { changePassword } from './api';

type PasswordFieldName = 'matkhauHientai' | 'matkhaumoi' | 'nhaplaimatkhaumoi';

/** The field each §5 message is about, so it shows beside that field too. */
const FIELD_OF: Record<string, PasswordFieldName> = {
  [MSG.currentPasswordRequired]: 'matkhauHientai',
  [MSG.newPasswordRequired]: 'matkhaumoi',
  [MSG.newPasswordTooShort]: 'matkhaumoi',
  [MSG.repeatPasswordRequired]: 'nhaplaimatkhaumoi',
  [MSG.repeatPasswordMismatch]: 'nhaplaimatkhaumoi',
};

/** Change password: the §5 checks in order (shown as an error notification and beside the field), then the server call. */
export function PasswordTab({ onDone, onChanged }: { onDone: () => void; onChanged?: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const [matkhauHientai, setCurrent] = useState('');
  const [matkhaumoi, setNew] = useState('');
  const [nhaplaimatkhaumoi, setRepeat] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const fieldError = (field: PasswordFieldName) => (errors[field] ? { error: true, helperText: errors[field] } : {});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { matkhauHientai, matkhaumoi, nhaplaimatkhaumoi };
    const invalid = changePasswordError(body);
    setErrors(errorBeside(FIELD_OF, invalid));
    if (invalid) {
      notify.error(invalid);
      return;
    }
    setSaving(true);
    try {
      await changePassword(body);
      notify.success(MSG.updateSuccess);
      onChanged?.();
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setSaving(false);
      onDone();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <PasswordField label={t('profile.currentPassword')} name="matkhauHientai" autoComplete="current-password" value={matkhauHientai} onChange={(e) => setCurrent(e.target.value)} fullWidth {...fieldError('matkhauHientai')} />
        <PasswordField label={t('profile.newPassword')} name="matkhaumoi" autoComplete="new-password" value={matkhaumoi} onChange={(e) => setNew(e.target.value)} fullWidth {...fieldError('matkhaumoi')} />
        <PasswordField label={t('profile.repeatPassword')} name="nhaplaimatkhaumoi" autoComplete="new-password" value={nhaplaimatkhaumoi} onChange={(e) => setRepeat(e.target.value)} fullWidth {...fieldError('nhaplaimatkhaumoi')} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={saving}>{t('profile.update')}</Button>
        </Stack>
      </Stack>
    </form>
  );
}
