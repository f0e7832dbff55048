import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { GRID_SPACING, vnIsoDay, type Schedule, type ScheduleFilter } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { useLiveBroadcasts } from '../broadcast/live/LiveBroadcastsContext';
import { useBroadcastAreas } from '../broadcast/useAreaDevices';
import { useProgrammes } from '../programmes/useProgrammes';
import { liveRunOf, sortSchedules } from './scheduleActions';
import { BulkReviewBar } from './BulkReviewBar';
import { CopyWeekDialog } from './CopyWeekDialog';
import { HolidayCalendarDialog } from './HolidayCalendarDialog';
import { ListenDialog } from './ListenDialog';
import { ScheduleEditorDialog } from './ScheduleEditorDialog';
import { EMPTY_SCHEDULE_FILTER, ScheduleFilters, type ScheduleFilterState } from './ScheduleFilters';
import { ScheduleTable, type ScheduleTableView } from './ScheduleTable';
import { weekPlanCsvUrl } from './api';
import { SendBackDialog } from './SendBackDialog';
import { useScheduleRowActions } from './useScheduleRowActions';
import { useSchedulePage, useSchedules } from './useSchedules';
import { WeekCalendar } from './WeekCalendar';
import { ExportButton } from '../../lib/ExportButton';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

type Editor = { schedule?: Schedule } | null;
type View = 'list' | 'week' | 'calendar';

// The time grid and its calendar library load only when the officer opens it (docs/performance.md, "Console first load").
const ScheduleCalendar = lazy(() => import('./ScheduleCalendar').then((m) => ({ default: m.ScheduleCalendar })));

