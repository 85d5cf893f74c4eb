import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingReason | null>(null);
  const label = t(`check.${kind}`);

  async function record(position: CheckPosition | null, outsideGeofenceReason: string | null) {
    setBusy(true);
    try {
      const result = await recordCheck({ shiftId: shift.id, kind, position, outsideGeofenceReason });
      const at = visitClock(new Date().toISOString(), shift.timezone);
      const where = position ? '' : t('check.noLocationNote');
      const done = t(`check.done_${kind}`, { time: at });
      if (result.status === 'offline') {
        notifications.show({
          color: 'orange',
          title: t('check.savedOnPhone', { done }),
          message: `${t('check.uploadLater')}${where}`,
        });
      } else {
        notifications.show({
          color: result.flaggedForReview ? 'yellow' : 'teal',
          title: done,
          message: result.flaggedForReview ? `${t('check.flagged')}${where}` : where || `${shift.clientName}`,
        });
      }
      if (kind === 'check_out') {
        await navigate(checkoutPath(result.status === 'sent' ? result.careSheetId : null, shift.id));
      }
    } catch (error) {
      notifications.show({ color: 'red', title: t(`check.failed_${kind}`), message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const refusal = phoneEntryRefusal(shift, kind);
    if (refusal) {
      notifications.show({ color: 'red', title: t(`check.notRecorded_${kind}`), message: refusal, autoClose: false });
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
        title: t('check.noLocationTitle'),
        message: t(`check.noLocationMessage_${kind}`),
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
        aria-label={t('check.buttonLabel', { action: label, client: shift.clientName })}
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
