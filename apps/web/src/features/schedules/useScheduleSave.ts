import { useState } from 'react';
import type { Schedule, ScheduleConflict } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { ApiError, errorMessage } from '../../lib/apiClient';
import type { SourceList } from '../broadcast/sources/sourceList';
import { pendingUploads, withStoredFiles } from '../broadcast/sources/storedSources';
import { checkScheduleConflicts, saveSchedule, uploadSourceFiles, type ScheduleSave } from './api';
import { buildScheduleBody, scheduleFormError, type ScheduleForm } from './scheduleForm';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Where a save stands: uploading files, waiting on the officer about clashes, or refused as stale (409). */
export type SaveStep =
  | { kind: 'idle' }
  | { kind: 'uploading'; files: { fileName: string; size: number }[]; percent: number }
  | { kind: 'checking' }
  | { kind: 'conflicts'; conflicts: ScheduleConflict[]; body: ScheduleSave }
  | { kind: 'stale'; message: string };

/** How a submit ended: saved, waiting on the officer about clashes, or not saved (refused, stale or failed; the message is shown). */
export type SaveOutcome = 'saved' | 'conflicts' | 'refused';

/**
 * Saving a schedule: check the form, upload chosen files (their FILE sources then name the stored keys),
 * ask kiemtrathongtin, let the officer decide on clashes, then create or edit (phienban guards edits).
 */
export function useScheduleSave(options: { version: { id: string; phienban: number } | null; onListChange: (list: SourceList) => void; onSaved: (schedule: Schedule) => void; onAir?: boolean }) {
  const { t } = useT();
  const notify = useNotify();
  const [step, setStep] = useState<SaveStep>({ kind: 'idle' });

  const persist = async (body: ScheduleSave): Promise<boolean> => {
    setStep({ kind: 'checking' });
    try {
      const saved = await saveSchedule(body);
      setStep({ kind: 'idle' });
      // Saving an edit of a schedule on air stopped its running occurrence on the speakers (the server does it).
      notify.success(t(options.onAir && body.id ? 'schedules.savedStopped' : 'schedules.saved'));
      options.onSaved(saved);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setStep({ kind: 'stale', message: error.message });
      else {
        setStep({ kind: 'idle' });
        notify.error(errorMessage(error));
      }
      return false;
    }
  };

  /** `version` overrides the hook's (the calendar saves a different schedule at each move). */
  const submit = async (form: ScheduleForm, list: SourceList, version = options.version): Promise<SaveOutcome> => {
    const problem = scheduleFormError(form, list.sources.length);
    if (problem) {
      notify.error(problem);
      return 'refused';
    }
    try {
      let ready = list;
      const pending = form.idchuongtrinh ? [] : pendingUploads(list);
      if (pending.length > 0) {
        setStep({ kind: 'uploading', files: pending.map((p) => ({ fileName: p.fileName, size: p.blob.size })), percent: 0 });
        const stored = await uploadSourceFiles(pending, (percent) => setStep((s) => (s.kind === 'uploading' ? { ...s, percent } : s)), version !== null);
        ready = withStoredFiles(list, stored);
        options.onListChange(ready);
      }
      const body: ScheduleSave = { ...buildScheduleBody(form, ready), ...(version ?? {}) };
      setStep({ kind: 'checking' });
      const conflicts = await checkScheduleConflicts(body);
      if (conflicts.length > 0) {
        setStep({ kind: 'conflicts', conflicts, body });
        return 'conflicts';
      }
      return (await persist(body)) ? 'saved' : 'refused';
    } catch (error) {
      setStep({ kind: 'idle' });
      notify.error(errorMessage(error));
      return 'refused';
    }
  };

  return {
    step,
    submit,
    saveAnyway: () => (step.kind === 'conflicts' ? persist(step.body) : Promise.resolve(false)),
    dismiss: () => setStep({ kind: 'idle' }),
  };
}
