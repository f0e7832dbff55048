import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { SYSTEM_LOG_MESSAGES, type Area } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { AreaSelect } from '../areas/AreaSelect';
import { actionLabel, ACTION_CODES } from './actionLabels';
import { EMPTY_LOG_FILTERS, isRangeInverted, logCsvUrl, type LogFilters } from './logQuery';
import { DateInput } from '../../lib/pickers';
import { ExportButton } from '../../lib/ExportButton';

/** User, action, area and date range; applied with Lọc; the CSV link carries the applied filters. */
export function LogFilterBar({ applied, areas, onApply }: { applied: LogFilters; areas: readonly Area[]; onApply: (filters: LogFilters) => void }) {
  const { t, tMessage, locale } = useT();
  const [draft, setDraft] = useState<LogFilters>(applied);
  const set = (key: keyof LogFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const inverted = isRangeInverted(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply(draft);
  };
  const sorted = [...ACTION_CODES].sort((a, b) => actionLabel(locale, a).localeCompare(actionLabel(locale, b), 'vi'));

  return (
    <form onSubmit={submit} aria-label={t('log.filters')} role="search">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField size="small" label={t('log.user')} placeholder={t('log.userHelp')} value={draft.user} onChange={(e) => set('user')(e.target.value)} sx={{ minWidth: 180 }} />
          <TextField
            select
            size="small"
            label={t('log.action')}
            value={draft.action}
            onChange={(e) => set('action')(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <option value="">{t('log.allActions')}</option>
            {sorted.map((code) => <option key={code} value={code}>{actionLabel(locale, code)}</option>)}
          </TextField>
          <AreaSelect size="small" label={t('log.area')} value={draft.areaId} onChange={set('areaId')} areas={areas} emptyLabel={t('log.allAreas')} sx={{ minWidth: 200 }} />
          <DateInput size="small" label={t('log.from')} value={draft.from} onChange={set('from')} />
          <DateInput size="small" label={t('log.to')} value={draft.to} onChange={set('to')} />
        </Stack>
        {inverted && <Alert severity="warning">{tMessage(SYSTEM_LOG_MESSAGES.dateRange)}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={inverted}>{t('log.apply')}</Button>
          <Button onClick={() => { setDraft(EMPTY_LOG_FILTERS); onApply(EMPTY_LOG_FILTERS); }}>{t('log.clear')}</Button>
          <ExportButton path={logCsvUrl(applied)} fileName="nhat-ky-he-thong.csv">{t('log.exportCsv')}</ExportButton>
        </Stack>
      </Stack>
    </form>
  );
}
