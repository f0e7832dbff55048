import { useState } from 'react';
import { Checkbox, IconButton, ListItemText, Menu, MenuItem, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import type { LiveBroadcast, Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { ScheduleActions } from './scheduleActions';
import { ScheduleStatusChip } from './ScheduleStatusChip';
import { DAY_SHORT, formatRuleLimits, formatScheduleWhen, formatStart } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** What a row's buttons ask for. */
export type ScheduleRowAction =
  | { kind: 'edit' | 'approve' | 'sendBack' | 'pin' | 'pinAll' | 'remove' | 'listen'; schedule: Schedule }
  | { kind: 'stop'; schedule: Schedule; run: LiveBroadcast };

/** One schedule: title, status, areas, days and times, next start, creator, approver, and the buttons the user's rights allow. */
export function ScheduleRow({ schedule, actions, onAction, selected, onSelect }: {
  schedule: Schedule; actions: ScheduleActions; onAction: (action: ScheduleRowAction) => void;
  /** Chosen for a review of several at once (only a schedule the user may approve or send back can be). */
  selected?: boolean; onSelect?: (id: string, chosen: boolean) => void;
}) {
  const { t, locale } = useT();
  const { limits, exceptions } = formatRuleLimits(schedule, t);
  const act = (kind: 'edit' | 'approve' | 'sendBack' | 'pin' | 'pinAll' | 'remove' | 'listen') => () => onAction({ kind, schedule });
  return (
    <TableRow data-testid="schedule-row" data-id={schedule._id} data-status={schedule.trangthai} data-state={schedule.tinhtrang ?? ''} hover selected={!!selected}>
      <TableCell padding="checkbox">
        {onSelect && (schedule.thaotac.duyet || schedule.thaotac.yeucauduyetlai) && (
          <Checkbox checked={!!selected} onChange={(e) => onSelect(schedule._id, e.target.checked)} slotProps={{ input: { 'aria-label': t('schedules.select', { title: schedule.tieude }) } }} />
        )}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {schedule.ghim && <PushPinIcon fontSize="small" color={schedule.ghimchung ? 'secondary' : 'primary'} titleAccess={t(schedule.ghimchung ? 'schedules.pinnedAll' : 'schedules.pinned')} />}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{schedule.tieude}</Typography>
        </Stack>
        {actions.stop && <Typography variant="caption" color="info.main">{t('schedules.live')}</Typography>}
      </TableCell>
      <TableCell><ScheduleStatusChip schedule={schedule} /></TableCell>
      <TableCell>{schedule.diabanchon.map((a) => a.tendiaban).join(', ')}</TableCell>
      <TableCell align="right" data-testid="schedule-speakers">{schedule.sothietbi}</TableCell>
      <TableCell>
        {formatScheduleWhen(schedule, DAY_SHORT[locale], t('schedules.everyDay'), { t, locale })}
        {limits && <Typography variant="caption" color="text.secondary" component="div" data-testid="schedule-limits">{limits}</Typography>}
        {exceptions && <Typography variant="caption" color="text.secondary" component="div" data-testid="schedule-exceptions">{exceptions}</Typography>}
      </TableCell>
      <TableCell>{schedule.lanphattiep ? formatStart(schedule.lanphattiep) : (
        <Typography variant="body2" color="text.secondary">
          {/* Only what will fire is a next start: one waiting for approval shows its planned start as such. */}
          {schedule.dukien ? t('schedules.notApprovedNext', { when: formatStart(schedule.dukien) }) : t('schedules.noNext')}
        </Typography>
      )}</TableCell>
      <TableCell>{schedule.nguoitao.hoten}</TableCell>
      <TableCell>{schedule.nguoiduyet?.hoten ?? '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions.stop && (
          <Tooltip title={t('schedules.stop')}>
            <IconButton color="error" aria-label={t('schedules.stop')} onClick={() => actions.stop && onAction({ kind: 'stop', schedule, run: actions.stop })}><StopCircleIcon /></IconButton>
          </Tooltip>
        )}
        {(actions.approve || actions.sendBack) && (
          <Tooltip title={t('schedules.listen')}>
            <IconButton aria-label={t('schedules.listen')} onClick={act('listen')}><HeadphonesIcon /></IconButton>
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
        {actions.pinAll ? <PinMenu schedule={schedule} mine={actions.pin} onAction={onAction} /> : actions.pin && (
          <Tooltip title={t('schedules.pinHint')}>
            <IconButton aria-label={t('schedules.pin')} aria-pressed={schedule.ghimcuatoi} onClick={act('pin')}>{schedule.ghimcuatoi ? <PushPinIcon color="primary" /> : <PushPinOutlinedIcon />}</IconButton>
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

/** An approver's pin button: a menu with its own pin and the pin for everyone, each saying which it is. */
function PinMenu({ schedule, mine, onAction }: { schedule: Schedule; mine: boolean; onAction: (action: ScheduleRowAction) => void }) {
  const { t } = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (kind: 'pin' | 'pinAll') => () => {
    setAnchor(null);
    onAction({ kind, schedule });
  };
  return (
    <>
      <Tooltip title={t('schedules.pinMenuHint')}>
        <IconButton aria-label={t('schedules.pin')} aria-haspopup="menu" aria-pressed={schedule.ghim} onClick={(e) => setAnchor(e.currentTarget)}>
          {schedule.ghim ? <PushPinIcon color={schedule.ghimchung ? 'secondary' : 'primary'} /> : <PushPinOutlinedIcon />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {mine && (
          <MenuItem onClick={choose('pin')}>
            <ListItemText primary={t(schedule.ghimcuatoi ? 'schedules.unpinMine' : 'schedules.pinMine')} secondary={t('schedules.pinMineHint')} />
          </MenuItem>
        )}
        <MenuItem onClick={choose('pinAll')}>
          <ListItemText primary={t(schedule.ghimchung ? 'schedules.unpinAll' : 'schedules.pinAll')} secondary={t('schedules.pinAllHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
