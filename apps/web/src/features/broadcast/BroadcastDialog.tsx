import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { broadcastError, broadcastSpanSeconds, MSG, type BusyBroadcast } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useCurrentUser } from '../auth/useAuth';
import { postImmediateBroadcast } from './api';
import type { BroadcastPrefill } from './BroadcastLauncherContext';
import { listFromStored } from './sources/storedSources';
import { RepeatFields } from './RepeatFields';
import { SourceDialog } from './sources/SourceDialog';
import { SourceListEditor } from './SourceListEditor';
import { addSource, EMPTY_SOURCE_LIST, moveSource, removeSource, replaceSource, type SourceList } from './sources/sourceList';
import { buildBroadcastBody, buildBroadcastInfo, EMPTY_FORM, serializeSources, uploadFiles, type BroadcastForm } from './submit/broadcastRequest';
import { changedFields, fieldErrorOf, type BroadcastFieldErrors } from './submit/fieldErrors';
import { clearChanged } from '../../lib/fieldErrors';
import { PreparingDialog } from './submit/PreparingDialog';
import { UploadProgressDialog } from './submit/UploadProgressDialog';
import { PriorityTypeFields } from './PriorityTypeFields';
import { TargetFieldsView } from './TargetFields';
import { BroadcastConfirmDialog } from './confirm/BroadcastConfirmDialog';
import { reachSummary } from './confirm/reachSummary';
import { busyOf, TakeoverDialog } from './confirm/TakeoverDialog';
import { useAreaDevices, useBroadcastAreas } from './useAreaDevices';
import { useLiveVoiceLauncher } from '../live/LiveVoiceContext';
import MicIcon from '@mui/icons-material/Mic';

export interface BroadcastDialogProps {
  open: boolean;
  /** Closes and clears the draft (the owner starts the next one empty). */
  onClose: () => void;
  /** After a successful post: the owner closes and resets the dialog. A failed one keeps the form to retry. */
  onSent: () => void;
  /** Fields and stored sources to start from (a programme's). */
  initial?: BroadcastPrefill;
}

/** How often a bulletin plays and how long from its start to its last end, as the confirmation tells it (repeats included). */
function repeatsOf(info: ReturnType<typeof buildBroadcastInfo>, total: number) {
  return { runs: info.kieulaplai === 0 ? 1 : 1 + Math.max(0, info.solanlaplai), spanSeconds: broadcastSpanSeconds(total, info) };
}

type SourceDialogState = { mode: 'add' } | { mode: 'edit'; index: number } | null;
type Sending = { files: { fileName: string; size: number }[]; percent: number } | null;

/**
 * 'Phát khẩn cấp': targets, message type, fixed priority, sources, repeat; checks (spec §5), shows the
 * reach to confirm (issue #18), then uploads and posts. A failed post keeps everything for a retry.
 */
