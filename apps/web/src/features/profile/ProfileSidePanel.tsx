import type { ReactNode } from 'react';
import { Avatar, Chip, Paper, Stack, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import type { User } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** Full name, phone and email with their verified indicators (phone is never verified yet). */
export function ProfileSidePanel({ user }: { user: User }) {
  return (
    <Paper variant="outlined" component="aside" aria-label={user.hoten} sx={{ p: 2, width: { md: 260 }, flexShrink: 0 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Avatar sx={{ width: 72, height: 72, fontSize: 32 }}>{(user.hoten || user.tentaikhoan).charAt(0).toUpperCase()}</Avatar>
        <Typography variant="h6" component="p">{user.hoten}</Typography>
        <Indicator icon={<PhoneIcon fontSize="small" />} value={user.sdt} verified={false} testId="phone-verified" />
        <Indicator icon={<EmailIcon fontSize="small" />} value={user.email} verified={user.trangthaixacthucemail} testId="email-verified" />
      </Stack>
    </Paper>
  );
}

function Indicator({ icon, value, verified, testId }: { icon: ReactNode; value: string; verified: boolean; testId: string }) {
  const { t } = useT();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {icon}
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{value || '—'}</Typography>
      </Stack>
      <Chip size="small" data-testid={testId} color={verified ? 'success' : 'warning'} variant="outlined" label={verified ? t('profile.verified') : t('profile.notVerified')} />
    </Stack>
  );
}
