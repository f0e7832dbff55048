import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { ACCOUNT_MESSAGES, DEFAULT_PATH } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { api, errorMessage } from '../../lib/apiClient';
import { useAuth } from '../auth/useAuth';
import { PublicCard } from '../invitations/PublicCard';

type State = { kind: 'checking' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

/** /xac-thuc-email?token=…: confirms the address without login and says how it went. */
export function VerifyEmailPage() {
  const { t, tMessage } = useT();
  const { user, updateUser } = useAuth();
  const token = useSearchParams()[0].get('token') ?? '';
  const verify = useMutation({
    mutationFn: (sentToken: string) => api.post<{ email: string; trangthaixacthucemail: boolean }>('/v1/client/xacthucemail', { token: sentToken }),
  });
  // The token is single-use: send it once even when StrictMode runs effects twice.
  const sent = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  // A signed-in user whose address this was sees it verified without signing in again.
  const verifiedEmail = verify.data?.email;
  useEffect(() => {
    if (verifiedEmail && user && user.email === verifiedEmail && !user.trangthaixacthucemail) updateUser({ trangthaixacthucemail: true });
  }, [verifiedEmail, user, updateUser]);

  const state: State = !token
    ? { kind: 'failed', message: ACCOUNT_MESSAGES.emailTokenInvalid }
    : verify.isSuccess
      ? { kind: 'verified', email: verify.data.email }
      : verify.isError
        ? { kind: 'failed', message: errorMessage(verify.error) }
        : { kind: 'checking' };

  return (
    <PublicCard title={t('nav.emailVerification')}>
      <Stack spacing={2} data-testid="verify-email" data-state={state.kind}>
        {state.kind === 'checking' && <CircularProgress aria-label={t('verifyEmail.checking')} sx={{ display: 'block', mx: 'auto' }} />}
        {state.kind === 'verified' && <Alert severity="success">{t('verifyEmail.done', { email: state.email })}</Alert>}
        {state.kind === 'failed' && <Alert severity="error">{tMessage(state.message)}</Alert>}
        {state.kind !== 'checking' && (
          <Button component={RouterLink} to={user ? DEFAULT_PATH : '/login'} variant="contained">{user ? t('public.toConsole') : t('public.toLogin')}</Button>
        )}
      </Stack>
    </PublicCard>
  );
}
