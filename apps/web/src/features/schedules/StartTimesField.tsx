import { useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { TimeInput } from '../../lib/pickers';
import { addStartTime } from './scheduleForm';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Start times of day: type or pick one (24-hour), 'Thêm giờ' adds it; each chip removes its time. */
export function StartTimesField({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = addStartTime(value, draft);
    if (typeof next === 'string') notify.error(next);
    else {
      onChange(next);
      setDraft('');
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TimeInput label={t('schedules.time')} value={draft} onChange={setDraft} />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>{t('schedules.addTime')}</Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="start-times">
        {value.length === 0 && <Typography variant="body2" color="text.secondary">{t('schedules.noTimes')}</Typography>}
        {value.map((time) => (
          <Chip key={time} label={time} onDelete={() => onChange(value.filter((v) => v !== time))} deleteIcon={<CancelIcon role="button" aria-label={t('schedules.removeTime', { time })} />} />
        ))}
      </Stack>
    </Stack>
  );
}
