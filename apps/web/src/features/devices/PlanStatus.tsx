import { Chip } from '@mui/material';
import type { DeviceLive } from '@loa/contract';
import { useT } from '../../i18n/useT';

const COLOURS = { sansang: 'success', thieutep: 'warning', chuanhan: 'error' } as const;

/**
 * Whether a speaker holds the day's schedules it was sent (issue #30): "Sẵn sàng" (the latest plan,
 * every file in its cache), "Thiếu 2 tệp", "Chưa nhận lịch mới", or '—' when no plan was sent to it.
 * Before 06:00 an officer sees which speakers would miss the news. Worded in the console's language
 * from the state, not from the server's Vietnamese `nhan`.
 */
export function PlanStatus({ plan }: { plan: DeviceLive['lichphat'] | undefined }) {
  const { t } = useT();
  if (!plan) return <>—</>;
  const label = t(`devices.plan.${plan.tinhtrang}`, { count: plan.thieu });
  return <Chip size="small" variant="outlined" color={COLOURS[plan.tinhtrang]} label={label} data-testid="plan-status" data-plan={plan.tinhtrang} title={plan.phienban === null ? label : `${label} (${t('devices.planVersion', { version: plan.phienban })})`} />;
}
