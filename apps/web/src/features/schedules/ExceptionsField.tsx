import { useState } from 'react';
import { Button, Chip, FormLabel, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import type { ScheduleException } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { DateInput, TimeInput } from '../../lib/pickers';
import { formatException } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

const EMPTY = { ngay: '', gio: '', move: false, toDate: '', toTime: '' };

/**
 * A schedule's exceptions: one broadcast (or every one of a day) skipped, or one moved to another
 * date and time. The server checks that each names a broadcast of the rule.
 */
export function ExceptionsField({ value, times, onChange }: { value: ScheduleException[]; times: string[]; onChange: (next: ScheduleException[]) => void }) {
  const { t } = useT();
  const [draft, setDraft] = useState(EMPTY);
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  const complete = draft.ngay && (!draft.move || (draft.toDate && draft.toTime && (draft.gio || times.length === 1)));
  const add = () => {
    if (!complete) return;
    const gio = draft.gio || (draft.move ? times[0]! : null);
    const next: ScheduleException = { ngay: draft.ngay, gio, doisang: draft.move ? { ngay: draft.toDate, gio: draft.toTime } : null };
    onChange([...value.filter((e) => !(e.ngay === next.ngay && e.gio === next.gio)), next].sort((a, b) => `${a.ngay}${a.gio ?? ''}`.localeCompare(`${b.ngay}${b.gio ?? ''}`)));
    setDraft(EMPTY);
  };
  const describe = (e: ScheduleException) => formatException(e, t);
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{t('schedules.exceptions')}</FormLabel>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <DateInput label={t('schedules.exceptionDate')} value={draft.ngay} onChange={(ngay) => setDraft({ ...draft, ngay })} />
        <TextField select label={t('schedules.exceptionTime')} value={draft.gio} slotProps={native} onChange={(e) => setDraft({ ...draft, gio: e.target.value })} sx={{ minWidth: 150 }}>
          <option value="">{t('schedules.exceptionAllTimes')}</option>
          {times.map((time) => <option key={time} value={time}>{time.slice(0, 5)}</option>)}
        </TextField>
        <TextField select label={t('schedules.exceptionAction')} value={draft.move ? 'doi' : 'bo'} slotProps={native} onChange={(e) => setDraft({ ...draft, move: e.target.value === 'doi' })} sx={{ minWidth: 180 }}>
          <option value="bo">{t('schedules.exceptionSkip')}</option>
          <option value="doi">{t('schedules.exceptionMove')}</option>
        </TextField>
        {draft.move && <DateInput label={t('schedules.moveDate')} value={draft.toDate} onChange={(toDate) => setDraft({ ...draft, toDate })} />}
        {draft.move && <TimeInput label={t('schedules.moveTime')} value={draft.toTime} onChange={(toTime) => setDraft({ ...draft, toTime })} />}
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!complete}>{t('schedules.addException')}</Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="schedule-exceptions">
        {value.length === 0 && <Typography variant="body2" color="text.secondary">{t('schedules.noExceptions')}</Typography>}
        {value.map((e) => (
          <Chip
            key={`${e.ngay}${e.gio ?? ''}`} label={describe(e)} onDelete={() => onChange(value.filter((x) => x !== e))}
            deleteIcon={<CancelIcon role="button" aria-label={t('schedules.removeException', { what: describe(e) })} />}
          />
        ))}
      </Stack>
    </Stack>
  );
}
