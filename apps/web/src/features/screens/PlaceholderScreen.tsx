import { Paper, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';

/** A screen whose content comes in a later feature: its title and one line on what it will manage. */
export function PlaceholderScreen({ titleId, descriptionId, params }: { titleId: MessageId; descriptionId: MessageId; params?: Record<string, string> }) {
  const { t } = useT();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(titleId, params)}
      </Typography>
      <Typography color="text.secondary">{t(descriptionId, params)}</Typography>
    </Paper>
  );
}
