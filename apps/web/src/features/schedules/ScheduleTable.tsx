import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { LiveBroadcast, Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { scheduleActions } from './scheduleActions';
import { ScheduleRow, type ScheduleRowAction } from './ScheduleRow';

const COLUMNS: MessageId[] = ['schedules.col.title', 'schedules.col.status', 'schedules.col.areas', 'schedules.col.when', 'schedules.col.next', 'schedules.col.creator', 'schedules.col.approver'];

/** The schedule list, one row each, with the buttons the server says the user may use. */
export function ScheduleTable({ schedules, live, onAction }: { schedules: Schedule[]; live: LiveBroadcast[]; onAction: (action: ScheduleRowAction) => void }) {
  const { t } = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('nav.schedules')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((id) => <TableCell key={id}>{t(id)}</TableCell>)}
            <TableCell align="right">{t('schedules.col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedules.map((schedule) => (
            <ScheduleRow key={schedule._id} schedule={schedule} actions={scheduleActions(schedule, live)} onAction={onAction} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
