import { useState, type ReactNode } from 'react';
import { Avatar, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import type { User } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { sendEmailVerification } from './api';

/** Full name, phone and email with their verified indicators (phone is never verified yet). */
export function ProfileSidePanel({ user }: { user: User }) {
  return (
    <Paper variant="outlined" component="aside" aria-label={user.hoten} sx={{ p: 2, width: { md: 260 }, flexShrink: 0 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Avatar sx={{ width: 72, height: 72, fontSize: 32 }}>{(user.hoten || user.tentaikhoan).charAt(0).toUpperCase()}</Avatar>
        <Typography variant="h6" component="p">{user.hoten}</Typography>
        <Indicator icon={<PhoneIcon fontSize="small" />} value={user.sdt} verified={false} testId="phone-verified" />
        <Indicator icon={<EmailIcon fontSize="small" />} value={user.email} verified={user.trangthaixacthucemail} testId="email-verified" action={user.email && !user.trangthaixacthucemail ? <SendVerificationButton email={user.email} /> : undefined} />
      </Stack>
    </Paper>
  );
}

/** Asks the server to mail a verification link to the account's address. */
function SendVerificationButton({ email }: { email: string }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const { cachgui } = await sendEmailVerification();
      // Without SMTP nothing was mailed: say where the link is and who can read it.
      if (cachgui === 'smtp') notify.success(t('profile.verificationSent', { email }));
      else notify.notify(t('profile.verificationInOutbox', { email }), 'info');
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  return <Button size="small" variant="text" disabled={busy} onClick={() => void send()}>{t('profile.verifyEmail')}</Button>;
}

function Indicator({ icon, value, verified, testId, action }: { icon: ReactNode; value: string; verified: boolean; testId: string; action?: ReactNode }) {
  const { t } = useT();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {icon}
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{value || '—'}</Typography>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Chip size="small" data-testid={testId} color={verified ? 'success' : 'warning'} variant="outlined" label={verified ? t('profile.verified') : t('profile.notVerified')} />
        {action}
      </Stack>
    </Stack>
  );
}
