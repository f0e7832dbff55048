import { useState } from 'react';
import { Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GRID_SPACING, type Programme } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { MediaLibrary } from './MediaLibrary';
import { ProgrammesTab } from './ProgrammesTab';
import { useProgrammes } from './useProgrammes';

/** /quan-ly-chuong-trinh: the programme library and the audio library. */
export function ProgrammesPage() {
  const { t } = useT();
  const canWrite = hasRight(useCurrentUser(), 'themsuaxoalichphat');
  const { programmes, error, reload } = useProgrammes();
  const [tab, setTab] = useState<'programmes' | 'media'>('programmes');
  const [editing, setEditing] = useState<{ programme?: Programme } | null>(null);
  return (
    <Stack spacing={GRID_SPACING}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">{t('nav.programmes')}</Typography>
        {canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => { setTab('programmes'); setEditing({}); }}>{t('programmes.create')}</Button>
        )}
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Tabs value={tab} onChange={(_e, next: 'programmes' | 'media') => setTab(next)} sx={{ mb: 2 }}>
          <Tab value="programmes" label={t('programmes.tabProgrammes')} />
          <Tab value="media" label={t('programmes.tabMedia')} />
        </Tabs>
        {tab === 'programmes' ? (
          <ProgrammesTab programmes={programmes} error={error} reload={reload} canWrite={canWrite} editing={editing} setEditing={setEditing} />
        ) : (
          <MediaLibrary canWrite={canWrite} />
        )}
      </Paper>
    </Stack>
  );
}
