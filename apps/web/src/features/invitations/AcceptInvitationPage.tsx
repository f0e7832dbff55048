import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { PasswordStrengthHint } from '../accounts/PasswordStrengthHint';
import { PasswordField } from '../auth/PasswordField';
import { validateAcceptance, type AcceptFormErrors, type AcceptFormValues } from './acceptForm';
import { acceptInvitation, fetchInvitationPreview, type InvitationPreview } from './api';
import { PublicCard } from './PublicCard';

/** /loi-moi?token=… without login: see the invitation, choose a login name and password, then sign in. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<AcceptFormValues>({ tentaikhoan: '', hoten: '', sdt: '', matkhau: '', nhaplaimatkhau: '' });
  const [errors, setErrors] = useState<AcceptFormErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchInvitationPreview(token)
      .then((answer) => {
        if (!alive) return;
        setPreview(answer);
        setValues((v) => ({ ...v, hoten: v.hoten || answer.hoten }));
      })
      .catch((caught: unknown) => alive && setLoadError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [token]);

  const set = (field: keyof AcceptFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateAcceptance(token, values);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    try {
      const created = await acceptInvitation(checked.body);
      notify.success(t('invitations.accepted', { name: created.tentaikhoan }));
      void navigate('/login', { replace: true, state: { tentaikhoan: created.tentaikhoan } });
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };
  const field = (name: keyof AcceptFormValues, label: string, autoComplete: string) => (
    <TextField label={label} name={name} autoComplete={autoComplete} value={values[name]} onChange={(e) => set(name)(e.target.value)} error={!!errors[name]} helperText={errors[name] && tMessage(errors[name])} fullWidth />
  );

  return (
    <PublicCard title={t('invitations.acceptTitle')}>
      {loadError && (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="invitation-error">{tMessage(loadError)}</Alert>
          <Button component={RouterLink} to="/login">{t('public.toLogin')}</Button>
        </Stack>
      )}
      {!preview && !loadError && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}
      {preview && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack spacing={2}>
            <Alert severity="info" data-testid="invitation-summary">
              <Typography variant="body2">{t('invitations.invitedYou', { who: preview.nguoimoi, email: preview.email })}</Typography>
              <Typography variant="body2">{t('invitations.areaLine', { area: preview.tendiaban ?? t('accounts.wholeScopeShort') })}</Typography>
              <Typography variant="body2">{t('invitations.rightsLine')}</Typography>
              <Typography variant="caption">{t('invitations.expiresLine', { at: formatTimestamp(preview.hethan) })}</Typography>
            </Alert>
            {field('tentaikhoan', t('accounts.loginName'), 'username')}
            {field('hoten', t('accounts.fullName'), 'name')}
            {field('sdt', t('accounts.phone'), 'tel')}
            <PasswordField label={t('accounts.password')} name="matkhau" autoComplete="new-password" value={values.matkhau} onChange={(e) => set('matkhau')(e.target.value)} error={!!errors.matkhau} helperText={errors.matkhau ? tMessage(errors.matkhau) : t('accounts.passwordHelp')} fullWidth />
            <PasswordStrengthHint password={values.matkhau} />
            <PasswordField label={t('invitations.repeatPassword')} name="nhaplaimatkhau" autoComplete="new-password" value={values.nhaplaimatkhau} onChange={(e) => set('nhaplaimatkhau')(e.target.value)} error={!!errors.nhaplaimatkhau} helperText={errors.nhaplaimatkhau && tMessage(errors.nhaplaimatkhau)} fullWidth />
            <Button type="submit" variant="contained" size="large" disabled={busy}>{t('invitations.acceptSubmit')}</Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
