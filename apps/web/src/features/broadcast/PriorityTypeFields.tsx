import { Stack, TextField } from '@mui/material';
import { MESSAGE_TYPES, PRIORITIES } from '@loa/contract';
import { useT } from '../../i18n/useT';

/**
 * The priority and the message type of an officer's broadcast or live voice. The priority is one
 * of the three levels (khẩn cấp / ưu tiên / thông thường, emergency by default); `fixedPriority`
 * shows it without a choice (live voice is always an emergency bulletin).
 */
export function PriorityTypeFields({ uutien, loaibantin, onChange, fixedPriority = false, errors = {} }: {
  uutien: number | null;
  loaibantin: number | null;
  onChange: (next: { loaibantin?: number | null; uutien?: number | null }) => void;
  fixedPriority?: boolean;
  /** Messages of a failed check, shown beside their field (spec §5). */
  errors?: { uutien?: string; loaibantin?: string };
}) {
  const { t, tMessage, locale } = useT();
  const name = (m: { ten: string; en: string }) => (locale === 'vi' ? m.ten : m.en);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        disabled={fixedPriority}
        label={t('broadcast.priority')}
        value={uutien ?? ''}
        onChange={(e) => onChange({ uutien: e.target.value === '' ? null : Number(e.target.value) })}
        slotProps={{ select: { native: true } }}
        error={!!errors.uutien}
        helperText={errors.uutien && tMessage(errors.uutien)}
        sx={{ flex: 1 }}
      >
        {PRIORITIES.map((p) => (
          <option key={p.id} value={p.id}>{name(p)}</option>
        ))}
      </TextField>
      <TextField
        select
        label={t('broadcast.messageType')}
        value={loaibantin ?? ''}
        onChange={(e) => onChange({ loaibantin: e.target.value ? Number(e.target.value) : null })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        error={!!errors.loaibantin}
        helperText={errors.loaibantin && tMessage(errors.loaibantin)}
        sx={{ flex: 2 }}
      >
        <option value="">{t('broadcast.chooseMessageType')}</option>
        {MESSAGE_TYPES.map((m) => (
          <option key={m.id} value={m.id}>{name(m)}</option>
        ))}
      </TextField>
    </Stack>
  );
}
