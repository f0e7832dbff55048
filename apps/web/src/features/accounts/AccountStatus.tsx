import { Chip, Stack } from '@mui/material';
import type { Account } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** Locked, must change password, or active; plus whether the e-mail is verified. */
export function AccountStatus({ account }: { account: Account }) {
  const { t } = useT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {account.khoa ? <Chip size="small" color="error" label={t('accounts.locked')} /> : <Chip size="small" color="success" variant="outlined" label={t('accounts.active')} />}
      {account.doimatkhau && <Chip size="small" color="warning" label={t('accounts.mustChange')} />}
      {account.email && !account.trangthaixacthucemail && <Chip size="small" variant="outlined" label={t('accounts.emailNotVerified')} />}
    </Stack>
  );
}
