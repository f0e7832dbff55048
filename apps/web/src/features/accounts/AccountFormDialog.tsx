import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import type { Account, Area } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { roleOf } from '../../app/shell/roleLabel';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AreaSelect } from '../areas/AreaSelect';
import { PasswordField } from '../auth/PasswordField';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { accountToForm, EMPTY_ACCOUNT_FORM, offeredAccountTypes, refusalErrors, validateAccountUpdate, validateNewAccount, type AccountFormErrors, type AccountFormField, type AccountFormValues } from './accountForm';
import { createAccount, updateAccount, type RightOption } from './api';
import { PasswordStrengthHint } from './PasswordStrengthHint';
import { RightsCheckboxes } from './RightsCheckboxes';

export interface AccountFormDialogProps {
  /** The account to edit; null creates one. */
  account: Account | null;
  areas: readonly Area[];
  rights: readonly RightOption[];
  onClose: () => void;
  onSaved: (account: Account) => void;
}

/** Create or edit an account; the contract's schema checks it first, then the server's messages are shown. Mount only while open. */
export function AccountFormDialog({ account, areas, rights, onClose, onSaved }: AccountFormDialogProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const me = useCurrentUser();
  const [values, setValues] = useState<AccountFormValues>(() => (account ? accountToForm(account) : EMPTY_ACCOUNT_FORM));
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [busy, setBusy] = useState(false);
  const meIsAdmin = roleOf(me.loaitaikhoan).isAdmin;
  const initialRights = account?.quyenhan.map((r) => r.value) ?? [];

  const set = <F extends AccountFormField>(field: F, value: AccountFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: 'tentaikhoan' | 'hoten' | 'email' | 'sdt', label: string, extra: { type?: string; autoComplete?: string; readOnly?: boolean; maxLength?: number } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      type={extra.type}
      autoComplete={extra.autoComplete}
      onChange={(event) => set(field, event.target.value)}
      error={!!errors[field]}
      helperText={errors[field] ? tMessage(errors[field]) : undefined}
      slotProps={{ htmlInput: { readOnly: extra.readOnly, maxLength: extra.maxLength } }}
      fullWidth
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = account ? validateAccountUpdate(account._id, values) : validateNewAccount(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    try {
      const saved = account ? await updateAccount(checked.body as Parameters<typeof updateAccount>[0]) : await createAccount(checked.body as Parameters<typeof createAccount>[0]);
      notify.success(t(account ? 'accounts.updated' : 'accounts.created'));
      onSaved(saved);
    } catch (caught) {
      const message = errorMessage(caught);
      notify.error(tMessage(message));
      setErrors(refusalErrors(message));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="account-form-title" maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="account-form-title">{t('accounts.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {account ? t('accounts.editing', { name: account.tentaikhoan }) : t('accounts.creating')}
          </Typography>
          <Stack spacing={2}>
            {text('tentaikhoan', t('accounts.loginName'), { autoComplete: 'off', readOnly: !!account, maxLength: 64 })}
            {!account && (
              <Stack spacing={1}>
                <PasswordField
                  label={t('accounts.password')}
                  name="matkhau"
                  autoComplete="new-password"
                  value={values.matkhau}
                  onChange={(event) => set('matkhau', event.target.value)}
                  error={!!errors.matkhau}
                  helperText={errors.matkhau ? tMessage(errors.matkhau) : t('accounts.passwordHelp')}
                  fullWidth
                />
                <PasswordStrengthHint password={values.matkhau} />
              </Stack>
            )}
            {text('hoten', t('accounts.fullName'), { autoComplete: 'off', maxLength: 100 })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('email', t('accounts.email'), { type: 'email', autoComplete: 'off', maxLength: 200 })}
              {text('sdt', t('accounts.phone'), { autoComplete: 'off', maxLength: 20 })}
            </Stack>
            <TextField
              select
              label={t('accounts.type')}
              value={values.loaitaikhoan}
              onChange={(event) => set('loaitaikhoan', event.target.value)}
              error={!!errors.loaitaikhoan}
              helperText={errors.loaitaikhoan ? tMessage(errors.loaitaikhoan) : undefined}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              {offeredAccountTypes(meIsAdmin, account?.loaitaikhoan).map((type) => (
                <option key={type} value={type}>
                  {t(roleOf(type).labelId)}
                </option>
              ))}
            </TextField>
            <AreaSelect
              label={t('accounts.area')}
              value={values.diaban}
              onChange={(id) => set('diaban', id)}
              areas={areas}
              emptyLabel={me.diaban ? undefined : t('accounts.wholeScope')}
              error={errors.diaban && tMessage(errors.diaban)}
            />
            <RightsCheckboxes
              rights={rights}
              value={values.quyenhan}
              onChange={(list) => set('quyenhan', list)}
              grantable={(right) => initialRights.includes(right) || hasRight(me, right as Parameters<typeof hasRight>[1])}
              error={errors.quyenhan && tMessage(errors.quyenhan)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('accounts.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
