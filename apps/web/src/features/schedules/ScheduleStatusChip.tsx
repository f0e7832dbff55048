import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { Schedule, ScheduleState, ScheduleStatus } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { formatStart } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Chip colour of each status. */
export const STATUS_COLOR = { choduyet: 'warning', daduyet: 'success', yeucausua: 'error', ketthuc: 'default' } as const satisfies Record<ScheduleStatus, string>;
/** Chip colour of each real state (tinhtrang). */
export const STATE_COLOR = { dangphat: 'info', daphat: 'success', bingat: 'warning', bolo: 'error', ketthuc: 'default' } as const satisfies Record<ScheduleState, string>;

/**
 * Where a schedule stands as a coloured chip: its real state when there is one (đang phát, đã phát,
 * bị ngắt, bỏ lỡ, kết thúc), else its approval status; 'Yêu cầu sửa' carries the reason, and the
 * latest occurrence says what became of it (why it was missed, who cut it, on how many speakers it played).
 */
export function ScheduleStatusChip({ schedule }: { schedule: Pick<Schedule, 'trangthai' | 'tinhtrang' | 'lydo' | 'lanphatcuoi' | 'chedophat'> }) {
  const { t, tMessage } = useT();
  const { tinhtrang, trangthai, lydo, lanphatcuoi } = schedule;
  const chip = tinhtrang
    ? <Chip size="small" color={STATE_COLOR[tinhtrang]} label={t(`schedules.state.${tinhtrang}` as MessageId)} data-testid="schedule-status" data-state={tinhtrang} />
    : <Chip size="small" color={STATUS_COLOR[trangthai]} label={t(`schedules.status.${trangthai}` as MessageId)} data-testid="schedule-status" />;
  const notes: string[] = [];
  if (trangthai === 'yeucausua' && lydo) notes.push(t('schedules.reason', { reason: lydo }));
  if (lanphatcuoi && lanphatcuoi.ketqua !== 'dangphat') {
    const what = [
      // A one-time schedule's chip already names the outcome; a weekly one says what its latest occurrence became.
      ...(tinhtrang === lanphatcuoi.ketqua ? [] : [t(`schedules.state.${lanphatcuoi.ketqua}` as MessageId)]),
      ...(lanphatcuoi.ketqua === 'daphat' ? [t('schedules.playedOn', { count: lanphatcuoi.sothietbiphat })] : []),
      ...(lanphatcuoi.lydo ? [tMessage(lanphatcuoi.lydo)] : []),
      ...(lanphatcuoi.nguoingat ? [t('schedules.cutBy', { name: lanphatcuoi.nguoingat })] : []),
    ];
    notes.push(t('schedules.lastRun', { when: formatStart(lanphatcuoi.thoidiem), what: what.join(' · ') }));
  }
  if (notes.length === 0) return chip;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      {trangthai === 'yeucausua' && lydo ? <Tooltip title={notes[0]}>{chip}</Tooltip> : chip}
      {notes.map((note) => <Typography key={note} variant="caption" color="text.secondary" data-testid="schedule-status-note">{note}</Typography>)}
    </Stack>
  );
}
