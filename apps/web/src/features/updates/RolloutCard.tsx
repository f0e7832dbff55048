import { useState } from 'react';
import {
  Button, Chip, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { ROLLOUT_DEVICE_STATES, type Rollout } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { actOnRollout, type RolloutAction } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/updates.vi';

const ACTIONS: { action: RolloutAction; label: MessageId; confirm: MessageId; when: Rollout['trangthai'][] }[] = [
  { action: 'tamdung', label: 'updates.pause', confirm: 'updates.confirmPause', when: ['dangchay'] },
  { action: 'tieptuc', label: 'updates.resume', confirm: 'updates.confirmResume', when: ['tamdung'] },
  { action: 'hoanlai', label: 'updates.rollback', confirm: 'updates.confirmRollback', when: ['dangchay', 'tamdung', 'hoantat'] },
];

/** One rollout: its state and stage, progress per area (read again every few seconds), the speakers that failed, and its actions (each confirmed). */
export function RolloutCard({ rollout, onChanged }: { rollout: Rollout; onChanged: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [asking, setAsking] = useState<(typeof ACTIONS)[number] | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await actOnRollout(asking.action, rollout._id);
      setAsking(null);
      onChanged();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const percent = rollout.tong ? Math.round((rollout.dem.xong * 100) / rollout.tong) : 0;
  return (
    <Paper sx={{ p: 2 }} variant="outlined" aria-label={`${t('updates.version')} ${rollout.phienban}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <Typography variant="subtitle1" component="h3">{`${t('updates.version')} ${rollout.phienban}`}</Typography>
        <Chip label={t(`updates.state.${rollout.trangthai}`)} color={rollout.trangthai === 'tamdung' ? 'warning' : rollout.trangthai === 'hoantat' ? 'success' : 'default'} size="small" />
        <Typography variant="body2">{t('updates.stageOf', { stage: rollout.giaidoan, stages: rollout.sogiaidoan })}</Typography>
        {rollout.batbuoc && <Chip size="small" label={t('updates.forced')} />}
        <Typography variant="body2" color="text.secondary">{`${rollout.nguoitao}, ${formatTimestamp(rollout.ngaytao)}`}</Typography>
      </Stack>
      {rollout.lydo && <Typography color="warning.main" variant="body2">{rollout.lydo}</Typography>}
      <Typography variant="body2">{t('updates.progress', { done: rollout.dem.xong, total: rollout.tong })}</Typography>
      <LinearProgress variant="determinate" value={percent} sx={{ my: 1 }} aria-label={t('updates.progress', { done: rollout.dem.xong, total: rollout.tong })} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('updates.area')}</TableCell>
            {ROLLOUT_DEVICE_STATES.map((s) => <TableCell key={s} align="right">{t(`updates.count.${s}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rollout.theodiaban.map((area) => (
            <TableRow key={area.diaban._id}>
              <TableCell>{`${area.diaban.tendiaban} (${area.dem.xong}/${area.tong})`}</TableCell>
              {ROLLOUT_DEVICE_STATES.map((s) => <TableCell key={s} align="right">{area.dem[s]}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rollout.loi.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>{t('updates.failures')}</Typography>
          <ul>
            {rollout.loi.map((f) => <li key={f.thietbi._id}>{`${f.thietbi.tenthietbi} — ${t(`updates.count.${f.trangthai}`)}: ${f.thongbao}`}</li>)}
          </ul>
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {ACTIONS.filter((a) => a.when.includes(rollout.trangthai)).map((a) => (
          <Button key={a.action} color={a.action === 'hoanlai' ? 'error' : 'primary'} onClick={() => setAsking(a)}>{t(a.label)}</Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={!!asking}
        title={asking ? t(asking.label) : ''}
        text={asking ? t(asking.confirm, { version: rollout.phienban }) : ''}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void act()}
      />
    </Paper>
  );
}
