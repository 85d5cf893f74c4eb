import { useMemo, useState } from 'react';
import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { DateSelectArg, EventClickArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import classes from './shift-calendar.module.css';
import { shiftEventContent, shiftEvents } from './shift-calendar.event';
import { useShiftMove } from './shift-calendar.move';
import { useCalendarRange } from './shift-calendar.range';
import { useCalendarScroller } from './shift-calendar.scroll';
import { CalendarKey, CalendarToolbar } from './shift-calendar.toolbar';
import type { ScheduleParty } from './shift-display';
import { ShiftDrawer } from './shift-drawer';
import { ShiftFormModal, type FixedParty, type ShiftFormTarget, type ShiftPrefill } from './shift-form.modal';
import { useBranchTimezone } from './shift-queries';
import { localParts, todayIn } from './shift-time';
import { ShiftWarningsModal } from './shift-warnings';
import { useShiftLiveRefresh } from './shift-live';

/**
 * FullCalendar's own words (day and month names, "more", hints) besides its built-in English. Kept in one array: a
 * new array on each render would reset the calendar, whose datesSet then renders again, without end.
 */
const LOCALES = [esLocale];

/** The prefill of a shift created from the toolbar: today (or the first day shown) 09:00 to 13:00. */
function defaultPrefill(timezone: string, rangeStart: string | null): ShiftPrefill {
  const today = todayIn(timezone);
  const first = rangeStart ? localParts(rangeStart, timezone).date : today;
  return { date: first > today ? first : today, startTime: '09:00', endTime: '13:00' };
}

/** The prefill of a shift created by selecting a slot: its local date and times, or 09:00 to 13:00 on a whole day. */
function selectedPrefill(arg: DateSelectArg, timezone: string): ShiftPrefill {
  if (arg.allDay) return { date: arg.startStr.slice(0, 10), startTime: '09:00', endTime: '13:00' };
  const start = localParts(arg.start.toISOString(), timezone);
  const end = localParts(arg.end.toISOString(), timezone);
  return { date: start.date, startTime: start.time, endTime: end.time };
}

function Calendar(props: { party: ScheduleParty; owner: FixedParty; timezone: string }) {
  const { party, owner, timezone } = props;
  const { t, i18n } = useTranslation('schedule');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const canCreate = can('createShift');
  const canMove = can('updateShift');
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { calendarRef, api, range, title, view, initialView, datesSet } = useCalendarRange(narrow);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [formTarget, setFormTarget] = useState<ShiftFormTarget | null>(null);
  const move = useShiftMove(party, timezone);
  const scroller = useCalendarScroller(view, range?.after);

  const filter = party === 'client' ? { clientId: owner.id } : { caregiverId: owner.id };
  useShiftLiveRefresh();
  const shifts = useQuery({
    ...trpc.getShifts.queryOptions(range ? { ...range, ...filter, includeCancelled: true } : skipToken),
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => shiftEvents(shifts.data ?? [], party, canMove), [shifts.data, party, canMove]);

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-label={t('calendar.region')}>
      <Stack gap="sm">
        <CalendarToolbar
          api={api}
          view={view}
          title={title}
          fetching={shifts.isFetching}
          onNewShift={
            canCreate ? () => setFormTarget({ kind: 'new', prefill: defaultPrefill(timezone, range?.after ?? null) }) : null
          }
        />
        <CalendarKey timezone={timezone} />
        {shifts.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('calendar.loadError', { message: errorMessageOf(shifts.error) })}
          </Alert>
        )}
        <div
          ref={scroller}
          className={classes.calendar}
          data-testid="shift-calendar"
          role="region"
          aria-label={t('calendar.grid')}
          tabIndex={0}
          style={{ maxHeight: narrow ? 600 : 700 }}
        >
          <FullCalendar
            ref={calendarRef}
            plugins={[luxonPlugin, timeGridPlugin, dayGridPlugin, interactionPlugin]}
            locales={LOCALES}
            locale={i18n.language}
            timeZone={timezone}
            initialView={initialView}
            headerToolbar={false}
            // The wrapper scrolls (useCalendarScroller): FullCalendar's own scroller cannot take keyboard focus.
            height="auto"
            firstDay={0}
            allDaySlot={false}
            // Visits at the same time sit side by side rather than on top of each other.
            slotEventOverlap={false}
            nowIndicator
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
            datesSet={datesSet}
            select={(arg: DateSelectArg) => {
              api()?.unselect();
              setFormTarget({ kind: 'new', prefill: selectedPrefill(arg, timezone) });
            }}
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault();
              setSelectedId(Number(arg.event.id));
            }}
            eventDrop={(info) => void move.onMove(info)}
            eventResize={(info) => void move.onMove(info)}
            eventContent={(arg) => shiftEventContent(arg, party, timezone)}
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
      <ShiftWarningsModal {...move.warningsModal} />
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
  const { t } = useTranslation('schedule');
  if (!timezone) {
    return error ? (
      <Alert color="red">{t('calendar.zoneError', { message: errorMessageOf(error) })}</Alert>
    ) : (
      <Loader size="sm" aria-label={t('calendar.loadingSchedule')} />
    );
  }
  return <Calendar party={party} owner={owner} timezone={timezone} />;
}
