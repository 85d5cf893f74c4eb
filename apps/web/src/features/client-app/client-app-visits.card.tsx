import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientAppVisit, VisitLiveStatus } from '@hearth/shared/client-app/client-app-visits.schema';
import { formatInstant, formatInstantRange } from '@/format/instant-format';
import { CLIENT_APP } from './client-app.shell';

/** A checked-in line's colour: green that reads at 4.5:1 on the page in both colour schemes (WCAG 2.2 AA). */
export const LIVE_GREEN = 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))';

/** The badge colour of each live status: green while the caregiver is there, grey once done, red when missed. */
export const STATUS_COLORS: Record<VisitLiveStatus, string> = {
  scheduled: 'blue',
  checked_in: 'green',
  checked_out: 'gray',
  missed: 'red',
  cancelled: 'gray',
};

/**
 * The live line of a visit (issue "client and family app" item 1): "Checked in at 9:02 AM", "Checked out at
 * 1:01 PM", the expected start, or why it will not happen; times on the client's wall clock.
 */
export function useLiveLine() {
  const { t, i18n } = useTranslation('clientAppVisits');
  return (visit: ClientAppVisit, timezone: string): string => {
    const time = (iso: string) => formatInstant(iso, timezone, { style: 'time', language: i18n.language });
    if (visit.status === 'cancelled') return t('live.cancelled');
    if (visit.status === 'missed') return t('live.missed');
    if (visit.checkOutAt) return t('live.checkedOut', { time: time(visit.checkOutAt) });
    if (visit.checkInAt) return t('live.checkedIn', { time: time(visit.checkInAt) });
    return t('live.scheduled', { time: time(visit.startAt) });
  };
}

/** The caregiver's picture when on file, else their initial; a dashed placeholder while no caregiver holds it. */
export function CaregiverAvatar({ visit, size = 44 }: { visit: ClientAppVisit; size?: number }) {
  const { t } = useTranslation('clientAppVisits');
  const caregiver = visit.caregiver;
  if (!caregiver) return <Avatar size={size} radius="xl" color="gray" aria-hidden />;
  return (
    <Avatar size={size} radius="xl" color="teal" src={caregiver.photoUrl} alt={t('visit.photoOf', { name: caregiver.firstName })}>
      {caregiver.firstName.slice(0, 1)}
    </Avatar>
  );
}

/**
 * One visit as a card that opens it: the day (unless `hideDay`), the scheduled times, the service, the caregiver's
 * first name and photo, and its status with the live line. Times are shown in the client's zone.
 */
export function VisitCard({ visit, timezone, hideDay }: { visit: ClientAppVisit; timezone: string; hideDay?: boolean }) {
  const { t, i18n } = useTranslation('clientAppVisits');
  const liveLine = useLiveLine();
  const language = i18n.language;
  const day = formatInstant(visit.startAt, timezone, { style: 'weekdayDate', language });
  const span = formatInstantRange(visit.startAt, visit.endAt, timezone, { language });
  const service = visit.serviceName ?? visit.serviceCode;
  return (
    <UnstyledButton
      component={Link}
      to={`${CLIENT_APP}/visits/${visit.shiftId}`}
      aria-label={t('visit.open', { when: `${day} ${span}` })}
      data-testid={`visit-${visit.shiftId}`}
    >
      <Paper withBorder radius="md" p="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <CaregiverAvatar visit={visit} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0}>
                {!hideDay && (
                  <Text size="xs" fw={600} c="dimmed">
                    {day}
                  </Text>
                )}
                <Text fw={600} size="sm">
                  {span}
                </Text>
              </Stack>
              <Badge color={STATUS_COLORS[visit.status]} variant="light" style={{ flexShrink: 0 }}>
                {t(`status.${visit.status}`)}
              </Badge>
            </Group>
            <Text size="sm">{visit.caregiver?.firstName ?? t('visit.noCaregiver')}</Text>
            {service && (
              <Text size="xs" c="dimmed" truncate>
                {service}
              </Text>
            )}
            <Text size="sm" c={visit.status === 'checked_in' ? LIVE_GREEN : 'dimmed'} data-testid="live-line">
              {liveLine(visit, timezone)}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
