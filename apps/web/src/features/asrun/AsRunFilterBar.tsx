import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { AS_RUN_MESSAGES, AS_RUN_OUTCOMES, MESSAGE_TYPES, type Area } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { AreaSelect } from '../areas/AreaSelect';
import { asRunExportUrl, isRangeInverted, todayFilters, type AsRunFilters } from './asRunQuery';
import { DateInput } from '../../lib/pickers';
import { ExportButton } from '../../lib/ExportButton';

/** A day or a range, area, message type, kind and outcome; applied with Lọc. Both exports carry the applied filters. */
export function AsRunFilterBar({ applied, areas, onApply }: { applied: AsRunFilters; areas: readonly Area[]; onApply: (filters: AsRunFilters) => void }) {
  const { t, tMessage, locale } = useT();
  const [draft, setDraft] = useState<AsRunFilters>(applied);
  const set = (key: keyof AsRunFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const inverted = isRangeInverted(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply(draft);
  };
  const select = (key: keyof AsRunFilters, label: MessageId, all: MessageId, options: { value: string; label: string }[], minWidth: number) => (
    <TextField
      select
      size="small"
      label={t(label)}
      value={draft[key]}
      onChange={(e) => set(key)(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      <option value="">{t(all)}</option>
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </TextField>
  );

  return (
    <form onSubmit={submit} aria-label={t('asrun.filters')} role="search">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DateInput size="small" label={t('asrun.from')} value={draft.from} onChange={set('from')} />
          <DateInput size="small" label={t('asrun.to')} value={draft.to} onChange={set('to')} />
          <AreaSelect size="small" label={t('asrun.area')} value={draft.areaId} onChange={set('areaId')} areas={areas} emptyLabel={t('asrun.allAreas')} sx={{ minWidth: 200 }} />
          {select('messageType', 'asrun.messageType', 'asrun.allMessageTypes', MESSAGE_TYPES.map((m) => ({ value: String(m.id), label: locale === 'en' ? m.en : m.ten })), 220)}
          {select('kind', 'asrun.kind', 'asrun.allKinds', (['phatngay', 'phatlich'] as const).map((k) => ({ value: k, label: t(`asrun.kind.${k}`) })), 160)}
          {select('outcome', 'asrun.outcome', 'asrun.allOutcomes', AS_RUN_OUTCOMES.map((o) => ({ value: o.value, label: t(`asrun.outcome.${o.value}`) })), 200)}
        </Stack>
        {inverted && <Alert severity="warning">{tMessage(AS_RUN_MESSAGES.dateRange)}</Alert>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={inverted}>{t('asrun.apply')}</Button>
          <Button onClick={() => { const today = todayFilters(); setDraft(today); onApply(today); }}>{t('asrun.today')}</Button>
          <ExportButton path={asRunExportUrl(applied, 'csv')} fileName="nhat-ky-phat-song.csv">{t('asrun.exportCsv')}</ExportButton>
          <ExportButton path={asRunExportUrl(applied, 'xlsx')} fileName="nhat-ky-phat-song.xlsx">{t('asrun.exportXlsx')}</ExportButton>
        </Stack>
      </Stack>
    </form>
  );
}
