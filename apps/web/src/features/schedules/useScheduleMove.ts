import { useEffect, useRef } from 'react';
import { SCHEDULE_MESSAGES, type Schedule } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { errorMessage } from '../../lib/apiClient';
import { EMPTY_SOURCE_LIST } from '../broadcast/sources/sourceList';
import { listFromStored } from '../broadcast/sources/storedSources';
import { fetchSchedule } from './api';
import { lengthFixedBy, moveProblem, movedForm, resizedSources, resizeProblem, type CalendarOccurrence, type VnSlot } from './calendarEvents';
import { formFromSchedule } from './scheduleForm';
import { useScheduleSave } from './useScheduleSave';
import { vnInstant } from './vietnamTime';

const noop = () => {};

/** What the calendar changes of one occurrence: where it starts, how long it lasts (ms), or both. */
export interface OccurrenceChange {
  to?: VnSlot;
  spanMs?: number;
}

/**
 * Moving or resizing one occurrence from the calendar (a drag, a block's lower edge dragged, or the
 * keyboard's "Dời lịch"): the same save as the editor (the schedule reloaded with its phienban,
 * kiemtrathongtin, the clash dialog, sualichphat; the server decides whether the change goes back for
 * approval). A move is an exception of that occurrence; a new length is the schedule's relay's
 * (lengthFixedBy), so every occurrence of the schedule gets it. `revert` puts a dragged block back: it
 * runs whenever the change does not end saved — refused here (in the past, already started, a relay
 * under a minute), by the server (its Vietnamese message shown), or abandoned at the clash dialog.
 */
export function useScheduleMove(onSaved: (schedule: Schedule) => void, now: () => number = Date.now) {
  const notify = useNotify();
  const reverting = useRef<() => void>(noop);
  const save = useScheduleSave({ version: null, onListChange: noop, onSaved });
  const { step, dismiss } = save;

  const snapBack = () => {
    const revert = reverting.current;
    reverting.current = noop;
    revert();
  };

  const change = async (occurrence: CalendarOccurrence, what: OccurrenceChange, revert: () => void = noop) => {
    reverting.current = revert;
    const from = { date: occurrence.date, time: occurrence.time };
    const to = what.to ?? from;
    const problem = moveProblem(occurrence.start, vnInstant(to.date, to.time), now()) ?? (what.spanMs === undefined ? null : resizeProblem(occurrence.start, now()));
    if (problem) {
      notify.error(problem);
      snapBack();
      return;
    }
    try {
      const fresh = await fetchSchedule(occurrence.schedule._id);
      const moved = movedForm(formFromSchedule(fresh), from, to);
      let sources = fresh.nguonphat;
      let resized = false;
      if (what.spanMs !== undefined) {
        const next = lengthFixedBy(fresh) ? SCHEDULE_MESSAGES.resizeFixed : resizedSources(fresh.nguonphat, fresh.thoiluong, Math.round(what.spanMs / 1000));
        if (typeof next === 'string') {
          notify.error(next);
          snapBack();
          return;
        }
        sources = next;
        resized = Math.round(what.spanMs / 1000) !== fresh.thoiluong;
      }
      if (typeof moved === 'string') {
        notify.error(moved);
        snapBack();
        return;
      }
      if (moved === null && !resized) {
        snapBack();
        return;
      }
      const form = moved ?? formFromSchedule(fresh);
      const list = fresh.idchuongtrinh ? EMPTY_SOURCE_LIST : listFromStored(sources);
      const outcome = await save.submit(form, list, { id: fresh._id, phienban: fresh.phienban });
      if (outcome === 'saved') reverting.current = noop;
      else if (outcome === 'refused') snapBack();
    } catch (error) {
      notify.error(errorMessage(error));
      snapBack();
    }
  };

  // Someone saved the schedule in between (409): say so and put the block back.
  useEffect(() => {
    if (step.kind !== 'stale') return;
    notify.error(step.message);
    dismiss();
    const revert = reverting.current;
    reverting.current = noop;
    revert();
  }, [step, notify, dismiss]);

  return {
    /** Moves the occurrence to `to`. */
    move: (occurrence: CalendarOccurrence, to: VnSlot, revert?: () => void) => change(occurrence, { to }, revert),
    /** Gives the occurrence (and so every occurrence of its schedule) a new length, ms. */
    resize: (occurrence: CalendarOccurrence, spanMs: number, revert?: () => void) => change(occurrence, { spanMs }, revert),
    change,
    /** The clashes kiemtrathongtin found for the move, waiting on the officer. */
    conflicts: step.kind === 'conflicts' ? step.conflicts : null,
    saveAnyway: async () => {
      if (!(await save.saveAnyway())) snapBack();
      else reverting.current = noop;
    },
    back: () => {
      dismiss();
      snapBack();
    },
    busy: step.kind === 'checking',
  };
}
