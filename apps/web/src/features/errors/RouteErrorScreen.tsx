import { useRouteError } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useT } from '../../i18n/useT';
import { hardNavigation } from '../../lib/navigation';
import { isChunkLoadError } from './chunkLoadError';

/**
 * What a route shows when it fails to render, in place of the router's English developer page:
 * a chunk that did not load says the connection was lost or a new version is out; anything else
 * says the page hit an error. Both offer a reload of the same address (which fetches the new version).
 */
export function RouteErrorScreen() {
  const { t } = useT();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <Box component="main" data-testid={chunk ? 'chunk-error' : 'route-error'} sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 520 }}>
        <CloudOffIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>{t(chunk ? 'chunk.title' : 'routeError.title')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>{t(chunk ? 'chunk.body' : 'routeError.body')}</Typography>
        <Button variant="contained" onClick={() => hardNavigation.go(window.location.pathname + window.location.search)}>{t('chunk.reload')}</Button>
      </Box>
    </Box>
  );
}
