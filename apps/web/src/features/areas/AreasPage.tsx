import { useMemo, useState } from 'react';
import { Button, CircularProgress, List, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GRID_SPACING, type Area, type AreaGeography } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { STALE } from '../../lib/query/staleTimes';
import { DEVICES_BASE } from '../devices/api';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { useAreas } from '../devices/useAreas';
import { useDevices } from '../devices/useDevices';
import { AREA_GEOGRAPHY_PATH, deleteArea } from './api';
import { AreaFormDialog, type AreaFormTarget } from './AreaFormDialog';
import { ImportBoundariesButton } from './ImportBoundariesButton';
import { AreaTreeItem, type AreaTreeActions } from './AreaTreeItem';
import { buildAreaTree } from './buildAreaTree';
import { mayAddArea } from './areaLevels';

/** /quan-ly-dia-ban: the area tree with device counts; create, rename, move and delete areas. */
export function AreasPage() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const user = useCurrentUser();
  const canManage = hasRight(user, 'quanlythietbi');
  const { areas, error, loaded, reload: retry } = useAreas();
  const canAdd = canManage && mayAddArea(user.diaban?._id ?? null, areas);
  const invalidate = useInvalidate();
  // An area change moves counts and scopes: areas, devices and the broadcast targets are read again.
  const reload = () => void invalidate(DEVICES_BASE, '/v1/client/diaban', '/v1/client/lichphat/danhsachdiaban');
  const { devices } = useDevices();
  const [form, setForm] = useState<AreaFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const tree = useMemo(() => buildAreaTree(areas, devices ?? []), [areas, devices]);
  // The administrative codes shown in the tree (a failure shows none).
  const geography = useApiQuery<AreaGeography[]>(AREA_GEOGRAPHY_PATH, { staleTime: STALE.reference }).data;
  const geocodes = useMemo(() => new Map((geography ?? []).filter((g) => g.mahanhchinh).map((g) => [g._id, g.mahanhchinh!])), [geography]);

  const actions: AreaTreeActions = {
    canManage,
    onAdd: (parent) => setForm({ mode: 'create', parent }),
    onEdit: (area) => setForm({ mode: 'edit', area }),
    onDelete: setDeleting,
    geocodes,
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteArea(deleting._id);
      notify.success(t('areas.deleted'));
      setDeleting(null);
      reload();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={GRID_SPACING}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{t('nav.areas')}</Typography>
        {canManage && (
          <Stack direction="row" spacing={1}>
            <ImportBoundariesButton onImported={reload} />
            {canAdd && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ mode: 'create', parent: null })}>{t('areas.add')}</Button>}
          </Stack>
        )}
      </Stack>
      <Paper sx={{ p: 2 }}>
        <QueryErrorAlert error={error} onRetry={retry} />
        {!loaded && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
        {loaded && tree.length === 0 && <Typography color="text.secondary">{t('areas.none')}</Typography>}
        <List aria-label={t('areas.treeLabel')} disablePadding>
          {tree.map((node) => <AreaTreeItem key={node.area._id} node={node} actions={actions} />)}
        </List>
      </Paper>
      {form && <AreaFormDialog target={form} areas={areas} onClose={() => setForm(null)} onSaved={() => {
        setForm(null);
        reload();
      }} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('areas.delete')}
        text={t('areas.confirmDelete', { name: deleting?.tendiaban ?? '' })}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
