import { useEffect, useRef } from 'react';
import { Stack, TextField } from '@mui/material';
import { MSG, OUTBOUND_MESSAGES, RELAY_FREE_ENTRY, type Channel } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import { STALE } from '../../../lib/query/staleTimes';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { CHANNELS_PATH } from '../api';
import type { RelayFields } from './sourceDrafts';
import { errorBeside } from '../../../lib/fieldErrors';

/** The relay field each check of relayError points at. */
const FIELD_OF_MESSAGE: Record<string, 'tenkenh' | 'url' | 'minutes'> = {
  [MSG.relayNameEmpty]: 'tenkenh',
  [MSG.relayPathEmpty]: 'url',
  [OUTBOUND_MESSAGES.relayUrlNotHttp]: 'url',
  [MSG.relayDurationEmpty]: 'minutes',
  [MSG.relayDurationInvalid]: 'minutes',
};

/** Relay tab: a channel from the list, or free entry with name and path; duration in minutes; `error`: a failed check (relayError), shown beside its field. */
export function RelayTab({ value, onChange, disabled, error }: { value: RelayFields; onChange: (next: RelayFields) => void; disabled: boolean; error?: string | null }) {
  const { t, tMessage } = useT();
  const errors = errorBeside(FIELD_OF_MESSAGE, error ?? null);
  const beside = (field: 'tenkenh' | 'url' | 'minutes') => (errors[field] ? { error: true, helperText: tMessage(errors[field]) } : {});
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
      <TextField label={t('relay.name')} value={value.tenkenh} onChange={(e) => onChange({ ...value, tenkenh: e.target.value })} disabled={disabled || !free} {...beside('tenkenh')} />
      <TextField label={t('relay.path')} value={value.url} onChange={(e) => onChange({ ...value, url: e.target.value })} disabled={disabled || !free} placeholder="https://…" {...beside('url')} />
      <TextField
        type="number"
        label={t('relay.minutes')}
        value={value.minutes}
        onChange={(e) => onChange({ ...value, minutes: e.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { step: 1 } }}
        {...beside('minutes')}
      />
    </Stack>
  );
}
