import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { SHIFT_STATUS_LABELS, type ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import type { ShiftOutput, ShiftWarning } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import classes from './shift-calendar.module.css';
import { isOpenShift, otherPartyName, serviceText, shiftSummary, type ScheduleParty } from './shift-display';
import { ShiftDrawer } from './shift-drawer';
import { ShiftFormModal, type FixedParty, type ShiftFormTarget } from './shift-form.modal';
import { useBranchTimezone, useShiftRefresh } from './shift-queries';
import { formatTimeRange, formatZonedDay, localParts, todayIn, zoneLabel } from './shift-time';
import { ShiftWarningsModal } from './shift-warnings';

type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

const VIEWS: { value: CalendarView; label: string; unit: string }[] = [
  { value: 'timeGridDay', label: 'Day', unit: 'day' },
  { value: 'timeGridWeek', label: 'Week', unit: 'week' },
  { value: 'dayGridMonth', label: 'Month', unit: 'month' },
];

const STATUS_CLASSES: Record<ShiftStatus, string> = {
  scheduled: classes.scheduled!,
  in_progress: classes.inProgress!,
  completed: classes.completed!,
  missed: classes.missed!,
  cancelled: classes.cancelled!,
};

/** A drag or resize waiting for the user to confirm its warnings. */
interface PendingMove {
  shift: ShiftOutput;
  startTimestamp: string;
  endTimestamp: string;
  warnings: ShiftWarning[];
  revert: () => void;
}

/** What a shift looks like on the calendar: time, the other party (or an Open tag), the service. */
function ShiftEventContent(props: {
  shift: ShiftOutput;
  party: ScheduleParty;
  timeText: string;
  compact: boolean;
  timezone: string;
}) {
  const { shift, party, timeText, compact, timezone } = props;
  const open = isOpenShift(shift);
  const service = serviceText(shift);
  const name = open && party === 'client' ? null : otherPartyName(shift, party);
  // Rendered on every change (FullCalendar keeps the event's element across updates): the full summary as a
  // tooltip for a card too small to show it all, and stable hooks for tests.
  const hooks = {
    // The calendar says its zone once, above it ("Times in ..."): its times do not repeat the abbreviation.
    title: shiftSummary(shift, party, formatTimeRange(shift.startTimestamp, shift.endTimestamp, timezone, 'never')),
    'data-testid': 'shift-event',
    'data-shift-id': shift.id,
    'data-status': shift.status,
  };
  if (compact) {
    return (
      <div className={`${classes.content} ${classes.compact}`} {...hooks}>
        <span className={`${classes.line} ${classes.time}`}>{timeText}</span>
        <span className={classes.line}>
          {open && <span className={classes.openLabel}>Open</span>}
          {name && <span className={classes.name}>{name}</span>}
          {service && <span className={classes.meta}> · {service}</span>}
        </span>
      </div>
    );
  }
  return (
    <div className={classes.content} {...hooks}>
      <div className={`${classes.line} ${classes.time}`}>{timeText}</div>
      <div className={classes.line}>
        {open && <span className={classes.openLabel}>Open</span>}
        {name && <span className={classes.name}>{name}</span>}
      </div>
      {service && <div className={`${classes.line} ${classes.meta}`}>{service}</div>}
    </div>
  );
}

/** The colour key under the toolbar. */
function Legend() {
  const items: { className: string; label: string }[] = [
    { className: classes.scheduled!, label: SHIFT_STATUS_LABELS.scheduled },
    { className: classes.inProgress!, label: SHIFT_STATUS_LABELS.in_progress },
    { className: classes.completed!, label: SHIFT_STATUS_LABELS.completed },
    { className: classes.missed!, label: SHIFT_STATUS_LABELS.missed },
    { className: classes.cancelled!, label: SHIFT_STATUS_LABELS.cancelled },
    { className: classes.open!, label: 'Open shift' },
  ];
  return (
    <Group gap="md" wrap="wrap" aria-label="Colour key">
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span className={`${classes.legendDot} ${item.className}`} aria-hidden />
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** The prefill of a shift created from the toolbar: today (or the first day shown) 09:00 to 13:00. */
function defaultPrefill(timezone: string, rangeStart: string | null): { date: string; startTime: string; endTime: string } {
  const today = todayIn(timezone);
  const first = rangeStart ? localParts(rangeStart, timezone).date : today;
  return { date: first > today ? first : today, startTime: '09:00', endTime: '13:00' };
}

function Calendar(props: { party: ScheduleParty; owner: FixedParty; timezone: string }) {
  const { party, owner, timezone } = props;
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const { can } = useAllowedActions();
  const canCreate = can('createShift');
  const canMove = can('updateShift');
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const calendarRef = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ after: string; before: string } | null>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarView>(narrow ? 'timeGridDay' : 'timeGridWeek');
  // FullCalendar reads its first view once; later changes go through its API and come back in datesSet.
  const [initialView] = useState(view);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [formTarget, setFormTarget] = useState<ShiftFormTarget | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const update = useMutation(trpc.updateShift.mutationOptions());

  const filter = party === 'client' ? { clientId: owner.id } : { caregiverId: owner.id };
  const shifts = useQuery({
    ...trpc.getShifts.queryOptions(range ? { ...range, ...filter, includeCancelled: true } : skipToken),
    placeholderData: keepPreviousData,
  });

  const events = useMemo<EventInput[]>(
    () =>
      (shifts.data ?? []).map((s) => ({
        id: String(s.id),
        start: s.startTimestamp,
        end: s.endTimestamp,
        title: otherPartyName(s, party),
        classNames: [classes.event!, STATUS_CLASSES[s.status], ...(isOpenShift(s) ? [classes.open!] : [])],
        editable: canMove && s.status === 'scheduled',
        extendedProps: { shift: s },
      })),
    [shifts.data, party, canMove],
  );

  // A phone gets the day view; a wider screen coming back gets the week.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    if (narrow && api.view.type === 'timeGridWeek') api.changeView('timeGridDay');
    else if (!narrow && api.view.type === 'timeGridDay') api.changeView('timeGridWeek');
  }, [narrow]);

  const api = () => calendarRef.current?.getApi();
  const unit = VIEWS.find((v) => v.value === view)?.unit ?? 'week';

  const commitMove = async (move: Omit<PendingMove, 'warnings'>) => {
    try {
      await update.mutateAsync({ id: move.shift.id, startTimestamp: move.startTimestamp, endTimestamp: move.endTimestamp });
      notifications.show({
        color: 'teal',
        message: `Shift moved to ${formatZonedDay(move.startTimestamp, timezone)} ${formatTimeRange(
          move.startTimestamp,
          move.endTimestamp,
          timezone,
          'never',
        )}`,
      });
    } catch (error) {
      move.revert();
      notifications.show({ color: 'red', title: 'Shift not moved', message: errorMessageOf(error) });
    } finally {
      void refresh.shift(move.shift.id);
    }
  };

  // A drag or resize runs the same checks as the form: a dry run first, warnings confirmed, a conflict reverted.
  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    const shift = info.event.extendedProps.shift as ShiftOutput;
    const start = info.event.start;
    const end = info.event.end;
    if (!start || !end) {
      info.revert();
      return;
    }
    const move = { shift, startTimestamp: start.toISOString(), endTimestamp: end.toISOString(), revert: info.revert };
    try {
      const dry = await update.mutateAsync({
        id: shift.id,
        startTimestamp: move.startTimestamp,
        endTimestamp: move.endTimestamp,
        dryRun: true,
      });
      if (dry.warnings.length > 0) setPendingMove({ ...move, warnings: dry.warnings });
      else await commitMove(move);
    } catch (error) {
      info.revert();
      notifications.show({ color: 'red', title: 'Shift not moved', message: errorMessageOf(error) });
    }
  };

  const onSelect = (arg: DateSelectArg) => {
    api()?.unselect();
    if (arg.allDay) {
      setFormTarget({ kind: 'new', prefill: { date: arg.startStr.slice(0, 10), startTime: '09:00', endTime: '13:00' } });
      return;
    }
    const start = localParts(arg.start.toISOString(), timezone);
    const end = localParts(arg.end.toISOString(), timezone);
    setFormTarget({ kind: 'new', prefill: { date: start.date, startTime: start.time, endTime: end.time } });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Schedule">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon.Group>
              <ActionIcon variant="default" size="md" aria-label={`Previous ${unit}`} onClick={() => api()?.prev()}>
                <IconChevronLeft size={16} />
              </ActionIcon>
              <ActionIcon variant="default" size="md" aria-label={`Next ${unit}`} onClick={() => api()?.next()}>
                <IconChevronRight size={16} />
              </ActionIcon>
            </ActionIcon.Group>
            <Button variant="default" size="xs" onClick={() => api()?.today()}>
              Today
            </Button>
            <Title order={4} fz={{ base: 'sm', sm: 'lg' }} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {title}
            </Title>
            {shifts.isFetching && <Loader size={14} aria-label="Loading shifts" />}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              size="xs"
              aria-label="Calendar view"
              value={view}
              onChange={(value) => api()?.changeView(value)}
              data={VIEWS.map(({ value, label }) => ({ value, label }))}
            />
            {canCreate && (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setFormTarget({ kind: 'new', prefill: defaultPrefill(timezone, range?.after ?? null) })}
              >
                New shift
              </Button>
            )}
          </Group>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Legend />
          <Text size="xs" c="dimmed">
            Times in {zoneLabel(timezone)}
          </Text>
        </Group>
        {shifts.isError && (
          <Alert color="red" variant="light" role="alert">
            The shifts could not be loaded: {errorMessageOf(shifts.error)}
          </Alert>
        )}
        <div className={classes.calendar} data-testid="shift-calendar">
          <FullCalendar
            ref={calendarRef}
            plugins={[luxonPlugin, timeGridPlugin, dayGridPlugin, interactionPlugin]}
            timeZone={timezone}
            initialView={initialView}
            headerToolbar={false}
            height={narrow ? 600 : 700}
            firstDay={0}
            allDaySlot={false}
            // Visits at the same time sit side by side rather than on top of each other.
            slotEventOverlap={false}
            nowIndicator
            scrollTime="07:00:00"
            slotDuration="00:30:00"
            snapDuration="00:15:00"
            // Luxon format strings (the luxon plugin reads them): "9 AM" labels, "9:00 AM - 1:00 PM" on events.
            slotLabelFormat="h a"
            eventTimeFormat="h:mm a"
            defaultRangeSeparator=" – "
            dayMaxEvents
            eventDisplay="block"
            events={events}
            selectable={canCreate}
            selectMirror
            longPressDelay={350}
            editable={canMove}
            eventDurationEditable={canMove}
            datesSet={(arg: DatesSetArg) => {
              setRange({ after: arg.start.toISOString(), before: arg.end.toISOString() });
              setTitle(arg.view.title);
              setView(arg.view.type as CalendarView);
            }}
            select={onSelect}
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault();
              setSelectedId(Number(arg.event.id));
            }}
            eventDrop={(info) => void onMove(info)}
            eventResize={(info) => void onMove(info)}
            eventContent={(arg: EventContentArg) => {
              const shift = arg.event.extendedProps.shift as ShiftOutput | undefined;
              // The selection being drawn (selectMirror) is an event without a shift behind it.
              if (!shift) {
                return (
                  <div className={classes.content}>
                    <div className={`${classes.line} ${classes.time}`}>{arg.timeText}</div>
                    <div className={classes.line}>New shift</div>
                  </div>
                );
              }
              return (
                <ShiftEventContent
                  shift={shift}
                  party={party}
                  timeText={arg.timeText}
                  compact={arg.view.type === 'dayGridMonth'}
                  timezone={timezone}
                />
              );
            }}
          />
        </div>
      </Stack>
      <ShiftDrawer shiftId={selectedId} onClose={() => setSelectedId(null)} />
      <ShiftFormModal
        target={formTarget}
        onClose={() => setFormTarget(null)}
        timezone={timezone}
        fixedClient={party === 'client' ? owner : null}
        fixedCaregiver={party === 'caregiver' ? owner : null}
      />
      <ShiftWarningsModal
        warnings={pendingMove?.warnings ?? null}
        what={
          pendingMove
            ? `${otherPartyName(pendingMove.shift, party)}: ${formatZonedDay(pendingMove.startTimestamp, timezone)} ${formatTimeRange(
                pendingMove.startTimestamp,
                pendingMove.endTimestamp,
                timezone,
                'never',
              )}`
            : ''
        }
        busy={update.isPending}
        onCancel={() => {
          pendingMove?.revert();
          setPendingMove(null);
        }}
        onConfirm={() => {
          if (!pendingMove) return;
          const move = pendingMove;
          setPendingMove(null);
          void commitMove(move);
        }}
      />
    </Paper>
  );
}

/**
 * The schedule of one client or caregiver (issue "Scheduling" item 6): a FullCalendar week (default), day or
 * month of their shifts from getShifts for the visible range, on the wall clock of the branch's time zone,
 * coloured by status with open shifts marked. Selecting a slot creates a shift there; clicking one opens its
 * drawer; dragging or resizing moves it through updateShift with the form's checks (dry run, warnings to
 * confirm, a conflict reverted with its message). A phone shows one day at a time.
 */
export function ShiftCalendar(props: { party: ScheduleParty; owner: FixedParty; branchId: number }) {
  const { party, owner, branchId } = props;
  const { timezone, error } = useBranchTimezone(branchId);
  if (!timezone) {
    return error ? (
      <Alert color="red">The branch&apos;s time zone could not be loaded: {errorMessageOf(error)}</Alert>
    ) : (
      <Loader size="sm" aria-label="Loading schedule" />
    );
  }
  return <Calendar party={party} owner={owner} timezone={timezone} />;
}
