import { ActionIcon, Button, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { CalendarApi } from '@fullcalendar/core';
import { useTranslation } from 'react-i18next';
import classes from './shift-calendar.module.css';
import { shiftStatusLabel } from './shift-display';
import { zoneLabel } from './shift-time';

/** The calendar's views: one day, a week (Sunday first), a month. */
export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

const VIEWS: { value: CalendarView; unit: 'day' | 'week' | 'month' }[] = [
  { value: 'timeGridDay', unit: 'day' },
  { value: 'timeGridWeek', unit: 'week' },
  { value: 'dayGridMonth', unit: 'month' },
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
  const { t } = useTranslation('schedule');
  const unit = VIEWS.find((v) => v.value === view)?.unit ?? 'week';
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon.Group>
          <ActionIcon variant="default" size="md" aria-label={t(`calendar.previous.${unit}`)} onClick={() => api()?.prev()}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" size="md" aria-label={t(`calendar.next.${unit}`)} onClick={() => api()?.next()}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </ActionIcon.Group>
        <Button variant="default" size="xs" onClick={() => api()?.today()}>
          {t('calendar.today')}
        </Button>
        <Title order={4} fz={{ base: 'sm', sm: 'lg' }} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Title>
        {fetching && <Loader size={14} aria-label={t('calendar.loadingShifts')} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label={t('calendar.viewLabel')}
          value={view}
          onChange={(value) => api()?.changeView(value)}
          data={VIEWS.map(({ value }) => ({ value, label: t(`calendar.view.${value}`) }))}
        />
        {onNewShift && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNewShift}>
            {t('calendar.newShift')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The colour key under the toolbar. */
function Legend() {
  const { t } = useTranslation('schedule');
  const items: { className: string; label: string }[] = [
    { className: classes.scheduled!, label: shiftStatusLabel('scheduled') },
    { className: classes.inProgress!, label: shiftStatusLabel('in_progress') },
    { className: classes.completed!, label: shiftStatusLabel('completed') },
    { className: classes.missed!, label: shiftStatusLabel('missed') },
    { className: classes.cancelled!, label: shiftStatusLabel('cancelled') },
    { className: classes.open!, label: t('calendar.openShift') },
  ];
  return (
    <Group gap="md" wrap="wrap" aria-label={t('calendar.colourKey')}>
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
  const { t } = useTranslation('schedule');
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Legend />
      <Text size="xs" c="dimmed">
        {t('calendar.timesIn', { zone: zoneLabel(timezone) })}
      </Text>
    </Group>
  );
}
