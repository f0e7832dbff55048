import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, isMessage } from '@loa/contract';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { PasswordStrengthHint } from '../accounts/PasswordStrengthHint';
import { PasswordField } from '../auth/PasswordField';
import { validateAcceptance, type AcceptFormErrors, type AcceptFormValues } from './acceptForm';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { acceptInvitation, invitationPreviewPath, type InvitationPreview } from './api';
import { PublicCard } from './PublicCard';

/** /loi-moi?token=… without login: see the invitation, choose a login name and password, then sign in. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const preview = useApiQuery<InvitationPreview>(invitationPreviewPath(token), { staleTime: Infinity, refetchOnWindowFocus: false });
  // What the user typed; the name starts as the invitation's until it is edited.
  const [typed, setTyped] = useState<Partial<AcceptFormValues>>({});
  const values: AcceptFormValues = { tentaikhoan: '', hoten: preview.data?.hoten ?? '', sdt: '', matkhau: '', nhaplaimatkhau: '', ...typed };
  const [errors, setErrors] = useState<AcceptFormErrors>({});
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (created) => {
      notify.success(t('invitations.accepted', { name: created.tentaikhoan }));
      void navigate('/login', { replace: true, state: { tentaikhoan: created.tentaikhoan } });
    },
    onError: (caught) => {
      const message = errorMessage(caught);
      notify.error(tMessage(message));
      // A name someone took meanwhile: beside the field too.
      if (isMessage(message, ACCOUNT_MESSAGES.loginNameTaken)) setErrors({ tentaikhoan: message });
    },
  });

  const set = (field: keyof AcceptFormValues) => (value: string) => {
    setTyped((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateAcceptance(token, values);
    setErrors(checked.errors);
    if (checked.body) accept.mutate(checked.body);
  };
  const field = (name: keyof AcceptFormValues, label: string, autoComplete: string) => (
    <TextField label={label} name={name} autoComplete={autoComplete} value={values[name]} onChange={(e) => set(name)(e.target.value)} error={!!errors[name]} helperText={errors[name] && tMessage(errors[name])} fullWidth />
  );

  return (
    <PublicCard title={t('invitations.acceptTitle')}>
      {preview.error && (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="invitation-error">{tMessage(errorMessage(preview.error))}</Alert>
          <Button component={RouterLink} to="/login">{t('public.toLogin')}</Button>
        </Stack>
      )}
      {preview.isPending && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}
      {preview.data && (
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Alert severity="info" data-testid="invitation-summary">
              <Typography variant="body2">{t('invitations.invitedYou', { who: preview.data.nguoimoi, email: preview.data.email })}</Typography>
              <Typography variant="body2">{t('invitations.areaLine', { area: preview.data.tendiaban ?? t('accounts.wholeScopeShort') })}</Typography>
              <Typography variant="body2">{t('invitations.rightsLine')}</Typography>
              <Typography variant="caption">{t('invitations.expiresLine', { at: formatTimestamp(preview.data.hethan) })}</Typography>
            </Alert>
            {field('tentaikhoan', t('accounts.loginName'), 'username')}
            {field('hoten', t('accounts.fullName'), 'name')}
            {field('sdt', t('accounts.phone'), 'tel')}
            <PasswordField label={t('accounts.password')} name="matkhau" autoComplete="new-password" value={values.matkhau} onChange={(e) => set('matkhau')(e.target.value)} error={!!errors.matkhau} helperText={errors.matkhau ? tMessage(errors.matkhau) : t('accounts.passwordHelp')} fullWidth />
            <PasswordStrengthHint password={values.matkhau} />
            <PasswordField label={t('invitations.repeatPassword')} name="nhaplaimatkhau" autoComplete="new-password" value={values.nhaplaimatkhau} onChange={(e) => set('nhaplaimatkhau')(e.target.value)} error={!!errors.nhaplaimatkhau} helperText={errors.nhaplaimatkhau && tMessage(errors.nhaplaimatkhau)} fullWidth />
            <Button type="submit" variant="contained" size="large" disabled={accept.isPending || accept.isSuccess}>{t('invitations.acceptSubmit')}</Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
