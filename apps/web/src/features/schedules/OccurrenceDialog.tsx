import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { MSG, type Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { DateInput, TimeInput } from '../../lib/pickers';
import { lengthFixedBy, type CalendarOccurrence } from './calendarEvents';
import { formatDate, formatRange } from './scheduleWhen';
import { ScheduleStatusChip } from './ScheduleStatusChip';
import type { OccurrenceChange } from './useScheduleMove';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/**
 * One block of the calendar opened (a click, or Enter on the focused block): what it is, and the
 * keyboard way to move it — a new date and time — or, when its schedule's length is the officer's to
 * set (lengthFixedBy), to give it a new length in minutes, then "Dời lịch"; besides opening the whole
 * schedule. When the length is fixed, it says by what.
 */
export function OccurrenceDialog({ occurrence, movable, onMove, onOpen, onClose }: {
  occurrence: CalendarOccurrence;
  /** The user may move it (may edit the schedule, and it has not started). */
  movable: boolean;
  onMove: (change: OccurrenceChange) => void;
  onOpen?: (schedule: Schedule) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const [date, setDate] = useState(occurrence.date);
  const [time, setTime] = useState(occurrence.time);
  const { schedule } = occurrence;
  const fixedBy = lengthFixedBy(schedule);
  const lengthMinutes = (occurrence.end - occurrence.start) / 60_000;
  const [minutes, setMinutes] = useState(String(lengthMinutes));
  const typed = Number(minutes.trim().replace(',', '.'));
  const lengthValid = minutes.trim() !== '' && Number.isFinite(typed) && typed > 0;
  const moved = date !== occurrence.date || time !== occurrence.time;
  const resized = fixedBy === null && lengthValid && typed !== lengthMinutes;
  const change: OccurrenceChange = { ...(moved ? { to: { date, time } } : {}), ...(resized ? { spanMs: Math.round(typed * 60) * 1000 } : {}) };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="occurrence-title">
      <DialogTitle id="occurrence-title">{schedule.tieude}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>{t('calendar.occurrenceTitle', { date: formatDate(occurrence.date), time: occurrence.time })} ({formatRange(occurrence.start, occurrence.end)})</Typography>
          <ScheduleStatusChip schedule={schedule} />
          {occurrence.clash && <Alert severity="warning">{t('calendar.clash')}</Alert>}
          {movable ? (
            <>
              {schedule.chedophat !== 'motlan' && <Typography variant="body2" color="text.secondary">{t('calendar.repeatNote')}</Typography>}
              <DateInput label={t('calendar.moveDate')} value={date} onChange={setDate} />
              <TimeInput label={t('calendar.moveTime')} value={time} onChange={setTime} />
              {fixedBy === null ? (
                <TextField
                  label={t('calendar.length')} value={minutes} onChange={(e) => setMinutes(e.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  error={!lengthValid} helperText={lengthValid ? t('calendar.lengthNote') : MSG.relayDurationInvalid}
                />
              ) : <Typography variant="body2" color="text.secondary" data-testid="length-fixed">{t(`calendar.lengthFixed.${fixedBy}`)}</Typography>}
            </>
          ) : <Typography variant="body2" color="text.secondary">{t('calendar.readOnly')}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onOpen && schedule.thaotac.sua && <Button onClick={() => onOpen(schedule)}>{t('calendar.openSchedule')}</Button>}
        <Button onClick={onClose}>{t('calendar.close')}</Button>
        {movable && <Button variant="contained" disabled={(!moved && !resized) || !date || !time || !lengthValid} onClick={() => onMove(change)}>{t('calendar.move')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
