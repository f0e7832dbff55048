import { useEffect, useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, Divider, IconButton, Tab, Tabs } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useT } from '../../i18n/useT';
import { useAuth, useCurrentUser } from '../auth/useAuth';
import type { User } from '@loa/contract';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { PROFILE_PATH } from './api';
import { InfoTab } from './InfoTab';
import { LoginsTab } from './LoginsTab';
import { PasswordTab } from './PasswordTab';
import { ProfileSidePanel } from './ProfileSidePanel';

export type ProfileTabId = 'info' | 'password' | 'logins';
type TabId = ProfileTabId;

/** Account info dialog: side panel and three tabs (spec §2 Profile dialog). */
export interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
  initialTab?: ProfileTabId;
  /** Shown above the tabs; with it the dialog cannot be dismissed (the password must be changed first). */
  forcedNotice?: ReactNode;
  /** After a successful password change. */
  onPasswordChanged?: () => void;
}

export function ProfileDialog({ open, onClose, initialTab = 'info', forcedNotice, onPasswordChanged }: ProfileDialogProps) {
  const { t } = useT();
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  const [tab, setTab] = useState<TabId>(initialTab);
  const forced = !!forcedNotice;

  // Fresh info (and login list) each time the dialog opens (staleTime 0: read on every mount);
  // failures are silent (spec §8). The answer is kept as the signed-in user.
  const { data: fresh } = useApiQuery<User>(open ? PROFILE_PATH : null, { staleTime: 0, refetchOnMount: 'always' });
  useEffect(() => {
    if (fresh) updateUser(fresh);
  }, [fresh, updateUser]);

  return (
    <Dialog open={open} onClose={forced ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="profile-dialog-title">
      <DialogTitle id="profile-dialog-title" sx={{ pr: 6 }}>
        {t('profile.title')}
        {!forced && (
          <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <Divider />
      <DialogContent sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
        <ProfileSidePanel user={user} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {forcedNotice && <Box sx={{ mb: 2 }}>{forcedNotice}</Box>}
          <Tabs value={tab} onChange={(_, value: TabId) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
            <Tab value="info" label={t('profile.tabInfo')} id="profile-tab-info" aria-controls="profile-panel-info" disabled={forced} />
            <Tab value="password" label={t('profile.tabPassword')} id="profile-tab-password" aria-controls="profile-panel-password" />
            <Tab value="logins" label={t('profile.tabLogins')} id="profile-tab-logins" aria-controls="profile-panel-logins" disabled={forced} />
          </Tabs>
          <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`} sx={{ pt: 3 }}>
            {tab === 'info' && <InfoTab user={user} onDone={onClose} />}
            {tab === 'password' && <PasswordTab onDone={forced ? () => undefined : onClose} onChanged={onPasswordChanged} />}
            {tab === 'logins' && <LoginsTab user={user} />}
          </Box>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
