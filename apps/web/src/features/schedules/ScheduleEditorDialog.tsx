import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { CLASH_HORIZON_DAYS, formatDuration, MESSAGE_TYPES, NORMAL_PRIORITY, PRIORITIES, statusAfterSave, type Programme, type Schedule } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { errorMessage } from '../../lib/apiClient';
import { RepeatFields } from '../broadcast/RepeatFields';
import { SourcesField } from '../broadcast/SourcesField';
import { EMPTY_SOURCE_LIST, type SourceList } from '../broadcast/sources/sourceList';
import { listFromStored } from '../broadcast/sources/storedSources';
import { PreparingDialog } from '../broadcast/submit/PreparingDialog';
import { UploadProgressDialog } from '../broadcast/submit/UploadProgressDialog';
import { TargetFields } from '../broadcast/TargetFields';
import { fetchSchedule } from './api';
import { ConflictDialog } from './ConflictDialog';
import { emptyScheduleForm, formFromSchedule, type ScheduleForm } from './scheduleForm';
import { StartTimesField } from './StartTimesField';
import { useScheduleSave } from './useScheduleSave';
import { ExceptionsField } from './ExceptionsField';
import { RepeatRuleFields } from './RepeatRuleFields';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

export interface ScheduleEditorDialogProps {
  /** The schedule to edit; absent for a new one. */
  schedule?: Schedule;
  /** A programme of the library to start a new schedule from ('Lên lịch'). */
  programme?: Programme;
  /** The library the programme select offers. */
  programmes: Programme[];
  /** The schedule being edited is on air: saving stops its running occurrence on the speakers. */
  onAir?: boolean;
  onClose: () => void;
  onSaved: (schedule: Schedule) => void;
}

type SaveHint = { key: 'schedules.saveKeepsApproved' | 'schedules.saveNeedsApproval' | 'schedules.saveDoesNotApprove' | 'schedules.saveResubmits'; severity: 'info' | 'warning' };

/** What saving a change will do to the schedule's status, said before the officer saves (issue #32 item 5); null when nothing to say. */
export function saveHintOf(schedule: Schedule | undefined, canApprove: boolean): SaveHint | null {
  if (!schedule || schedule.trangthai === 'ketthuc') return null;
  const after = statusAfterSave(schedule.trangthai, canApprove);
  if (schedule.trangthai === 'daduyet') return after === 'daduyet' ? { key: 'schedules.saveKeepsApproved', severity: 'info' } : { key: 'schedules.saveNeedsApproval', severity: 'warning' };
  if (canApprove) return { key: 'schedules.saveDoesNotApprove', severity: 'info' };
  return schedule.trangthai === 'yeucausua' ? { key: 'schedules.saveResubmits', severity: 'info' } : null;
}

function initialForm(schedule?: Schedule, programme?: Programme): ScheduleForm {
  if (schedule) return formFromSchedule(schedule);
  const empty = emptyScheduleForm();
  return programme ? { ...empty, tieude: programme.ten, idchuongtrinh: programme._id, loaibantin: programme.loaibantin } : empty;
}

