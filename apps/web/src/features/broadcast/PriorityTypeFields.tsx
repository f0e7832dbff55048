import { Stack, TextField } from '@mui/material';
import { MESSAGE_TYPES, PRIORITIES } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** The priority (fixed: emergency bulletin, spec §2) and the message type of an officer's broadcast or live voice. */
export function PriorityTypeFields({ uutien, loaibantin, onChange }: { uutien: number | null; loaibantin: number | null; onChange: (next: { loaibantin: number | null }) => void }) {
  const { t, locale } = useT();
  const name = (m: { ten: string; en: string }) => (locale === 'vi' ? m.ten : m.en);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField select disabled label={t('broadcast.priority')} value={uutien ?? ''} slotProps={{ select: { native: true } }} sx={{ flex: 1 }}>
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
