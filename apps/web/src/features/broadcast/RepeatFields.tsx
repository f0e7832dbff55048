import { Stack, TextField } from '@mui/material';
import { REPEAT_MODES, type RepeatMode } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { BroadcastForm } from './submit/broadcastRequest';

type RepeatValue = Pick<BroadcastForm, 'kieulaplai' | 'intervalMinutes' | 'solanlaplai'>;

/** Repeat mode (0, 1, 2); the interval in minutes for mode 2; the count for modes 1 and 2 (spec §4). */
export function RepeatFields({ value, onChange, errors = {} }: {
  value: RepeatValue;
  onChange: (patch: Partial<RepeatValue>) => void;
  /** Messages of a failed check, shown beside their field (spec §5). */
  errors?: { thoigianlaplai?: string; solanlaplai?: string };
}) {
  const { t, tMessage, locale } = useT();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('broadcast.repeatMode')}
        value={value.kieulaplai}
        onChange={(e) => onChange({ kieulaplai: Number(e.target.value) as RepeatMode })}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 2 }}
      >
        {REPEAT_MODES.map((mode) => (
          <option key={mode.id} value={mode.id}>{locale === 'vi' ? mode.ten : mode.en}</option>
        ))}
      </TextField>
      {value.kieulaplai === 2 && (
        <TextField
          type="number"
          label={t('broadcast.repeatInterval')}
          value={value.intervalMinutes}
          onChange={(e) => onChange({ intervalMinutes: e.target.value })}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          error={!!errors.thoigianlaplai}
          helperText={errors.thoigianlaplai && tMessage(errors.thoigianlaplai)}
          sx={{ flex: 1 }}
        />
      )}
      {value.kieulaplai !== 0 && (
        <TextField
          type="number"
          label={t('broadcast.repeatCount')}
          value={value.solanlaplai}
          onChange={(e) => onChange({ solanlaplai: e.target.value })}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          error={!!errors.solanlaplai}
          helperText={errors.solanlaplai && tMessage(errors.solanlaplai)}
          sx={{ flex: 1 }}
        />
      )}
    </Stack>
  );
}

