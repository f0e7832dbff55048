import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert, Box, Button, CircularProgress, Grow, Paper, Stack, TextField, Typography } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { useT } from '../../i18n/useT';
import { sessionEndMessage } from '../../lib/sessionEnd';
import { PasswordField } from './PasswordField';
import { useLogin } from './useLogin';

/** Login screen: fades and scales in over 0.4 s; Enter submits. */
export function LoginPage() {
  const { t, tMessage } = useT();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const { submit, submitting, error } = useLogin(from);
  const ended = sessionEndMessage(location.search);
  const [tentaikhoan, setTentaikhoan] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) void submit(tentaikhoan.trim(), password);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Grow in appear timeout={400}>
        <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <CampaignIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h5" component="h1">{t('login.title')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>{t('login.subtitle')}</Typography>
          </Stack>
          <form onSubmit={onSubmit} noValidate>
            <Stack spacing={2}>
              {ended && !error && <Alert severity="warning" data-testid="session-ended">{t(ended)}</Alert>}
              {error && <Alert severity="error">{tMessage(error)}</Alert>}
              <TextField
                label={t('login.username')}
                name="tentaikhoan"
                autoComplete="username"
                autoFocus
                fullWidth
                value={tentaikhoan}
                onChange={(e) => setTentaikhoan(e.target.value)}
              />
              <PasswordField
                label={t('login.password')}
                name="password"
                autoComplete="current-password"
                fullWidth
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" variant="contained" size="large" disabled={submitting} startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : null}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Grow>
    </Box>
  );
}
