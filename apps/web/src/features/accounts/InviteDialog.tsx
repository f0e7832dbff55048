import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { Area, Invitation } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { roleOf } from '../../app/shell/roleLabel';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AreaSelect } from '../areas/AreaSelect';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { createInvitation, type RightOption } from './api';
import { EMPTY_INVITATION_FORM, validateInvitation, type InvitationFormErrors, type InvitationFormValues } from './invitationForm';
import { offeredAccountTypes } from './accountForm';
import { RightsCheckboxes } from './RightsCheckboxes';

/** Invite someone by e-mail with the type, area and rights chosen now. Mount only while open. */
export function InviteDialog({ areas, rights, onClose, onSent }: { areas: readonly Area[]; rights: readonly RightOption[]; onClose: () => void; onSent: (invitation: Invitation) => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const me = useCurrentUser();
  const [values, setValues] = useState<InvitationFormValues>(EMPTY_INVITATION_FORM);
  const [errors, setErrors] = useState<InvitationFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <F extends keyof InvitationFormValues>(field: F, value: InvitationFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateInvitation(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    try {
      onSent(await createInvitation(checked.body));
      notify.success(t('invitations.sent', { email: checked.body.email }));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-title" maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="invite-title">{t('invitations.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('accounts.email')} type="email" value={values.email} onChange={(e) => set('email', e.target.value)} error={!!errors.email} helperText={errors.email && tMessage(errors.email)} fullWidth />
            <TextField label={t('accounts.fullName')} value={values.hoten} onChange={(e) => set('hoten', e.target.value)} helperText={t('invitations.nameHelp')} fullWidth />
            <TextField
              select
              label={t('accounts.type')}
              value={values.loaitaikhoan}
              onChange={(e) => set('loaitaikhoan', e.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              {offeredAccountTypes(roleOf(me.loaitaikhoan).isAdmin).map((type) => (
                <option key={type} value={type}>{t(roleOf(type).labelId)}</option>
              ))}
            </TextField>
            <AreaSelect label={t('accounts.area')} value={values.diaban} onChange={(id) => set('diaban', id)} areas={areas} emptyLabel={me.diaban ? undefined : t('accounts.wholeScope')} error={errors.diaban && tMessage(errors.diaban)} />
            <RightsCheckboxes rights={rights} value={values.quyenhan} onChange={(list) => set('quyenhan', list)} grantable={(right) => hasRight(me, right as Parameters<typeof hasRight>[1])} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('invitations.send')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
