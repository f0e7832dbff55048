import { useEffect, useRef, useState } from 'react';
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
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: ACCOUNT_MESSAGES.emailTokenInvalid }));
  // The token is single-use: send it once even when StrictMode runs effects twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    api
      .post<{ email: string; trangthaixacthucemail: boolean }>('/v1/client/xacthucemail', { token })
      .then((answer) => {
        setState({ kind: 'verified', email: answer.email });
        if (user && user.email === answer.email) updateUser({ trangthaixacthucemail: true });
      })
      .catch((caught: unknown) => setState({ kind: 'failed', message: errorMessage(caught) }));
  }, [token, user, updateUser]);

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
