import { lazy, Suspense, useState } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import { useT } from '../../i18n/useT';
import { LanguageMenu } from './LanguageMenu';

const ThemeCustomizer = lazy(() => import('../theme/ThemeCustomizer').then((m) => ({ default: m.ThemeCustomizer })));

/** On a phone, the language and the theme (the header has no room for them) at the foot of the side menu. */
export function DrawerSettings() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ display: { xs: 'flex', sm: 'none' }, px: 2, py: 1, mt: 'auto', borderTop: 1, borderColor: 'divider' }}>
      <LanguageMenu />
      <Tooltip title={t('header.customize')}>
        <IconButton aria-label={t('header.customize')} onClick={() => { setUsed(true); setOpen(true); }}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      {used && <Suspense fallback={null}><ThemeCustomizer open={open} onClose={() => setOpen(false)} /></Suspense>}
    </Stack>
  );
}
