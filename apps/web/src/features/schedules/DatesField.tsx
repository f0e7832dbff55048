import { useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import { useT } from '../../i18n/useT';
import { DateInput } from '../../lib/pickers';
import { formatDate } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** The dates of a 'cacngay' schedule: pick one, 'Thêm ngày' adds it (sorted, once); each chip removes its date. */
export function DatesField({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useT();
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!draft) return;
    onChange([...new Set([...value, draft])].sort());
    setDraft('');
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <DateInput label={t('schedules.dates')} value={draft} onChange={setDraft} />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!draft}>{t('schedules.addDate')}</Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="schedule-dates">
        {value.length === 0 && <Typography variant="body2" color="text.secondary">{t('schedules.noDates')}</Typography>}
        {value.map((date) => (
          <Chip key={date} label={formatDate(date)} onDelete={() => onChange(value.filter((d) => d !== date))} deleteIcon={<CancelIcon role="button" aria-label={t('schedules.removeDate', { date: formatDate(date) })} />} />
        ))}
      </Stack>
    </Stack>
  );
}
