import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import type { Locale } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useUiSettings } from '../settings/useUiSettings';
import { DeferredTooltip } from '../../lib/DeferredTooltip';

/** Each language is named in itself so anyone can find their own. */
const LANGUAGES: { locale: Locale; name: string; lang: string }[] = [
  { locale: 'vi', name: 'Tiếng Việt', lang: 'vi' },
  { locale: 'en', name: 'English', lang: 'en' },
];

/** Language switcher (Tiếng Việt / English); the choice is saved with the UI settings. */
export function LanguageMenu() {
  const { t, locale } = useT();
  const { update } = useUiSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <DeferredTooltip title={t('header.language')}>
        <IconButton color="inherit" aria-label={t('header.language')} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      </DeferredTooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.lang}
            selected={language.locale === locale}
            onClick={() => {
              update({ locale: language.locale });
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
