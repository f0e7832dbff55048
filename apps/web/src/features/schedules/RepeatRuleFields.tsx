import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { SCHEDULE_MODES, type MonthlyRule, type ScheduleMode } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { DateInput } from '../../lib/pickers';
import { DatesField } from './DatesField';
import type { ScheduleForm } from './scheduleForm';
import { DAY_LONG, WEEK_ORDER } from './scheduleWhen';
import { WeekdayToggles } from './WeekdayToggles';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

const MODE_LABEL: Record<ScheduleMode, MessageId> = {
  hangtuan: 'schedules.modeWeekly', motlan: 'schedules.modeOnce', hangngay: 'schedules.modeDaily', ngaythuong: 'schedules.modeWeekdays',
  hangthang: 'schedules.modeMonthly', cacngay: 'schedules.modeDates',
};
const NTH = [1, 2, 3, 4, 5, -1] as const;

type RuleValue = Pick<ScheduleForm, 'chedophat' | 'thutrongtuan' | 'hangthang' | 'cacngay' | 'ngaybatdau' | 'ngayketthuc' | 'solanphat' | 'bongayle'>;

/**
 * How a schedule repeats: once, every day, Monday to Friday, weekly on chosen days, monthly (a day of
 * the month or the Nth weekday) or on chosen dates; from a start date to an end date and/or for a
 * number of broadcasts; and whether it skips the holidays of the organisation's calendar.
 */
export function RepeatRuleFields({ value, onChange }: { value: RuleValue; onChange: (patch: Partial<RuleValue>) => void }) {
  const { t, locale } = useT();
  const mode = value.chedophat;
  const monthly: MonthlyRule = value.hangthang ?? { kieu: 'ngay', ngay: Number(value.ngaybatdau.slice(8, 10)) || 1 };
  const setMode = (next: ScheduleMode) => onChange({ chedophat: next, ...(next === 'hangthang' && !value.hangthang ? { hangthang: monthly } : {}) });
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Stack spacing={2}>
      <TextField select label={t('schedules.mode')} value={mode} onChange={(e) => setMode(e.target.value as ScheduleMode)} slotProps={native} sx={{ maxWidth: 320 }}>
        {SCHEDULE_MODES.map((m) => <option key={m} value={m}>{t(MODE_LABEL[m])}</option>)}
      </TextField>
      {mode === 'hangtuan' && <WeekdayToggles value={value.thutrongtuan} onChange={(thutrongtuan) => onChange({ thutrongtuan })} />}
      {mode === 'hangthang' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select label={t('schedules.monthlyKind')} value={monthly.kieu} slotProps={native} sx={{ flex: 2 }}
            onChange={(e) => onChange({ hangthang: e.target.value === 'ngay' ? { kieu: 'ngay', ngay: 1 } : { kieu: 'thu', tuan: 1, thu: 1 } })}
          >
            <option value="ngay">{t('schedules.monthlyByDay')}</option>
            <option value="thu">{t('schedules.monthlyByWeekday')}</option>
          </TextField>
          {monthly.kieu === 'ngay' ? (
            <TextField select label={t('schedules.monthDay')} value={monthly.ngay} slotProps={native} sx={{ flex: 1 }} onChange={(e) => onChange({ hangthang: { kieu: 'ngay', ngay: Number(e.target.value) } })}>
              {Array.from({ length: 31 }, (_, i) => <option key={i + 1} value={i + 1}>{i + 1}</option>)}
            </TextField>
          ) : (
            <>
              <TextField select label={t('schedules.nth')} value={monthly.tuan} slotProps={native} sx={{ flex: 1 }} onChange={(e) => onChange({ hangthang: { ...monthly, tuan: Number(e.target.value) as (typeof NTH)[number] } })}>
                {NTH.map((n) => <option key={n} value={n}>{n === -1 ? t('schedules.nthLast') : n}</option>)}
              </TextField>
              <TextField select label={t('schedules.weekday')} value={monthly.thu} slotProps={native} sx={{ flex: 1 }} onChange={(e) => onChange({ hangthang: { ...monthly, thu: Number(e.target.value) } })}>
                {WEEK_ORDER.map((d) => <option key={d} value={d}>{DAY_LONG[locale][d]}</option>)}
              </TextField>
            </>
          )}
        </Stack>
      )}
      {mode === 'cacngay' ? (
        <DatesField value={value.cacngay} onChange={(cacngay) => onChange({ cacngay })} />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateInput label={t('schedules.startDate')} value={value.ngaybatdau} onChange={(ngaybatdau) => onChange({ ngaybatdau })} />
          {mode !== 'motlan' && (
            <>
              <DateInput label={t('schedules.endDate')} value={value.ngayketthuc} min={value.ngaybatdau} onChange={(ngayketthuc) => onChange({ ngayketthuc })} />
              <TextField
                type="number" label={t('schedules.count')} helperText={t('schedules.countHint')} value={value.solanphat}
                onChange={(e) => onChange({ solanphat: e.target.value })} slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 }, inputLabel: { shrink: true } }} sx={{ maxWidth: 200 }}
              />
            </>
          )}
        </Stack>
      )}
      <FormControlLabel control={<Checkbox checked={value.bongayle} onChange={(e) => onChange({ bongayle: e.target.checked })} />} label={t('schedules.skipHolidays')} />
    </Stack>
  );
}
