import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { CaregiverShiftOutput, CheckPosition } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { errorMessageOf } from '@/api/api-error';
import { checkoutPath, currentPosition, geofenceCheck, recordCheck, type CheckKind } from './check-in-out';
import { milesFromMetres, visitClock } from './visit-format';

/** A check waiting for the reason the caregiver is outside the client's area. */
interface PendingReason {
  position: CheckPosition;
  distanceMetres: number;
}

/**
 * The check-in or check-out button of a shift (issue item 4): takes the position, asks the reason first when the
 * phone is beyond the geofence (a modal that never blocks: any reason goes through, flagged for the office), then
 * records the check online or on the phone. After a check-out the app goes to the check-out care sheet.
 */
export function CheckInOutButton(props: { shift: CaregiverShiftOutput; kind: CheckKind }) {
  const { shift, kind } = props;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingReason | null>(null);
  const [reason, setReason] = useState('');
  const label = kind === 'check_in' ? 'Check in' : 'Check out';

  async function record(position: CheckPosition | null, outsideGeofenceReason: string | null) {
    setBusy(true);
    try {
      const result = await recordCheck({ shiftId: shift.id, kind, position, outsideGeofenceReason });
      const at = visitClock(new Date().toISOString(), shift.timezone);
      const where = position ? '' : ' No location was available; the office will see it.';
      if (result.status === 'offline') {
        notifications.show({
          color: 'orange',
          title: `${kind === 'check_in' ? 'Checked in' : 'Checked out'} at ${at} — saved on this phone`,
          message: `It will upload when you are back online.${where}`,
        });
      } else {
        notifications.show({
          color: result.flaggedForReview ? 'yellow' : 'teal',
          title: `${kind === 'check_in' ? 'Checked in' : 'Checked out'} at ${at}`,
          message: result.flaggedForReview ? `Flagged for office review.${where}` : where || `${shift.clientName}`,
        });
      }
      if (kind === 'check_out') {
        await navigate(checkoutPath(result.status === 'sent' ? result.careSheetId : null, shift.id));
      }
    } catch (error) {
      notifications.show({ color: 'red', title: `${label} failed`, message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    setBusy(true);
    const position = await currentPosition();
    const fence = geofenceCheck(position, shift);
    if (position && fence.outside && fence.distanceMetres !== null) {
      setBusy(false);
      setReason('');
      setPending({ position, distanceMetres: fence.distanceMetres });
      return;
    }
    if (!position) {
      notifications.show({
        color: 'yellow',
        title: 'No location from the phone',
        message: `${label} goes on without it; the office will see that the location was missing.`,
      });
    }
    await record(position, null);
  }

  return (
    <>
      <Button
        size="sm"
        loading={busy}
        onClick={() => void start()}
        color={kind === 'check_in' ? undefined : 'orange'}
        leftSection={kind === 'check_in' ? <IconLogin2 size={16} /> : <IconLogout2 size={16} />}
        aria-label={`${label}: ${shift.clientName}`}
      >
        {label}
      </Button>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title="You are outside the client's area" centered>
        {pending && (
          <Stack gap="sm">
            <Text size="sm">
              Your phone is {milesFromMetres(pending.distanceMetres)} ({Math.round(pending.distanceMetres)} m) from{' '}
              {shift.clientName}'s address, beyond the {shift.geofenceRadiusMetres} m area. Tell the office why; the visit is
              flagged for review.
            </Text>
            <Textarea
              label="Reason"
              placeholder="e.g. Client is at the doctor's office"
              autosize
              minRows={2}
              maxLength={500}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                disabled={!reason.trim()}
                onClick={() => {
                  const { position } = pending;
                  setPending(null);
                  void record(position, reason.trim());
                }}
              >
                {label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
