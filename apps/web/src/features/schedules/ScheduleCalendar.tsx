import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventInput, EventMountArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { createElement as h } from '@fullcalendar/core/preact';
import viLocale from '@fullcalendar/core/locales/vi';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import { alpha, Autocomplete, Box, Button, Chip, IconButton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { blue, deepOrange, green, purple, red, teal } from '@mui/material/colors';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Device, Schedule } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import { useBroadcastAreas } from '../broadcast/useAreaDevices';
import { useDevices } from '../devices/useDevices';
import { calendarDay, calendarOccurrences, fromCalendarTime, lengthFixedBy, playsOn, slotOf, toCalendarTime, type CalendarOccurrence, type SpeakerPlaces } from './calendarEvents';
import { calendarTitle, type CalendarView } from './calendarTitle';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { OccurrenceDialog } from './OccurrenceDialog';
import { formatDate } from './scheduleWhen';
import { useHolidayCalendar } from './useHolidayCalendar';
import { useScheduleMove } from './useScheduleMove';
import { addDays, DAY_MS, mondayOf } from './vietnamTime';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

const VIEWS: { view: CalendarView; label: 'calendar.day' | 'calendar.week' | 'calendar.month' }[] = [
  { view: 'timeGridDay', label: 'calendar.day' }, { view: 'timeGridWeek', label: 'calendar.week' }, { view: 'dayGridMonth', label: 'calendar.month' },
];
/** A colour for each message type (loaibantin 1…6): shades dark enough for white text (contrast ≥ 4.5:1). */
const TYPE_COLOURS: Record<number, string> = { 1: blue[800], 2: deepOrange[900], 3: red[900], 4: teal[800], 5: purple[700], 6: green[800] };
const PLUGINS = [timeGridPlugin, dayGridPlugin, interactionPlugin];
const HOUR_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const occurrenceOf = (arg: { event: { extendedProps: Record<string, unknown> } }) => arg.event.extendedProps.occurrence as CalendarOccurrence | undefined;

/**
 * A block's content: its start, the clash sign, its title. Drawn by the library's own (Preact) renderer:
 * React content would be a React portal per block, each new portal container getting all of React's
 * event listeners — a large part of the week's render time with 500 blocks (docs/performance.md).
 */
function blockContent(arg: EventContentArg) {
  const o = occurrenceOf(arg);
  if (!o) return arg.event.title;
  return h('div', { className: 'loa-event' }, h('b', null, o.time), ' ', o.clash ? h('span', { className: 'loa-clash-sign', 'aria-hidden': 'true' }, '⚠ ') : null, arg.event.title);
}

/**
 * The schedules as a time grid (day, week, month), in Vietnamese, weeks from Monday, on Vietnam's clock
 * whatever the browser's zone: each occurrence a block as long as its programme, coloured by message
 * type, drawn by status, clashes on a shared speaker outlined. Dragging a block moves that occurrence;
 * dragging its lower edge gives its schedule a new length where that length is the officer's (the
 * relay's, lengthFixedBy). Enter on a focused block opens it to move it by date and time fields or
 * change its length in minutes. Every change goes through the editor's save (clash dialog, server
 * rules) and snaps back when refused.
 */
