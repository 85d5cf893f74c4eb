import { ActionIcon, Button, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { CalendarApi } from '@fullcalendar/core';
import { SHIFT_STATUS_LABELS } from '@hearth/shared/shifts/shifts.constants';
import classes from './shift-calendar.module.css';
import { zoneLabel } from './shift-time';

/** The calendar's views: one day, a week (Sunday first), a month. */
export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

const VIEWS: { value: CalendarView; label: string; unit: string }[] = [
  { value: 'timeGridDay', label: 'Day', unit: 'day' },
  { value: 'timeGridWeek', label: 'Week', unit: 'week' },
  { value: 'dayGridMonth', label: 'Month', unit: 'month' },
];

/**
 * The calendar's own toolbar (FullCalendar's is off): previous and next (named after the view's unit), today, the
 * range's `title`, a spinner while `fetching`, the view switch, and "New shift" when `onNewShift` is given. The
 * buttons drive the calendar through `api`; its answer comes back through datesSet.
 */
export function CalendarToolbar(props: {
  api: () => CalendarApi | undefined;
  view: CalendarView;
  title: string;
  fetching: boolean;
  onNewShift: (() => void) | null;
}) {
  const { api, view, title, fetching, onNewShift } = props;
  const unit = VIEWS.find((v) => v.value === view)?.unit ?? 'week';
  return (
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
        {fetching && <Loader size={14} aria-label="Loading shifts" />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label="Calendar view"
          value={view}
          onChange={(value) => api()?.changeView(value)}
          data={VIEWS.map(({ value, label }) => ({ value, label }))}
        />
        {onNewShift && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNewShift}>
            New shift
          </Button>
        )}
      </Group>
    </Group>
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

/** The line under the toolbar: the colour key, and the time zone the calendar's times are in (`timezone`). */
export function CalendarKey({ timezone }: { timezone: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Legend />
      <Text size="xs" c="dimmed">
        Times in {zoneLabel(timezone)}
      </Text>
    </Group>
  );
}
