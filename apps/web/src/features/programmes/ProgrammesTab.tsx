import { useMemo, useState } from 'react';
import { Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { foldedIncludes, MESSAGE_TYPES, type Programme } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { useBroadcastLauncher } from '../broadcast/BroadcastLauncherContext';
import { ScheduleEditorDialog } from '../schedules/ScheduleEditorDialog';
import { deleteProgramme } from './api';
import { ProgrammeEditorDialog } from './ProgrammeEditorDialog';
import { ProgrammeTable, type ProgrammeAction } from './ProgrammeTable';

export interface ProgrammesTabProps {
  programmes: Programme[] | null;
  error: unknown;
  reload: () => void;
  canWrite: boolean;
  /** The editor: a programme to edit, {} for a new one, or null when closed. */
  editing: { programme?: Programme } | null;
  setEditing: (next: { programme?: Programme } | null) => void;
}

/** Programme library tab: search, filter by message type, actions (broadcast now, schedule, edit, delete). */
export function ProgrammesTab({ programmes, error, reload, canWrite, editing, setEditing }: ProgrammesTabProps) {
  const { t, locale } = useT();
  const notify = useNotify();
  const launch = useBroadcastLauncher();
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [scheduling, setScheduling] = useState<Programme | null>(null);
  const [deleting, setDeleting] = useState<Programme | null>(null);
  const shown = useMemo(() => {
    // Accents and case aside: "ban tin" finds "Bản tin".
    return (programmes ?? []).filter((p) => foldedIncludes(p.ten, query) && (!type || p.loaibantin === Number(type)));
  }, [programmes, query, type]);

  const onAction = (action: ProgrammeAction, programme: Programme) => {
    if (action === 'playNow') launch({ tieude: programme.ten, loaibantin: programme.loaibantin, nguonphat: programme.nguonphat });
    else if (action === 'schedule') setScheduling(programme);
    else if (action === 'edit') setEditing({ programme });
    else setDeleting(programme);
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await deleteProgramme(target._id);
      notify.success(t('programmes.deleted'));
      reload();
    } catch (caught) {
      notify.error(errorMessage(caught));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField size="small" label={t('programmes.search')} value={query} onChange={(e) => setQuery(e.target.value)} sx={{ flex: 2 }} />
        <TextField size="small" select label={t('broadcast.messageType')} value={type} onChange={(e) => setType(e.target.value)} sx={{ flex: 1, minWidth: 200 }}>
          <MenuItem value="">{t('programmes.allTypes')}</MenuItem>
          {MESSAGE_TYPES.map((m) => <MenuItem key={m.id} value={String(m.id)}>{locale === 'vi' ? m.ten : m.en}</MenuItem>)}
        </TextField>
      </Stack>
      <QueryErrorAlert error={error} onRetry={reload} />
      {!programmes && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {programmes && shown.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('programmes.empty')}</Typography></Box>}
      {shown.length > 0 && <ProgrammeTable programmes={shown} canWrite={canWrite} onAction={onAction} />}
      {editing && (
        <ProgrammeEditorDialog
          key={editing.programme?._id ?? 'new'}
          programme={editing.programme}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {scheduling && (
        <ScheduleEditorDialog programme={scheduling} programmes={programmes ?? []} onClose={() => setScheduling(null)} onSaved={() => setScheduling(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('programmes.deleteTitle')}
        text={t('programmes.deleteText', { name: deleting?.ten ?? '' })}
        confirmLabel={t('programmes.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