export function ScheduleCalendar({ schedules, onOpen, onSaved, now: fixedNow }: {
  schedules: Schedule[];
  onOpen: (schedule: Schedule) => void;
  onSaved: (schedule: Schedule) => void;
  now?: number;
}) {
  const { t, locale } = useT();
  const theme = useTheme();
  // The minute for what is drawn (what is still ahead may move); the exact instant when a move is checked.
  const ticking = useNow(60_000);
  const now = fixedNow ?? ticking;
  const clock = () => fixedNow ?? Date.now();
  const calendar = useRef<FullCalendar>(null);
  const [view, setView] = useState<CalendarView>('timeGridWeek');
  // The days drawn (the month grid spills into the weeks around it), and the range's own days and kind for its title.
  const [range, setRange] = useState(() => ({ first: mondayOf(now), days: 7, view: 'timeGridWeek' as CalendarView, from: mondayOf(now), to: addDays(mondayOf(now), 6) }));
  const [speaker, setSpeaker] = useState<Device | null>(null);
  const [opened, setOpened] = useState<CalendarOccurrence | null>(null);
  // A drag of a repeating schedule's lower edge changes every occurrence: asked before it is saved.
  const [resizing, setResizing] = useState<{ occurrence: CalendarOccurrence; spanMs: number; revert: () => void } | null>(null);
  const { devices } = useDevices();
  const moving = useScheduleMove(onSaved, clock);

  const last = addDays(range.first, range.days - 1);
  const first = useHolidayCalendar(Number(range.first.slice(0, 4)));
  const second = useHolidayCalendar(Number(last.slice(0, 4)));
  const holidays = useMemo(() => new Map([...(first.data?.danhsach ?? []), ...(second.data?.danhsach ?? [])].map((h) => [h.ngay, h.ten])), [first.data, second.data]);

  // Which speakers a district's bulletin reaches below it: clashes and the speaker filter follow the area tree.
  const areas = useBroadcastAreas();
  const places = useMemo<SpeakerPlaces>(() => ({
    parentOf: new Map(areas.map((a) => [a._id, a.idcha])),
    areaOf: new Map((devices ?? []).map((d) => [d._id, d.diaban._id])),
  }), [areas, devices]);
  const shown = useMemo(() => (speaker ? schedules.filter((s) => playsOn(s, speaker, places)) : schedules), [schedules, speaker, places]);
  const occurrences = useMemo(() => calendarOccurrences(shown, range.first, range.days, new Set(holidays.keys()), places), [shown, range.first, range.days, holidays, places]);
  const clashes = occurrences.filter((o) => o.clash).length;
  const movable = (o: CalendarOccurrence) => o.schedule.thaotac.sua && o.start > now;

  const events = useMemo<EventInput[]>(() => [
    ...occurrences.map((o): EventInput => ({
      id: o.id, title: o.schedule.tieude, start: toCalendarTime(o.start), end: toCalendarTime(o.end),
      startEditable: o.schedule.thaotac.sua && o.start > now,
      // The lower edge drags only where the schedule's length is the officer's to set (its relay's), on
      // the time grid (the month view would stretch a block crossing midnight by whole days).
      durationEditable: view !== 'dayGridMonth' && o.schedule.thaotac.sua && o.start > now && lengthFixedBy(o.schedule) === null,
      backgroundColor: TYPE_COLOURS[o.schedule.loaibantin] ?? theme.palette.grey[700], borderColor: TYPE_COLOURS[o.schedule.loaibantin] ?? theme.palette.grey[700],
      classNames: [`loa-${o.schedule.trangthai}`, ...(o.clash ? ['loa-clash'] : [])],
      extendedProps: { occurrence: o },
    })),
    ...[...holidays].filter(([day]) => day >= range.first && day <= last).map(([day, name]): EventInput => ({
      id: `ngayle-${day}`, start: day, allDay: true, display: 'background', title: name, classNames: ['loa-holiday'],
    })),
  ], [occurrences, holidays, range.first, last, now, view, theme.palette.grey]);

  const api = () => calendar.current?.getApi();

  // The grid's options stay the same objects across renders that change nothing of it (a dialog opening,
  // a check running), so the library does not redraw its 500 blocks for them.
  const latest = useRef(moving);
  useLayoutEffect(() => {
    latest.current = moving;
  });
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const from = calendarDay(arg.start);
    const days = Math.round((arg.end.getTime() - arg.start.getTime()) / DAY_MS);
    const shown = { view: arg.view.type as CalendarView, from: calendarDay(arg.view.currentStart), to: calendarDay(new Date(arg.view.currentEnd.getTime() - DAY_MS)) };
    setRange((r) => (r.first === from && r.days === days && r.view === shown.view && r.from === shown.from && r.to === shown.to ? r : { first: from, days, ...shown }));
  }, []);
  const onDrop = useCallback((arg: EventDropArg) => {
    const occurrence = occurrenceOf(arg);
    if (!occurrence || !arg.event.start) return arg.revert();
    void latest.current.move(occurrence, slotOf(fromCalendarTime(arg.event.start)), arg.revert);
  }, []);
  const onResize = useCallback((arg: EventResizeDoneArg) => {
    const occurrence = occurrenceOf(arg);
    if (!occurrence || !arg.event.start || !arg.event.end || !arg.view.type.startsWith('timeGrid')) return arg.revert();
    const spanMs = arg.event.end.getTime() - arg.event.start.getTime();
    if (occurrence.schedule.chedophat !== 'motlan') setResizing({ occurrence, spanMs, revert: arg.revert });
    else void latest.current.resize(occurrence, spanMs, arg.revert);
  }, []);
  const onClick = useCallback((arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const occurrence = occurrenceOf(arg);
    if (occurrence) setOpened(occurrence);
  }, []);
  const onMount = useCallback((arg: EventMountArg) => {
    const o = occurrenceOf(arg);
    if (!o) return;
    const el = arg.el;
    el.dataset.testid = 'calendar-event';
    el.dataset.schedule = o.schedule._id;
    el.dataset.date = o.date;
    el.dataset.time = o.time;
    el.dataset.status = o.schedule.trangthai;
    if (o.clash) el.dataset.clash = 'true';
    // Focusable and opened with Enter or Space (the library's keyboard handling): a button to assistive technology.
    el.setAttribute('role', 'button');
    // Begins with what the block shows (time, title), then its date and the clash.
    el.setAttribute('aria-label', `${o.time} ${o.schedule.tieude}, ${formatDate(o.date)}${o.clash ? `, ${t('calendar.clash')}` : ''}`);
  }, [t]);
  const calendarNow = useCallback(() => toCalendarTime(fixedNow ?? Date.now()), [fixedNow]);
  const [initial] = useState(() => ({ view, date: toCalendarTime(now) }));
  const grid = useMemo(() => (
    <FullCalendar
      ref={calendar}
      plugins={PLUGINS}
      initialView={initial.view}
      initialDate={initial.date}
      timeZone="UTC"
      now={calendarNow}
      locale={locale === 'vi' ? viLocale : 'en'}
      firstDay={1}
      headerToolbar={false}
      height={720}
      allDaySlot={false}
      scrollTime="05:00:00"
      slotDuration="00:30:00"
      snapDuration="00:15:00"
      slotLabelFormat={HOUR_FORMAT}
      // Each block shows its own start (blockContent): the library's time text (a formatter built per block) is not drawn.
      displayEventTime={false}
      eventTimeFormat={HOUR_FORMAT}
      nowIndicator
      dayMaxEvents
      // A busy week (#32: 522 occurrences, blocks cut to "Chươ…" and too narrow to grab): at most
      // three blocks side by side in an hour's column, the rest behind "+N", whose list opens
      // on a click (each one there opens and drags as on the grid).
      eventMaxStack={3}
      slotEventOverlap={false}
      eventMinHeight={18}
      editable
      events={events}
      datesSet={onDatesSet}
      eventDrop={onDrop}
      eventResize={onResize}
      eventClick={onClick}
      eventDidMount={onMount}
      eventContent={blockContent}
    />
  ), [initial, calendarNow, locale, events, onDatesSet, onDrop, onResize, onClick, onMount]);
  const { palette } = theme;

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <IconButton aria-label={t('calendar.prev')} onClick={() => api()?.prev()}><ChevronLeftIcon /></IconButton>
        <Button onClick={() => api()?.gotoDate(toCalendarTime(clock()))}>{t('calendar.today')}</Button>
        <IconButton aria-label={t('calendar.next')} onClick={() => api()?.next()}><ChevronRightIcon /></IconButton>
        <Typography variant="subtitle1" component="h2" aria-live="polite" data-testid="calendar-title" sx={{ mr: 'auto' }}>{calendarTitle(range.view, range.from, range.to, { t, locale })}</Typography>
        <ToggleButtonGroup exclusive size="small" value={view} aria-label={t('calendar.view')} onChange={(_e, next: CalendarView | null) => {
          if (!next) return;
          setView(next);
          api()?.changeView(next);
        }}>
          {VIEWS.map((v) => <ToggleButton key={v.view} value={v.view}>{t(v.label)}</ToggleButton>)}
        </ToggleButtonGroup>
        <Autocomplete
          size="small" sx={{ minWidth: 220 }} options={devices ?? []} value={speaker} onChange={(_e, next) => setSpeaker(next)}
          getOptionLabel={(d) => d.tenthietbi} isOptionEqualToValue={(a, b) => a._id === b._id}
          renderInput={(params) => <TextField {...params} label={t('calendar.speaker')} />}
        />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>{t('calendar.help')}</Typography>
        {clashes > 0 && <Chip color="error" size="small" data-testid="calendar-clashes" label={t('calendar.clashCount', { count: clashes })} />}
      </Stack>
      <Box
        data-testid="schedule-calendar"
        aria-busy={moving.busy}
        sx={{
          '--fc-border-color': palette.divider, '--fc-page-bg-color': palette.background.paper, '--fc-neutral-bg-color': palette.action.hover,
          '--fc-today-bg-color': alpha(palette.primary.main, 0.06), '--fc-now-indicator-color': palette.error.main,
          '--fc-bg-event-color': palette.error.light, '--fc-bg-event-opacity': 0.15,
          '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: 13 },
          '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number': { color: palette.text.primary, textDecoration: 'none' },
          '& .loa-event': { overflow: 'hidden', lineHeight: 1.25, px: 0.25 },
          '& .fc-event:focus-visible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 1 },
          '& .fc-event.loa-choduyet': { borderStyle: 'dashed', backgroundImage: 'repeating-linear-gradient(45deg, rgba(255,255,255,.28) 0 6px, transparent 6px 12px)' },
          '& .fc-event.loa-yeucausua': { borderColor: `${palette.error.main} !important`, borderWidth: 2 },
          '& .fc-event.loa-ketthuc': { opacity: 0.55 },
          '& .fc-event.loa-clash': { outline: `2px solid ${palette.error.main}`, outlineOffset: 1, zIndex: 3 },
          '& .loa-holiday .fc-event-title': { color: palette.error.dark, fontStyle: 'normal', fontSize: 11 },
        }}
      >
        {grid}
      </Box>
      {opened && (
        <OccurrenceDialog
          occurrence={opened}
          movable={movable(opened)}
          onOpen={(schedule) => {
            setOpened(null);
            onOpen(schedule);
          }}
          onClose={() => setOpened(null)}
          onMove={(change) => {
            const occurrence = opened;
            setOpened(null);
            void moving.change(occurrence, change);
          }}
        />
      )}
      <ConfirmDialog
        open={resizing !== null}
        title={t('calendar.resizeAllTitle')}
        text={resizing ? t('calendar.resizeAllText', { title: resizing.occurrence.schedule.tieude, minutes: Math.round(resizing.spanMs / 60_000) }) : ''}
        confirmLabel={t('calendar.resizeAllConfirm')}
        onCancel={() => {
          resizing?.revert();
          setResizing(null);
        }}
        onConfirm={() => {
          if (!resizing) return;
          setResizing(null);
          void moving.resize(resizing.occurrence, resizing.spanMs, resizing.revert);
        }}
      />
      {moving.conflicts && <ConflictDialog conflicts={moving.conflicts} onSaveAnyway={() => void moving.saveAnyway()} onBack={moving.back} />}
    </Stack>
  );
}

export default ScheduleCalendar;
