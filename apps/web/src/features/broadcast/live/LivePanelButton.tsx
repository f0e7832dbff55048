import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import CloseIcon from '@mui/icons-material/Close';
import { useT } from '../../../i18n/useT';
import { useLiveBroadcasts } from './LiveBroadcastsContext';
import { DeferredTooltip } from '../../../lib/DeferredTooltip';

// The cards (and their controls) load when the panel first opens, not with the console.
const LiveCard = lazy(() => import('./LiveCard').then((m) => ({ default: m.LiveCard })));

const PANEL_WIDTH = 340;
const HEADER_HEIGHT = 72;

/** 'Đang phát' in the header: the count of running broadcasts, opening the live panel on the right. */
export function LivePanelButton() {
  const { t } = useT();
  const { live } = useLiveBroadcasts();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The name carries the count the badge shows (a visible text belongs in the name). */}
      <DeferredTooltip title={t('live.toggle')}>
        <IconButton aria-label={`${t('live.toggle')}: ${live.length}`} aria-expanded={open} aria-controls="live-panel" onClick={() => setOpen((o) => !o)}>
          <Badge badgeContent={live.length} color="error" data-testid="live-count">
            <PodcastsIcon />
          </Badge>
        </IconButton>
      </DeferredTooltip>
      {/* Persistent, not modal: the rest of the console (and the header's Stop) stays usable beside it. */}
      <Drawer
        anchor="right"
        variant="persistent"
        open={open}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: PANEL_WIDTH }, top: HEADER_HEIGHT, height: `calc(100% - ${HEADER_HEIGHT}px)` } } }}
      >
        <Box id="live-panel" component="section" aria-labelledby="live-panel-title" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography id="live-panel-title" variant="h6" component="h2">{t('live.title', { count: live.length })}</Typography>
            <IconButton aria-label={t('common.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Stack spacing={1.5}>
            {live.length === 0 && <Typography color="text.secondary">{t('live.empty')}</Typography>}
            {open && (
              <Suspense fallback={null}>
                {live.map((entry) => <LiveCard key={entry.idlichphat} entry={entry} />)}
              </Suspense>
            )}
          </Stack>
        </Box>
      </Drawer>
    </>
  );
}
