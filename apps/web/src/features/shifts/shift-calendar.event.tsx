import type { EventContentArg, EventInput } from '@fullcalendar/core';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import type { ShiftListItem } from '@hearth/shared/shifts/shifts.schema';
import { useTranslation } from 'react-i18next';
import classes from './shift-calendar.module.css';
import { isOpenShift, otherPartyName, serviceText, shiftSummary, type ScheduleParty } from './shift-display';
import { i18n } from '@/i18n/i18n.setup';
import { formatTimeRange } from './shift-time';

const STATUS_CLASSES: Record<ShiftStatus, string> = {
  scheduled: classes.scheduled!,
  in_progress: classes.inProgress!,
  completed: classes.completed!,
  missed: classes.missed!,
  cancelled: classes.cancelled!,
};

/**
 * The calendar events of `shifts` as seen from `party`'s page: titled with the other party, coloured by status with
 * open shifts marked, the shift itself in `extendedProps.shift`; only a scheduled one can be dragged, and only when
 * the user may move shifts (`canMove`).
 */
export function shiftEvents(shifts: ShiftListItem[], party: ScheduleParty, canMove: boolean): EventInput[] {
  return shifts.map((s) => ({
    id: String(s.id),
    start: s.startTimestamp,
    end: s.endTimestamp,
    title: otherPartyName(s, party),
    classNames: [classes.event!, STATUS_CLASSES[s.status], ...(isOpenShift(s) ? [classes.open!] : [])],
    editable: canMove && s.status === 'scheduled',
    extendedProps: { shift: s },
  }));
}

/** What a shift looks like on the calendar: time, the other party (or an Open tag), the service. */
function ShiftEventContent(props: {
  shift: ShiftListItem;
  party: ScheduleParty;
  timeText: string;
  compact: boolean;
  timezone: string;
}) {
  const { shift, party, timeText, compact, timezone } = props;
  const { t } = useTranslation('schedule');
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
          {open && <span className={classes.openLabel}>{t('calendar.open')}</span>}
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
        {open && <span className={classes.openLabel}>{t('calendar.open')}</span>}
        {name && <span className={classes.name}>{name}</span>}
      </div>
      {service && <div className={`${classes.line} ${classes.meta}`}>{service}</div>}
    </div>
  );
}

/**
 * The inside of one calendar event (FullCalendar's eventContent) on `party`'s page: a shift's card (compact in the
 * month view), or "New shift" for the selection being drawn, which has no shift behind it.
 */
export function shiftEventContent(arg: EventContentArg, party: ScheduleParty, timezone: string) {
  const shift = arg.event.extendedProps.shift as ShiftListItem | undefined;
  if (!shift) {
    return (
      <div className={classes.content}>
        <div className={`${classes.line} ${classes.time}`}>{arg.timeText}</div>
        <div className={classes.line}>{i18n.t('calendar.newShift', { ns: 'schedule' })}</div>
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
}
