import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { useT } from '../../i18n/useT';

/** The centred card of the pages opened from an e-mail link without signing in. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <CampaignIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="caption" color="text.secondary">{t('app.name')} · {t('app.tagline')}</Typography>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>{title}</Typography>
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