/** 'Lịch phát': what plays (a programme or own sources), where, when and how often; saving checks clashes first. */
export function ScheduleEditorDialog({ schedule, programme, programmes, onAir = false, onClose, onSaved }: ScheduleEditorDialogProps) {
  const { t, locale } = useT();
  const notify = useNotify();
  const saveHint = saveHintOf(schedule, hasRight(useCurrentUser(), 'duyetlichphat'));
  const [form, setForm] = useState<ScheduleForm>(() => initialForm(schedule, programme));
  const [list, setList] = useState<SourceList>(() => (schedule && !schedule.idchuongtrinh ? listFromStored(schedule.nguonphat) : EMPTY_SOURCE_LIST));
  const [version, setVersion] = useState(schedule ? { id: schedule._id, phienban: schedule.phienban } : null);
  const patch = (next: Partial<ScheduleForm>) => setForm((current) => ({ ...current, ...next }));
  const save = useScheduleSave({ version, onListChange: setList, onSaved, onAir });
  const chosenProgramme = programmes.find((p) => p._id === form.idchuongtrinh) ?? (programme?._id === form.idchuongtrinh ? programme : undefined);
  const typeName = (m: { ten: string; en: string }) => (locale === 'vi' ? m.ten : m.en);

  const chooseProgramme = (id: string) => {
    const chosen = programmes.find((p) => p._id === id);
    patch(chosen ? { idchuongtrinh: chosen._id, loaibantin: chosen.loaibantin, tieude: form.tieude || chosen.ten } : { idchuongtrinh: null });
  };

  const reload = async () => {
    if (!version) return;
    try {
      const fresh = await fetchSchedule(version.id);
      setForm(formFromSchedule(fresh));
      setList(fresh.idchuongtrinh ? EMPTY_SOURCE_LIST : listFromStored(fresh.nguonphat));
      setVersion({ id: fresh._id, phienban: fresh.phienban });
      save.dismiss();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const busy = save.step.kind !== 'idle';
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="schedule-editor-title">
        <DialogTitle id="schedule-editor-title">{t('schedules.editorTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {/* A one-time schedule on air has nothing left to plan unless its time moves (issue #32 item 9). */}
            {onAir && <Alert severity="warning" data-testid="schedule-on-air">{t(schedule?.chedophat === 'motlan' ? 'schedules.editLiveOnce' : 'schedules.editLive')}</Alert>}
            {saveHint && <Alert severity={saveHint.severity} data-testid="schedule-save-hint">{t(saveHint.key)}</Alert>}
            <TextField label={t('schedules.title')} value={form.tieude} onChange={(e) => patch({ tieude: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField
              select
              label={t('schedules.programme')}
              value={form.idchuongtrinh ?? ''}
              onChange={(e) => chooseProgramme(e.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('schedules.ownSources')}</option>
              {chosenProgramme && !programmes.includes(chosenProgramme) && <option value={chosenProgramme._id}>{chosenProgramme.ten}</option>}
              {programmes.map((p) => (
                <option key={p._id} value={p._id}>{p.ten} ({formatDuration(p.thoiluong)})</option>
              ))}
            </TextField>
            {form.idchuongtrinh ? (
              <Alert severity="info">{t('schedules.programmeHint')}</Alert>
            ) : (
              <SourcesField list={list} onChange={setList} />
            )}
            <TargetFields areaIds={form.diabanchon} deviceIds={form.thietbichon} onChange={patch} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('broadcast.messageType')}
                value={form.loaibantin ?? ''}
                onChange={(e) => patch({ loaibantin: e.target.value ? Number(e.target.value) : null })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 2 }}
              >
                <option value="">{t('broadcast.chooseMessageType')}</option>
                {MESSAGE_TYPES.map((m) => (
                  <option key={m.id} value={m.id}>{typeName(m)}</option>
                ))}
              </TextField>
              <TextField
                select
                label={t('schedules.priority')}
                value={form.uutien}
                onChange={(e) => patch({ uutien: PRIORITIES.find((p) => String(p.id) === e.target.value)?.id ?? NORMAL_PRIORITY })}
                slotProps={{ select: { native: true } }}
                sx={{ flex: 1 }}
              >
                {PRIORITIES.map((p) => (
                  <option key={p.id} value={p.id}>{typeName(p)}</option>
                ))}
              </TextField>
            </Stack>
            <RepeatRuleFields value={form} onChange={patch} />
            <StartTimesField value={form.giophat} onChange={(giophat) => patch({ giophat })} />
            {form.chedophat !== 'motlan' && <ExceptionsField value={form.ngoaile} times={form.giophat} onChange={(ngoaile) => patch({ ngoaile })} />}
            <RepeatFields value={form} onChange={patch} />
            <Typography variant="body2" color="text.secondary" data-testid="clash-horizon">{t('schedules.clashHorizon', { days: CLASH_HORIZON_DAYS })}</Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void save.submit(form, list)}>{t('schedules.save')}</Button>
        </DialogActions>
      </Dialog>
      {save.step.kind === 'uploading' && <UploadProgressDialog open files={save.step.files} percent={save.step.percent} />}
      <PreparingDialog open={save.step.kind === 'checking'} text={t('schedules.checking')} />
      {save.step.kind === 'conflicts' && <ConflictDialog conflicts={save.step.conflicts} onSaveAnyway={() => void save.saveAnyway()} onBack={save.dismiss} />}
      {save.step.kind === 'stale' && (
        <Dialog open onClose={save.dismiss} aria-labelledby="schedule-stale-title">
          <DialogTitle id="schedule-stale-title">{t('schedules.staleTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText role="alert">{save.step.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={save.dismiss}>{t('common.close')}</Button>
            <Button variant="contained" onClick={() => void reload()}>{t('schedules.reload')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
