import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { CaregiverShiftOutput, CheckPosition } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { errorMessageOf } from '@/api/api-error';
import { checkoutPath, currentPosition, geofenceCheck, recordCheck, type CheckKind } from './check-in-out';
import { phoneEntryRefusal } from './entry-window';
import { visitClock } from './visit-format';

/** Loaded when a check first falls outside a geofence (the schedule renders a button per visit). */
const OutsideAreaModal = lazy(() => import('./outside-area.modal').then((m) => ({ default: m.OutsideAreaModal })));

/** A check waiting for the reason the caregiver is outside the client's area. */
interface PendingReason {
  position: CheckPosition;
  distanceMetres: number;
}

/**
 * The check-in or check-out button of a shift (issue item 4): refuses at once a check the EVV time rules forbid
 * (too early to check in, or too late for the phone: ask the office), takes the position, asks the reason first
 * when the phone is beyond the geofence (a modal that never blocks: any reason goes through, flagged for the
 * office), then records the check online or on the phone. After a check-out the app goes to the check-out care
 * sheet.
 */
export function CheckInOutButton(props: { shift: CaregiverShiftOutput; kind: CheckKind }) {
  const { shift, kind } = props;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingReason | null>(null);
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
    const refusal = phoneEntryRefusal(shift, kind);
    if (refusal) {
      notifications.show({ color: 'red', title: `${label} not recorded`, message: refusal, autoClose: false });
      return;
    }
    setBusy(true);
    const position = await currentPosition();
    const fence = geofenceCheck(position, shift);
    if (position && fence.outside && fence.distanceMetres !== null) {
      setBusy(false);
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
      {pending && (
        <Suspense>
          <OutsideAreaModal
            shift={shift}
            distanceMetres={pending.distanceMetres}
            actionLabel={label}
            onClose={() => setPending(null)}
            onSubmit={(reason) => {
              setPending(null);
              void record(pending.position, reason);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
