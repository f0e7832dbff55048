import { Chip } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { useT } from '../../i18n/useT';
import { roleOf } from './roleLabel';

/** The role label of spec §6; administrators get a badge icon. */
export function RoleLabel({ loaitaikhoan }: { loaitaikhoan: string }) {
  const { t } = useT();
  const { labelId, isAdmin } = roleOf(loaitaikhoan);
  return (
    <Chip
      size="small"
      data-testid="role-label"
      color={isAdmin ? 'primary' : 'default'}
      icon={isAdmin ? <VerifiedUserIcon data-testid="admin-badge" /> : undefined}
      label={t(labelId)}
    />
  );
}
