import { memo } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconCloudUpload, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { SHIFT_STATUS_LABELS, type ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import { CheckInOutButton } from './check-in-out-button';
import { checkoutPath } from './check-in-out';
import { useOfflineVisit } from './offline/offline-visits-live';
import { addressLine, mapsLink } from './schedule-days';
import { visitClock, visitHours } from './visit-format';

const STATUS_COLORS: Record<ShiftStatus, string> = {
  scheduled: 'blue',
  in_progress: 'teal',
  completed: 'gray',
  missed: 'red',
  cancelled: 'gray',
};

/**
 * One visit on the schedule: hours, client, address with a maps link, service, status, and what to do next
 * (check in, check out, or finish the care sheet). A visit recorded on the phone and not yet uploaded shows its
 * times from the phone and says so.
 */
export const ScheduleShiftCard = memo(function ScheduleShiftCard(props: { shift: CaregiverShiftOutput; highlighted?: boolean }) {
  const { shift, highlighted } = props;
  const visit = useOfflineVisit(shift.id);
  const zone = shift.timezone;
  const checkIn = shift.checkIn ?? visit?.checkInOut.checkIn ?? null;
  const checkOut = shift.checkOut ?? visit?.checkInOut.checkOut ?? null;
  const active = shift.status !== 'cancelled';
  const sheetPending = checkOut !== null && (shift.tasksMissing || (visit !== undefined && !visit.submitted));
  const wasOffline = shift.offlineCheckIn || shift.offlineCheckOut;

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      data-shift-id={shift.id}
      aria-label={`Visit with ${shift.clientName}`}
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{visitHours(shift.startTimestamp, shift.endTimestamp, zone)}</Text>
            <Text size="sm" fw={500}>
              {shift.clientName}
            </Text>
          </div>
          <Group gap={4} justify="flex-end">
            {shift.serviceCode && (
              <Badge variant="light" color="gray">
                {shift.serviceCode}
              </Badge>
            )}
            <Badge variant="light" color={STATUS_COLORS[shift.status]}>
              {SHIFT_STATUS_LABELS[shift.status]}
            </Badge>
          </Group>
        </Group>
        {shift.address ? (
          <Anchor href={mapsLink(shift.address)} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconMapPin size={14} style={{ flexShrink: 0, marginTop: 3 }} />
              <span>{addressLine(shift.address)}</span>
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No address on file
          </Text>
        )}
        <Anchor component={Link} to={`/app/care-plans/${shift.carePlanId}?shiftId=${shift.id}`} size="sm">
          Care plan
        </Anchor>
        {(checkIn || checkOut) && (
          <Text size="xs" c="dimmed">
            In {checkIn ? visitClock(checkIn, zone) : '—'} · Out {checkOut ? visitClock(checkOut, zone) : '—'}
            {wasOffline && ' · recorded offline'}
          </Text>
        )}
        {visit && (
          <Badge variant="light" color="orange" leftSection={<IconCloudUpload size={12} />} style={{ alignSelf: 'flex-start' }}>
            Saved on this phone — will upload
          </Badge>
        )}
        {(shift.tasksMissing || shift.timeEntryMissing) && (
          <Text size="xs" c="orange.8">
            {[shift.timeEntryMissing && 'time entry missing', shift.tasksMissing && 'care sheet tasks missing']
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {active && (
          <Group gap="sm" justify="flex-end">
            {!checkIn && <CheckInOutButton shift={shift} kind="check_in" />}
            {checkIn && !checkOut && <CheckInOutButton shift={shift} kind="check_out" />}
            {sheetPending && (
              <Button
                size="sm"
                variant="light"
                component={Link}
                to={checkoutPath(visit ? null : shift.careSheetId, shift.id)}
                leftSection={<IconClipboardCheck size={16} />}
              >
                Care sheet
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
});