/** /quan-ly-lich-phat: schedules as a filtered list, a week of boxes or a time-grid calendar; create, edit, approve, send back, pin, delete, stop. */
export function SchedulesPage() {
  const { t, tMessage } = useT();
  const user = useCurrentUser();
  const { live } = useLiveBroadcasts();
  const areas = useBroadcastAreas();
  const { programmes } = useProgrammes();
  const [filter, setFilter] = useState<ScheduleFilterState>(EMPTY_SCHEDULE_FILTER);
  const [view, setView] = useState<View>('list');
  const [editor, setEditor] = useState<Editor>(null);
  const [dialog, setDialog] = useState<'holidays' | 'copy' | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const choose = (id: string, on: boolean) => setChosen((set) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });
  const now = useNow(60_000);
  const [tableView, setTableView] = useState<ScheduleTableView>({ sapxep: 'lanphattiep', chieu: 'tang', trang: 1, sodong: 20 });
  const serverFilter = useMemo<ScheduleFilter>(() => ({
    ...(filter.trangthai && { trangthai: filter.trangthai }), ...(filter.diaban && { diaban: filter.diaban }),
    ...(filter.nguoitao && { nguoitao: filter.nguoitao }), ...(filter.ngay && { ngay: filter.ngay }), ...(filter.q.trim() && { q: filter.q.trim() }),
  }), [filter.trangthai, filter.diaban, filter.nguoitao, filter.ngay, filter.q]);
  // The list pages and sorts on the server; the week view takes every schedule of the filter.
  const paged = useSchedulePage({ ...serverFilter, ...tableView }, { enabled: view === 'list' });
  const all = useSchedules(serverFilter, { enabled: view !== 'list', pageData: paged.page });
  const { creators, replace, remove } = all;
  const schedules = view === 'list' ? paged.page?.items ?? null : all.schedules;
  const error = view === 'list' ? paged.error : all.error;
  const actions = useScheduleRowActions({ replace, remove, edit: (schedule) => setEditor({ schedule }), onAir: (schedule) => liveRunOf(schedule, live) !== null });
  const canWrite = hasRight(user, 'themsuaxoalichphat');


  const shown = useMemo(() => (view !== 'list' ? sortSchedules(schedules ?? []) : schedules ?? []), [schedules, view]);
  // A new filter starts again from the first page.
  const changeFilter = (next: ScheduleFilterState) => {
    setFilter(next);
    setTableView((v) => ({ ...v, trang: 1 }));
  };

  return (
    <Stack spacing={GRID_SPACING}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">{t('nav.schedules')}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ToggleButtonGroup exclusive size="small" value={view} onChange={(_e, next: View | null) => next && setView(next)} aria-label={t('schedules.view')}>
            <ToggleButton value="list">{t('schedules.viewList')}</ToggleButton>
            <ToggleButton value="week">{t('schedules.viewWeek')}</ToggleButton>
            <ToggleButton value="calendar">{t('schedules.viewCalendar')}</ToggleButton>
          </ToggleButtonGroup>
          <ExportButton path={weekPlanCsvUrl(vnIsoDay(now))} fileName="ke-hoach-phat.csv">{t('schedules.exportWeek')}</ExportButton>
          <Button variant="outlined" startIcon={<EventBusyIcon />} onClick={() => setDialog('holidays')}>{t('holidays.open')}</Button>
          {canWrite && <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setDialog('copy')}>{t('schedules.copyWeek')}</Button>}
          {canWrite && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({})}>{t('schedules.create')}</Button>}
        </Stack>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <ScheduleFilters value={filter} onChange={changeFilter} areas={areas} creators={creators} />
          {error && <Alert severity="error">{tMessage(error)}</Alert>}
          {!schedules && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
          {schedules && shown.length === 0 && view === 'list' && (
            <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('schedules.empty')}</Typography></Box>
          )}
          {schedules && shown.length > 0 && view === 'list' && (
            <>
              {chosen.size > 0 && <BulkReviewBar ids={[...chosen]} onDone={() => setChosen(new Set())} />}
              <ScheduleTable
                schedules={shown} live={live} onAction={actions.onAction} view={tableView} total={paged.page?.tong ?? shown.length} onView={setTableView}
                selected={chosen} onSelect={choose}
              />
            </>
          )}
          {schedules && view === 'week' && <WeekCalendar schedules={shown} onOpen={(schedule) => schedule.thaotac.sua && setEditor({ schedule })} />}
          {schedules && view === 'calendar' && (
            <Suspense fallback={<CircularProgress aria-label={t('calendar.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}>
              <ScheduleCalendar schedules={shown} onOpen={(schedule) => setEditor({ schedule })} onSaved={replace} />
            </Suspense>
          )}
        </Stack>
      </Paper>
      {editor && (
        <ScheduleEditorDialog
          key={editor.schedule?._id ?? 'new'}
          schedule={editor.schedule}
          onAir={!!editor.schedule && liveRunOf(editor.schedule, live) !== null}
          programmes={programmes ?? []}
          onClose={() => setEditor(null)}
          onSaved={(saved) => {
            replace(saved);
            setEditor(null);
          }}
        />
      )}
      {dialog === 'holidays' && <HolidayCalendarDialog canEdit={hasRight(user, 'duyetlichphat')} onClose={() => setDialog(null)} />}
      {dialog === 'copy' && <CopyWeekDialog onClose={() => setDialog(null)} />}
      {actions.listening && (
        <ListenDialog
          schedule={actions.listening}
          onClose={actions.stopListening}
          onApprove={actions.listening.thaotac.duyet ? () => {
            actions.onAction({ kind: 'approve', schedule: actions.listening! });
            actions.stopListening();
          } : undefined}
          onSendBack={actions.listening.thaotac.yeucauduyetlai ? () => {
            actions.onAction({ kind: 'sendBack', schedule: actions.listening! });
            actions.stopListening();
          } : undefined}
        />
      )}
      {actions.sendingBack && <SendBackDialog title={actions.sendingBack.tieude} onCancel={actions.cancelSendBack} onSend={actions.sendBack} />}
      <ConfirmDialog
        open={actions.deleting !== null}
        title={t('schedules.deleteTitle')}
        text={t(actions.deleting && liveRunOf(actions.deleting, live) ? 'schedules.deleteLiveText' : 'schedules.deleteText', { title: actions.deleting?.tieude ?? '' })}
        confirmLabel={t('schedules.delete')}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
      />
    </Stack>
  );
}
