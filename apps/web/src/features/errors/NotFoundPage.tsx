import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { DEFAULT_PATH } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** The 404 page for unknown routes. */
export function NotFoundPage() {
  const { t } = useT();
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>404</Typography>
        <Typography variant="h5" component="h1" gutterBottom>{t('notFound.title')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>{t('notFound.body')}</Typography>
        <Button variant="contained" component={RouterLink} to={DEFAULT_PATH}>{t('notFound.back')}</Button>
      </Box>
    </Box>
  );
}
