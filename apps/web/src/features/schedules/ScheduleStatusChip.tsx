import { Chip, Tooltip } from '@mui/material';
import type { ScheduleStatus } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';

/** Chip colour of each status. */
export const STATUS_COLOR = { choduyet: 'warning', daduyet: 'success', yeucausua: 'error', ketthuc: 'default' } as const satisfies Record<ScheduleStatus, string>;

/** Status of a schedule as a coloured chip; 'Yêu cầu sửa' carries the reason. */
export function ScheduleStatusChip({ status, reason }: { status: ScheduleStatus; reason?: string | null }) {
  const { t } = useT();
  const chip = <Chip size="small" color={STATUS_COLOR[status]} label={t(`schedules.status.${status}` as MessageId)} data-testid="schedule-status" />;
  if (status !== 'yeucausua' || !reason) return chip;
  return (
    <Tooltip title={t('schedules.reason', { reason })}>
      <span>
        {chip}
        <span style={{ display: 'block', fontSize: '0.75rem', opacity: 0.8, marginTop: 2 }}>{t('schedules.reason', { reason })}</span>
      </span>
    </Tooltip>
  );
}
