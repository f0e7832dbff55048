import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { MESSAGE_TYPES, type Programme } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { SourcesField } from '../broadcast/SourcesField';
import { EMPTY_SOURCE_LIST, type SourceList } from '../broadcast/sources/sourceList';
import { listFromStored, pendingUploads, withStoredFiles } from '../broadcast/sources/storedSources';
import { PreparingDialog } from '../broadcast/submit/PreparingDialog';
import { UploadProgressDialog } from '../broadcast/submit/UploadProgressDialog';
import { uploadSourceFiles } from '../schedules/api';
import { saveProgramme } from './api';
import { clearChanged } from '../../lib/fieldErrors';
import { buildProgrammeBody, formOfProgramme, programmeFieldError, programmeFormError, type ProgrammeFieldErrors, type ProgrammeForm } from './programmeBody';

type Step = { kind: 'idle' } | { kind: 'uploading'; files: { fileName: string; size: number }[]; percent: number } | { kind: 'saving' };

/** 'Chương trình': a name, a message type and sources (the broadcast feature's list and dialogs); chosen files upload first. */
export function ProgrammeEditorDialog({ programme, onClose, onSaved }: { programme?: Programme; onClose: () => void; onSaved: (saved: Programme) => void }) {
  const { t, tMessage, locale } = useT();
  const notify = useNotify();
  const [form, setForm] = useState<ProgrammeForm>(() => formOfProgramme(programme));
  const [list, setList] = useState<SourceList>(() => (programme ? listFromStored(programme.nguonphat) : EMPTY_SOURCE_LIST));
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // The failed check's message beside its field as well as in the snackbar; cleared when the field changes.
  const [errors, setErrors] = useState<ProgrammeFieldErrors>({});
  const edit = (next: Partial<ProgrammeForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setErrors((current) => clearChanged(current, Object.keys(next)));
  };
  const editSources = (update: (current: SourceList) => SourceList) => {
    setList(update);
    setErrors((current) => clearChanged(current, ['nguonphat']));
  };

  const save = async () => {
    const problem = programmeFormError(form, list.sources.length);
    setErrors(programmeFieldError(problem));
    if (problem) {
      notify.error(problem);
      return;
    }
    try {
      let ready = list;
      const pending = pendingUploads(list);
      if (pending.length > 0) {
        setStep({ kind: 'uploading', files: pending.map((p) => ({ fileName: p.fileName, size: p.blob.size })), percent: 0 });
        ready = withStoredFiles(list, await uploadSourceFiles(pending, (percent) => setStep((s) => (s.kind === 'uploading' ? { ...s, percent } : s)), !!programme));
        setList(ready);
      }
      setStep({ kind: 'saving' });
      const saved = await saveProgramme({ ...buildProgrammeBody(form, ready), ...(programme && { id: programme._id }) });
      notify.success(t('programmes.saved'));
      onSaved(saved);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setStep({ kind: 'idle' });
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="programme-editor-title">
        <DialogTitle id="programme-editor-title">{t('programmes.editorTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField label={t('programmes.name')} value={form.ten} onChange={(e) => edit({ ten: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} error={!!errors.ten} helperText={errors.ten && tMessage(errors.ten)} />
            <TextField
              select
              label={t('broadcast.messageType')}
              value={form.loaibantin ?? ''}
              onChange={(e) => edit({ loaibantin: e.target.value ? Number(e.target.value) : null })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              error={!!errors.loaibantin}
              helperText={errors.loaibantin && tMessage(errors.loaibantin)}
            >
              <option value="">{t('broadcast.chooseMessageType')}</option>
              {MESSAGE_TYPES.map((m) => (
                <option key={m.id} value={m.id}>{locale === 'vi' ? m.ten : m.en}</option>
              ))}
            </TextField>
            <SourcesField list={list} onChange={editSources} error={errors.nguonphat} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={step.kind !== 'idle'} onClick={() => void save()}>{t('programmes.save')}</Button>
        </DialogActions>
      </Dialog>
      {step.kind === 'uploading' && <UploadProgressDialog open files={step.files} percent={step.percent} />}
      <PreparingDialog open={step.kind === 'saving'} text={t('common.loading')} />
    </>
  );
}
