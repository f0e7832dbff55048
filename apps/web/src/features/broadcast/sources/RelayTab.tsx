import { useEffect, useRef } from 'react';
import { Stack, TextField } from '@mui/material';
import { RELAY_FREE_ENTRY, type Channel } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import { STALE } from '../../../lib/query/staleTimes';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { CHANNELS_PATH } from '../api';
import type { RelayFields } from './sourceDrafts';

/** Relay tab: a channel from the list, or free entry with name and path; duration in minutes. */
export function RelayTab({ value, onChange, disabled }: { value: RelayFields; onChange: (next: RelayFields) => void; disabled: boolean }) {
  const { t } = useT();
  const loaded = useApiQuery<Channel[] | null>(CHANNELS_PATH, { staleTime: STALE.reference }).data;
  const channels = loaded ?? [];
  // An edited source keeps its channel: its stored address names one of them. Matched once, when the
  // list first arrives; later edits are the officer's.
  const matched = useRef(false);
  useEffect(() => {
    if (!loaded || matched.current) return;
    matched.current = true;
    const own = value.channel === RELAY_FREE_ENTRY && value.url ? loaded.find((c) => c._id === value.url || c.url === value.url) : undefined;
    if (own) onChange({ ...value, channel: own._id, tenkenh: own.tenkenh, url: own.url });
  }, [loaded, value, onChange]);
  const free = value.channel === RELAY_FREE_ENTRY;

  const choose = (id: string) => {
    const channel = channels.find((c) => c._id === id);
    onChange(channel ? { ...value, channel: id, tenkenh: channel.tenkenh, url: channel.url } : { ...value, channel: RELAY_FREE_ENTRY, tenkenh: '', url: '' });
  };

  return (
    <Stack spacing={2}>
      <TextField select label={t('relay.channel')} value={value.channel} onChange={(e) => choose(e.target.value)} disabled={disabled} slotProps={{ select: { native: true } }}>
        <option value={RELAY_FREE_ENTRY}>{t('relay.freeEntry')}</option>
        {channels.map((c) => (
          <option key={c._id} value={c._id}>{c.tenkenh}</option>
        ))}
      </TextField>
      <TextField label={t('relay.name')} value={value.tenkenh} onChange={(e) => onChange({ ...value, tenkenh: e.target.value })} disabled={disabled || !free} />
      <TextField label={t('relay.path')} value={value.url} onChange={(e) => onChange({ ...value, url: e.target.value })} disabled={disabled || !free} placeholder="https://…" />
      <TextField
        type="number"
        label={t('relay.minutes')}
        value={value.minutes}
        onChange={(e) => onChange({ ...value, minutes: e.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { step: 1 } }}
      />
    </Stack>
  );
}
