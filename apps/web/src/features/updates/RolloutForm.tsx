import { useState } from 'react';
import {
  Autocomplete, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AgentPackage, Area, Device } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AreaSelect } from '../areas/AreaSelect';
import { createRollout } from './api';
import { DEFAULT_STAGES, stagesToBody, type StageDraft } from './rolloutStages';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/updates.vi';

interface Props {
  packages: AgentPackage[];
  devices: Device[];
  areas: readonly Area[];
  onCreated: () => void;
}

/** A new rollout: the version, its stages (one speaker, an area, the rest) and whether quiet hours may be used; confirmed before it starts. */
export function RolloutForm({ packages, devices, areas, onCreated }: Props) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const versions = [...new Set(packages.map((p) => p.phienban))];
  const [version, setVersion] = useState('');
  const [stages, setStages] = useState<StageDraft[]>(DEFAULT_STAGES);
  const [force, setForce] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const body = stagesToBody(stages);
  const setStage = (index: number, next: StageDraft) => setStages(stages.map((s, i) => (i === index ? next : s)));
  const start = async () => {
    if (!body) return;
    setBusy(true);
    try {
      await createRollout({ phienban: version, giaidoan: body, batbuoc: force });
      setConfirming(false);
      onCreated();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="new-rollout-title">
      <Typography id="new-rollout-title" variant="subtitle1" component="h2" gutterBottom>{t('updates.newRollout')}</Typography>
      <Stack spacing={2}>
        <TextField select label={t('updates.version')} value={version} onChange={(e) => setVersion(e.target.value)} sx={{ maxWidth: 240 }}>
          {versions.map((v) => <MenuItem key={v} value={v}>{v}</MenuItem>)}
        </TextField>
        {stages.map((stage, index) => (
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ minWidth: 110 }}>{t('updates.stage', { n: index + 1 })}</Typography>
            <TextField select size="small" label={t('updates.stageKind')} value={stage.kind} onChange={(e) => setStage(index, { kind: e.target.value as StageDraft['kind'], id: '' })} sx={{ minWidth: 200 }}>
              <MenuItem value="device">{t('updates.kind.device')}</MenuItem>
              <MenuItem value="area">{t('updates.kind.area')}</MenuItem>
              <MenuItem value="rest">{t('updates.kind.rest')}</MenuItem>
            </TextField>
            {stage.kind === 'device' && (
              <Autocomplete
                size="small" options={devices} value={devices.find((d) => d._id === stage.id) ?? null}
                getOptionLabel={(d) => `${d.tenthietbi} — ${d.diaban.tendiaban} (${d.trangthai.firmware ?? '?'})`}
                isOptionEqualToValue={(a, b) => a._id === b._id}
                onChange={(_e, chosen) => setStage(index, { kind: 'device', id: chosen?._id ?? '' })}
                renderInput={(params) => <TextField {...params} label={t('updates.device')} />}
                sx={{ minWidth: 320 }}
              />
            )}
            {stage.kind === 'area' && (
              <AreaSelect size="small" label={t('updates.area')} value={stage.id} onChange={(id) => setStage(index, { kind: 'area', id })} areas={areas} emptyLabel="" sx={{ minWidth: 320 }} />
            )}
            <IconButton aria-label={t('updates.removeStage', { n: index + 1 })} onClick={() => setStages(stages.filter((_s, i) => i !== index))} disabled={stages.length === 1}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button onClick={() => setStages([...stages, { kind: 'rest', id: '' }])} disabled={stages.length >= 10}>{t('updates.addStage')}</Button>
          <FormControlLabel control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />} label={t('updates.force')} />
        </Stack>
        <div>
          <Button variant="contained" disabled={!version || !body} onClick={() => setConfirming(true)}>{t('updates.start')}</Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('updates.start')}
        text={t('updates.confirmStart', { version, stages: stages.length })}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void start()}
      />
    </Paper>
  );
}
