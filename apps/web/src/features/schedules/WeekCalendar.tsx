import { useMemo, useState } from 'react';
import { Box, Button, ButtonBase, IconButton, Paper, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import { DAY_SHORT, WEEK_ORDER, formatDate } from './scheduleWhen';
import { STATUS_COLOR } from './ScheduleStatusChip';
import { addDays, mondayOf, vnDate } from './vietnamTime';
import { useHolidayCalendar } from './useHolidayCalendar';
import { weekOccurrences } from './weekOccurrences';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

const STATUS_BORDER = { warning: 'warning.main', success: 'success.main', error: 'error.main', default: 'grey.500' } as const;

/** Seven columns, Monday to Sunday, each listing the week's starts in time order; navigable week by week. */
export function WeekCalendar({ schedules, onOpen, now: fixedNow }: { schedules: Schedule[]; onOpen: (schedule: Schedule) => void; now?: number }) {
  const { t, locale } = useT();
  const ticking = useNow(60_000);
  const now = fixedNow ?? ticking;
  const [monday, setMonday] = useState(() => mondayOf(now));
  const today = vnDate(now);
  // Holidays of the week (both years when it spans the new year): schedules that skip them have no block there.
  const first = useHolidayCalendar(Number(monday.slice(0, 4)));
  const second = useHolidayCalendar(Number(addDays(monday, 6).slice(0, 4)));
  const holidays = useMemo(() => new Map([...(first.data?.danhsach ?? []), ...(second.data?.danhsach ?? [])].map((h) => [h.ngay, h.ten])), [first.data, second.data]);
  const byColumn = useMemo(() => {
    const columns: { schedule: Schedule; time: string; start: number }[][] = Array.from({ length: 7 }, () => []);
    const skipped = new Set(holidays.keys());
    for (const schedule of schedules) {
      for (const o of weekOccurrences(schedule, monday, skipped)) columns[o.column]!.push({ schedule, time: o.time, start: o.start });
    }
    return columns.map((items) => items.sort((a, b) => a.start - b.start));
  }, [schedules, monday, holidays]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label={t('schedules.prevWeek')} onClick={() => setMonday((m) => addDays(m, -7))}><ChevronLeftIcon /></IconButton>
        <Button onClick={() => setMonday(mondayOf(now))}>{t('schedules.thisWeek')}</Button>
        <IconButton aria-label={t('schedules.nextWeek')} onClick={() => setMonday((m) => addDays(m, 7))}><ChevronRightIcon /></IconButton>
        <Typography variant="subtitle1" component="h2" data-testid="week-label">
          {t('schedules.weekOf', { from: formatDate(monday), to: formatDate(addDays(monday, 6)) })}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}>
        {byColumn.map((items, column) => {
          const date = addDays(monday, column);
          return (
            <Paper key={date} variant="outlined" data-testid="week-day" data-date={date} sx={{ p: 1, minHeight: 160, borderColor: date === today ? 'primary.main' : 'divider', borderWidth: date === today ? 2 : 1 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {DAY_SHORT[locale][WEEK_ORDER[column]!]} {formatDate(date).slice(0, 5)}
              </Typography>
              {holidays.has(date) && <Typography variant="caption" color="error" component="p" data-testid="week-holiday" sx={{ mb: 0.5 }}>{holidays.get(date)}</Typography>}
              {items.length === 0 && <Typography variant="caption" color="text.secondary">{t('schedules.dayEmpty')}</Typography>}
              <Stack spacing={0.5}>
                {items.map(({ schedule, time }) => (
                  <ButtonBase
                    key={`${schedule._id}-${time}`}
                    data-testid="week-item"
                    onClick={() => onOpen(schedule)}
                    sx={{ justifyContent: 'flex-start', textAlign: 'left', px: 0.75, py: 0.5, borderRadius: 1, bgcolor: 'action.hover', borderLeft: 3, borderColor: STATUS_BORDER[STATUS_COLOR[schedule.trangthai]] }}
                  >
                    <Typography variant="caption" sx={{ display: 'block', minWidth: 0 }}>
                      <strong>{time}</strong> {schedule.tieude}
                    </Typography>
                  </ButtonBase>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}
