import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, AlertTitle, Box, InputAdornment, Link, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { GUIDE_EN } from './content.en';
import { GUIDE_VI } from './content.vi';
import { GuideSectionView } from './GuideSectionView';
import { sectionMatches } from './sectionMatches';

/** /huong-dan: the user guide in the current language, emergency procedure first, with contents, anchors and search. */
export function GuidePage() {
  const { t, locale } = useT();
  const sections = locale === 'en' ? GUIDE_EN : GUIDE_VI;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => sections.filter((s) => sectionMatches(s, deferred)), [sections, deferred]);
  const urgent = sections.find((s) => s.urgent);

  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1" id="muc-luc">{t('nav.guide')}</Typography>
      {urgent && (
        <Alert severity="error" role="note" icon={<WarningAmberIcon />}>
          <AlertTitle><Link href={`#${urgent.id}`} color="inherit" underline="always">{urgent.title}</Link></AlertTitle>
          {urgent.paragraphs[0]}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexDirection: { xs: 'column', md: 'row' } }}>
        <Paper component="nav" aria-label={t('guide.contents')} sx={{ p: 2, width: { md: 260 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 96 } }}>
          <Typography variant="subtitle2" component="h2">{t('guide.contents')}</Typography>
          <List dense disablePadding>
            {sections.map((section, index) => (
              <ListItem key={section.id} disableGutters>
                <Link href={`#${section.id}`} underline="hover" color={section.urgent ? 'error' : 'primary'} sx={{ fontWeight: section.urgent ? 700 : 400 }}>
                  {`${index + 1}. ${section.title}`}
                </Link>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Stack spacing={3} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            size="small"
            label={t('guide.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          {shown.length === 0 && <Typography color="text.secondary">{t('guide.noMatch', { query: deferred })}</Typography>}
          {shown.map((section) => <GuideSectionView key={section.id} section={section} number={sections.indexOf(section) + 1} />)}
        </Stack>
      </Box>
    </Stack>
  );
}