export function BroadcastDialog({ open, onClose, onSent, initial }: BroadcastDialogProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const user = useCurrentUser();
  const [form, setForm] = useState<BroadcastForm>(() => (initial ? { ...EMPTY_FORM, tieude: initial.tieude, loaibantin: initial.loaibantin } : EMPTY_FORM));
  const [list, setList] = useState<SourceList>(() => (initial ? listFromStored(initial.nguonphat) : EMPTY_SOURCE_LIST));
  const [sourceDialog, setSourceDialog] = useState<SourceDialogState>(null);
  const [sending, setSending] = useState<Sending>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<BusyBroadcast[] | null>(null);
  const areas = useBroadcastAreas();
  const targets = useAreaDevices(form.diabanchon);
  // The failed check's message beside its field (spec §5), beside the snackbar; cleared when the field changes.
  const [errors, setErrors] = useState<BroadcastFieldErrors>({});
  const patch = (next: Partial<BroadcastForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setErrors((current) => clearChanged(current, changedFields(next)));
  };
  const openLive = useLiveVoiceLauncher();
  // Live voice is this dialog's other mode: the microphone instead of sources, the same targets and type.
  const goLive = () => {
    onClose();
    openLive?.open({ tieude: form.tieude, loaibantin: form.loaibantin, diabanchon: form.diabanchon, thietbichon: form.thietbichon });
  };

  const check = () => {
    const problem = broadcastError(buildBroadcastInfo(form, list.total, user), list.sources.length);
    setErrors(fieldErrorOf(problem));
    if (problem) notify.error(problem);
    else setConfirming(true);
  };

  /** Posts the bulletin; `takeover`: the same-priority broadcasts the officer chose to interrupt. */
  const send = async (takeover: string[] = []) => {
    setConfirming(false);
    setBusy(null);
    const info = buildBroadcastInfo(form, list.total, user, Date.now(), takeover);
    const body = buildBroadcastBody(info, serializeSources(list, form, user.userID), list);
    setSending({ files: uploadFiles(list), percent: 0 });
    try {
      await postImmediateBroadcast(body, (percent) => setSending((s) => s && { ...s, percent }));
      notify.success(MSG.broadcastSuccess);
      onSent();
    } catch (error) {
      // Speakers busy with a bulletin of the same priority: ask whether to interrupt it.
      const clash = busyOf(error);
      if (clash) setBusy(clash);
      // The form, its sources and their files stay: the officer fixes what the server said and retries.
      else notify.error(errorMessage(error));
    } finally {
      setSending(null);
    }
  };

  const editing = sourceDialog?.mode === 'edit' ? list.sources[sourceDialog.index] : undefined;
  // 'Hủy' clears the draft, so an old recording never goes out with the next emergency (issue #32
  // item 11); with anything chosen since the dialog opened it asks first.
  const [start] = useState(() => ({ form, count: list.sources.length }));
  const [discarding, setDiscarding] = useState(false);
  const drafted = list.sources.length !== start.count || JSON.stringify(form) !== JSON.stringify(start.form);
  const cancel = () => {
    if (drafted) setDiscarding(true);
    else onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={cancel} fullWidth maxWidth="md" aria-labelledby="broadcast-now-title">
        <DialogTitle id="broadcast-now-title">{t('header.emergency')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField autoFocus label={t('broadcast.programName')} value={form.tieude} onChange={(e) => patch({ tieude: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} error={!!errors.tieude} helperText={errors.tieude && tMessage(errors.tieude)} />
            <TargetFieldsView areaIds={form.diabanchon} deviceIds={form.thietbichon} onChange={patch} areas={areas} devices={targets.devices} byArea={targets.byArea} errors={errors} />
            <PriorityTypeFields uutien={form.uutien} loaibantin={form.loaibantin} onChange={patch} errors={errors} />
            <SourceListEditor list={list} onEdit={(index) => setSourceDialog({ mode: 'edit', index })} onMove={(from, to) => setList((l) => moveSource(l, from, to))} error={errors.nguonphat} />
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setSourceDialog({ mode: 'add' })} sx={{ alignSelf: 'flex-start' }}>
              {t('broadcast.addSource')}
            </Button>
            <RepeatFields value={form} onChange={patch} errors={errors} />
          </Stack>
        </DialogContent>
        <DialogActions>
          {openLive && (
            <Button startIcon={<MicIcon />} color="error" onClick={goLive} sx={{ mr: 'auto' }}>
              {t('liveVoice.fromBroadcast')}
            </Button>
          )}
          <Button onClick={cancel}>{t('common.cancel')}</Button>
          <Button variant="contained" color="error" disabled={sending !== null} onClick={check}>
            {t('broadcast.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <BroadcastConfirmDialog
        open={confirming}
        title={form.tieude.trim()}
        priority={form.uutien}
        totalSeconds={list.total}
        repeats={repeatsOf(buildBroadcastInfo(form, list.total, user), list.total)}
        sources={list.sources}
        summary={reachSummary(areas, form.diabanchon, targets.devices, form.thietbichon)}
        onBack={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
      <Dialog open={open && discarding} onClose={() => setDiscarding(false)} maxWidth="xs" aria-labelledby="broadcast-discard-title" aria-describedby="broadcast-discard-text">
        <DialogTitle id="broadcast-discard-title">{t('confirm.discardTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="broadcast-discard-text">{t('confirm.discardText', { count: list.sources.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setDiscarding(false)}>{t('confirm.discardKeep')}</Button>
          <Button variant="contained" color="error" onClick={() => { setDiscarding(false); onClose(); }}>{t('confirm.discard')}</Button>
        </DialogActions>
      </Dialog>
      <TakeoverDialog open={busy !== null} busy={busy ?? []} onCancel={() => setBusy(null)} onTakeOver={() => void send((busy ?? []).map((b) => b.idlichphat))} />
      {sourceDialog && (
        <SourceDialog
          source={editing}
          onClose={() => setSourceDialog(null)}
          onAdd={(source) => {
            setList((l) => addSource(l, source));
            setErrors((current) => clearChanged(current, ['nguonphat']));
            setSourceDialog(null);
          }}
          onSave={(source) => {
            if (sourceDialog.mode === 'edit') setList((l) => replaceSource(l, sourceDialog.index, source));
            setSourceDialog(null);
          }}
          onDelete={() => {
            if (sourceDialog.mode === 'edit') setList((l) => removeSource(l, sourceDialog.index));
            setSourceDialog(null);
          }}
        />
      )}
      <UploadProgressDialog open={sending !== null && sending.files.length > 0} files={sending?.files ?? []} percent={sending?.percent ?? 0} />
      <PreparingDialog open={sending !== null && sending.files.length === 0} text={t('upload.preparing')} />
    </>
  );
}
