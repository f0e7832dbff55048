import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import type { GuideSection } from './guideTypes';

/** One guide section: heading with its anchor, text, steps, tips and the screenshot. */
export function GuideSectionView({ section, number }: { section: GuideSection; number: number }) {
  const { t } = useT();
  return (
    <Paper
      component="section"
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 96, border: section.urgent ? 2 : 0, borderColor: 'error.main' }}
    >
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2" id={`${section.id}-title`} color={section.urgent ? 'error' : undefined}>
          {`${number}. ${section.title}`}
        </Typography>
        {section.paragraphs.map((text) => <Typography key={text} variant="body1">{text}</Typography>)}
        {section.steps && (
          <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
            {section.steps.map((step) => <li key={step}><Typography variant="body1">{step}</Typography></li>)}
          </Box>
        )}
        {section.tips && (
          <Box component="ul" sx={{ pl: 3, m: 0, color: 'text.secondary' }}>
            {section.tips.map((tip) => <li key={tip}><Typography variant="body2">{tip}</Typography></li>)}
          </Box>
        )}
        {section.image && (
          <Box
            component="img"
            src={`/guide/${section.image}`}
            alt={t('guide.screenshot', { title: section.title })}
            loading="lazy"
            sx={{ width: '100%', maxWidth: 1200, height: 'auto', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        <Link href="#muc-luc" variant="body2" underline="hover" sx={{ alignSelf: 'flex-end' }}>{t('guide.backToTop')}</Link>
      </Stack>
    </Paper>
  );
}
