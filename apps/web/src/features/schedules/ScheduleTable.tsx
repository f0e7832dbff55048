import { Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel } from '@mui/material';
import type { LiveBroadcast, Schedule, ScheduleSort } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { scheduleActions } from './scheduleActions';
import { ScheduleRow, type ScheduleRowAction } from './ScheduleRow';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** The list's columns, and the server sort each header sets (none for the others). */
const COLUMNS: { id: MessageId; sort?: ScheduleSort; align?: 'right' }[] = [
  { id: 'schedules.col.title', sort: 'ten' }, { id: 'schedules.col.status', sort: 'trangthai' }, { id: 'schedules.col.areas', sort: 'diaban' },
  { id: 'schedules.col.speakers', align: 'right' }, { id: 'schedules.col.when' }, { id: 'schedules.col.next', sort: 'lanphattiep' },
  { id: 'schedules.col.creator', sort: 'nguoitao' }, { id: 'schedules.col.approver' },
];

/** How the list is sorted and paged (on the server). */
export interface ScheduleTableView {
  sapxep: ScheduleSort;
  chieu: 'tang' | 'giam';
  trang: number;
  sodong: number;
}

export const ROWS_PER_PAGE = [10, 20, 50, 100];

/**
 * The schedule list, one row each, with the buttons the server says the user may use; the headers
 * sort and the footer pages through the server's answer (`total` rows in all).
 */
export function ScheduleTable({ schedules, live, onAction, view, total, onView, selected, onSelect }: {
  schedules: Schedule[]; live: LiveBroadcast[]; onAction: (action: ScheduleRowAction) => void;
  view: ScheduleTableView; total: number; onView: (next: ScheduleTableView) => void;
  selected?: ReadonlySet<string>; onSelect?: (id: string, chosen: boolean) => void;
}) {
  const { t } = useT();
  const sortBy = (sort: ScheduleSort) => onView({ ...view, sapxep: sort, chieu: view.sapxep === sort && view.chieu === 'tang' ? 'giam' : 'tang', trang: 1 });
  return (
    <TableContainer>
      <Table size="small" aria-label={t('nav.schedules')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            {COLUMNS.map((c) => (
              <TableCell key={c.id} align={c.align} sortDirection={c.sort && view.sapxep === c.sort ? (view.chieu === 'tang' ? 'asc' : 'desc') : false}>
                {c.sort ? (
                  <TableSortLabel active={view.sapxep === c.sort} direction={view.sapxep === c.sort && view.chieu === 'giam' ? 'desc' : 'asc'} onClick={() => sortBy(c.sort!)}>
                    {t(c.id)}
                  </TableSortLabel>
                ) : t(c.id)}
              </TableCell>
            ))}
            <TableCell align="right">{t('schedules.col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedules.map((schedule) => (
            <ScheduleRow key={schedule._id} schedule={schedule} actions={scheduleActions(schedule, live)} onAction={onAction} selected={selected?.has(schedule._id)} onSelect={onSelect} />
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div" count={total} page={view.trang - 1} rowsPerPage={view.sodong} rowsPerPageOptions={ROWS_PER_PAGE}
        onPageChange={(_e, page) => onView({ ...view, trang: page + 1 })}
        onRowsPerPageChange={(e) => onView({ ...view, sodong: Number(e.target.value), trang: 1 })}
        labelRowsPerPage={t('schedules.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('schedules.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(type === 'next' ? 'schedules.nextPage' : type === 'previous' ? 'schedules.prevPage' : type === 'first' ? 'schedules.firstPage' : 'schedules.lastPage')}
      />
    </TableContainer>
  );
}
