import { Box, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { SCHEDULE_STATUSES, type Area, type ScheduleStatus } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { DateInput } from '../../lib/pickers';
import type { MessageId } from '../../i18n/vi';
import { STATUS_COLOR } from './ScheduleStatusChip';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** The list's filters: status chips, area, creator, a day, and a title search. */
export interface ScheduleFilterState {
  trangthai?: ScheduleStatus;
  diaban: string;
  nguoitao: string;
  ngay: string;
  q: string;
}

export const EMPTY_SCHEDULE_FILTER: ScheduleFilterState = { diaban: '', nguoitao: '', ngay: '', q: '' };

export interface ScheduleFiltersProps {
  value: ScheduleFilterState;
  onChange: (next: ScheduleFilterState) => void;
  areas: Area[];
  creators: { _id: string; hoten: string }[];
}

/** Filter bar of the schedule list. */
export function ScheduleFilters({ value, onChange, areas, creators }: ScheduleFiltersProps) {
  const { t } = useT();
  const set = (patch: Partial<ScheduleFilterState>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2}>
      <Stack direction="row" role="group" aria-label={t('schedules.filterStatus')} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip label={t('schedules.allStatuses')} color="primary" variant={value.trangthai ? 'outlined' : 'filled'} aria-pressed={!value.trangthai} onClick={() => set({ trangthai: undefined })} />
        {SCHEDULE_STATUSES.map((status) => (
          <Chip
            key={status}
            label={t(`schedules.status.${status}` as MessageId)}
            color={STATUS_COLOR[status]}
            variant={value.trangthai === status ? 'filled' : 'outlined'}
            aria-pressed={value.trangthai === status}
            onClick={() => set({ trangthai: value.trangthai === status ? undefined : status })}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField size="small" label={t('schedules.search')} value={value.q} onChange={(e) => set({ q: e.target.value })} sx={{ flex: 2 }} />
        <TextField size="small" select label={t('schedules.filterArea')} value={value.diaban} onChange={(e) => set({ diaban: e.target.value })} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">{t('schedules.anyArea')}</MenuItem>
          {areas.map((a) => <MenuItem key={a._id} value={a._id}>{a.tendiaban}</MenuItem>)}
        </TextField>
        <TextField size="small" select label={t('schedules.filterCreator')} value={value.nguoitao} onChange={(e) => set({ nguoitao: e.target.value })} sx={{ flex: 1, minWidth: 160 }}>
          <MenuItem value="">{t('schedules.anyCreator')}</MenuItem>
          {creators.map((c) => <MenuItem key={c._id} value={c._id}>{c.hoten}</MenuItem>)}
        </TextField>
        {/* The Vietnamese picker (dd/mm/yyyy, T2 … CN), not the browser's own date field (mm/dd/yyyy in an en-US browser). */}
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <DateInput size="small" fullWidth label={t('schedules.filterDate')} value={value.ngay} onChange={(ngay) => set({ ngay })} />
        </Box>
      </Stack>
    </Stack>
  );
}
