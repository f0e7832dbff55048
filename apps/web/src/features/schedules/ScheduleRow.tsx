import { IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import type { LiveBroadcast, Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { ScheduleActions } from './scheduleActions';
import { ScheduleStatusChip } from './ScheduleStatusChip';
import { DAY_SHORT, formatScheduleWhen, formatStart } from './scheduleWhen';

/** What a row's buttons ask for. */
export type ScheduleRowAction =
  | { kind: 'edit' | 'approve' | 'sendBack' | 'pin' | 'remove'; schedule: Schedule }
  | { kind: 'stop'; schedule: Schedule; run: LiveBroadcast };

/** One schedule: title, status, areas, days and times, next start, creator, approver, and the buttons the user's rights allow. */
export function ScheduleRow({ schedule, actions, onAction }: { schedule: Schedule; actions: ScheduleActions; onAction: (action: ScheduleRowAction) => void }) {
  const { t, locale } = useT();
  const act = (kind: 'edit' | 'approve' | 'sendBack' | 'pin' | 'remove') => () => onAction({ kind, schedule });
  return (
    <TableRow data-testid="schedule-row" data-id={schedule._id} data-status={schedule.trangthai} hover>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {schedule.ghim && <PushPinIcon fontSize="small" color="primary" titleAccess={t('schedules.pinned')} />}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{schedule.tieude}</Typography>
        </Stack>
        {actions.stop && <Typography variant="caption" color="info.main">{t('schedules.live')}</Typography>}
      </TableCell>
      <TableCell><ScheduleStatusChip status={schedule.trangthai} reason={schedule.lydo} /></TableCell>
      <TableCell>{schedule.diabanchon.map((a) => a.tendiaban).join(', ')}</TableCell>
      <TableCell>{formatScheduleWhen(schedule, DAY_SHORT[locale], t('schedules.everyDay'))}</TableCell>
      <TableCell>{schedule.lanphattiep ? formatStart(schedule.lanphattiep) : <Typography variant="body2" color="text.secondary">{t('schedules.noNext')}</Typography>}</TableCell>
      <TableCell>{schedule.nguoitao.hoten}</TableCell>
      <TableCell>{schedule.nguoiduyet?.hoten ?? '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions.stop && (
          <Tooltip title={t('schedules.stop')}>
            <IconButton color="error" aria-label={t('schedules.stop')} onClick={() => actions.stop && onAction({ kind: 'stop', schedule, run: actions.stop })}><StopCircleIcon /></IconButton>
          </Tooltip>
        )}
        {actions.approve && (
          <Tooltip title={t('schedules.approve')}>
            <IconButton color="success" aria-label={t('schedules.approve')} onClick={act('approve')}><CheckCircleIcon /></IconButton>
          </Tooltip>
        )}
        {actions.sendBack && (
          <Tooltip title={t('schedules.sendBack')}>
            <IconButton color="warning" aria-label={t('schedules.sendBack')} onClick={act('sendBack')}><ReplyIcon /></IconButton>
          </Tooltip>
        )}
        {actions.pin && (
          <Tooltip title={t('schedules.pin')}>
            <IconButton aria-label={t('schedules.pin')} aria-pressed={schedule.ghim} onClick={act('pin')}>{schedule.ghim ? <PushPinIcon color="primary" /> : <PushPinOutlinedIcon />}</IconButton>
          </Tooltip>
        )}
        {actions.edit && (
          <Tooltip title={t('schedules.edit')}>
            <IconButton aria-label={t('schedules.edit')} onClick={act('edit')}><EditIcon /></IconButton>
          </Tooltip>
        )}
        {actions.remove && (
          <Tooltip title={t('schedules.delete')}>
            <IconButton aria-label={t('schedules.delete')} onClick={act('remove')}><DeleteIcon /></IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
