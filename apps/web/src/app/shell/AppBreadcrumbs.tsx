import { Link as RouterLink, useLocation } from 'react-router';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { DEFAULT_PATH } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { titleForPath } from '../screens';

/** Home › current screen. */
export function AppBreadcrumbs() {
  const { t } = useT();
  const { pathname } = useLocation();
  const current = titleForPath(pathname);
  return (
    <Breadcrumbs aria-label={t('common.breadcrumb')} sx={{ mb: 2 }}>
      <Link component={RouterLink} to={DEFAULT_PATH} underline="hover" color="inherit" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <HomeIcon fontSize="small" />
        {t('common.home')}
      </Link>
      {current && <Typography color="text.primary" aria-current="page">{t(current.titleId, current.params)}</Typography>}
    </Breadcrumbs>
  );
}
