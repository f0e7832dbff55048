import { Stack, TextField } from '@mui/material';
import { MESSAGE_TYPES, PRIORITIES } from '@loa/contract';
import { useT } from '../../i18n/useT';

/**
 * The priority and the message type of an officer's broadcast or live voice. The priority is one
 * of the three levels (khẩn cấp / ưu tiên / thông thường, emergency by default); `fixedPriority`
 * shows it without a choice (live voice is always an emergency bulletin).
 */
export function PriorityTypeFields({ uutien, loaibantin, onChange, fixedPriority = false }: {
  uutien: number | null;
  loaibantin: number | null;
  onChange: (next: { loaibantin?: number | null; uutien?: number | null }) => void;
  fixedPriority?: boolean;
}) {
  const { t, locale } = useT();
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
