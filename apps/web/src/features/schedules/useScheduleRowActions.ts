import { useState } from 'react';
import { MSG, type Schedule } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { stopBroadcast } from '../broadcast/api';
import { approveSchedule, deleteSchedule, pinSchedule, sendBackSchedule } from './api';
import type { ScheduleRowAction } from './ScheduleRow';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Runs the row buttons: approve, pin and stop at once; send back and delete through their dialogs; listen opens the sources to hear; edit opens the editor. */
export function useScheduleRowActions(options: { replace: (s: Schedule) => void; remove: (id: string) => void; edit: (s: Schedule) => void; onAir?: (s: Schedule) => boolean }) {
  const { t } = useT();
  const notify = useNotify();
  const [sendingBack, setSendingBack] = useState<Schedule | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [listening, setListening] = useState<Schedule | null>(null);

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const onAction = (action: ScheduleRowAction) => {
    const { schedule } = action;
    switch (action.kind) {
      case 'edit':
        options.edit(schedule);
        return;
      case 'listen':
        setListening(schedule);
        return;
      case 'approve':
        void run(async () => {
          options.replace(await approveSchedule(schedule._id));
          notify.success(t('schedules.approved'));
        });
        return;
      case 'pin':
        void run(async () => options.replace(await pinSchedule(schedule._id)));
        return;
      case 'pinAll':
        void run(async () => options.replace(await pinSchedule(schedule._id, true)));
        return;
      case 'stop':
        void run(async () => {
          await stopBroadcast(action.run.idlichphat);
          notify.success(MSG.stopSuccess);
        });
        return;
      case 'sendBack':
        setSendingBack(schedule);
        return;
      case 'remove':
        setDeleting(schedule);
    }
  };

  /**
   * Says a change that took a schedule out of the plans is done; a warning when `unheard` speakers
   * (offline) have not taken the new plan and may still play it (issue #30).
   */
  const tellDone = (done: string, unheard: number) => {
    if (unheard > 0) notify.notify(`${done} ${t('schedules.unheard', { count: unheard })}`, 'warning');
    else notify.success(done);
  };

  const sendBack = (reason: string) => {
    const target = sendingBack;
    if (!target) return;
    void run(async () => {
      const { data, chuanhan = 0 } = await sendBackSchedule(target._id, reason);
      options.replace(data);
      setSendingBack(null);
      // An approved schedule leaves the plans.
      tellDone(t('schedules.sentBack'), chuanhan);
    });
  };

  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    const wasOnAir = options.onAir?.(target) ?? false;
    void run(async () => {
      const { chuanhan = 0 } = await deleteSchedule(target._id);
      options.remove(target._id);
      tellDone(t(wasOnAir ? 'schedules.deletedStopped' : 'schedules.deleted'), chuanhan);
    }).finally(() => setDeleting(null));
  };

  return { onAction, listening, stopListening: () => setListening(null), sendingBack, cancelSendBack: () => setSendingBack(null), sendBack, deleting, cancelDelete: () => setDeleting(null), confirmDelete };
}
