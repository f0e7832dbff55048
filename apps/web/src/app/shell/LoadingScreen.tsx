import { Box, LinearProgress, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';

/** Placeholder while a screen's code loads. */
export function LoadingScreen() {
  const { t } = useT();
  return (
    <Box role="status" aria-live="polite" sx={{ p: 3 }}>
      <LinearProgress />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('common.loading')}</Typography>
    </Box>
  );
}
