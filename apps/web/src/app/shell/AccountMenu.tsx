import { lazy, Suspense, useState } from 'react';
import { Avatar, Box, Chip, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import { useT } from '../../i18n/useT';
import { useCurrentUser } from '../../features/auth/useAuth';
import { useLogout } from '../../features/auth/useLogout';
import { usePasswordChangeRequired } from '../../features/profile/usePasswordChangeRequired';
import { RoleLabel } from './RoleLabel';

const MustChangePasswordGate = lazy(() => import('../../features/profile/MustChangePasswordGate').then((m) => ({ default: m.MustChangePasswordGate })));
const ProfileDialog = lazy(() => import('../../features/profile/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

/** Account chip: greeting, role label, account info dialog and sign out. */
export function AccountMenu() {
  const { t } = useT();
  const user = useCurrentUser();
  const logout = useLogout();
  usePasswordChangeRequired();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const initial = (user.hoten || user.tentaikhoan).trim().charAt(0).toUpperCase();
  return (
    <>
      {/* The initial is drawn (not text): the chip's text is the name, and its accessible name contains it. */}
      <Chip
        avatar={<Avatar aria-hidden sx={{ '&::before': { content: JSON.stringify(initial) } }}><span /></Avatar>}
        label={<Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>{user.hoten || user.tentaikhoan}</Box>}
        aria-label={`${t('header.account')}: ${user.hoten || user.tentaikhoan}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        variant="outlined"
        sx={{ bgcolor: 'background.paper', height: 40, borderRadius: 5 }}
      />
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, minWidth: 240 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t('header.greeting', { name: user.hoten })}</Typography>
          <Box sx={{ mt: 0.5 }}><RoleLabel loaitaikhoan={user.loaitaikhoan} /></Box>
        </Box>
        <Divider />
        <MenuItem onClick={() => { setAnchor(null); setProfileOpen(true); }}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          {t('header.accountInfo')}
        </MenuItem>
        <MenuItem onClick={() => { setAnchor(null); void logout(); }}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          {t('header.signOut')}
        </MenuItem>
      </Menu>
      {user.doimatkhau && (
        <Suspense fallback={null}>
          <MustChangePasswordGate />
        </Suspense>
      )}
      {profileOpen && !user.doimatkhau && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
