import { Box, Chip, Stack, Typography } from '@mui/material';
import type { User } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** The rights the user holds (spec §6), as the server labels them; what the invitation page tells users to look for. */
export function RightsList({ rights }: { rights: User['quyenhan'] }) {
  const { t, tMessage } = useT();
  return (
    <Box component="section" aria-labelledby="profile-rights-title">
      <Typography id="profile-rights-title" variant="subtitle2" component="h3" gutterBottom>{t('profile.rights')}</Typography>
      {rights.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('profile.noRights')}</Typography>
      ) : (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} component="ul" aria-label={t('profile.rights')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rights.map((right) => <li key={right.value}><Chip size="small" label={tMessage(right.quyen)} data-testid="profile-right" /></li>)}
        </Stack>
      )}
    </Box>
  );
}
