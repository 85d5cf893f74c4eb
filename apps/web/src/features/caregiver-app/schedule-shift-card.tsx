import { memo } from 'react';
import { Badge, Button, Card } from '@mantine/core';
import { IconClipboardCheck, IconCloudUpload, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import { CheckInOutButton } from './check-in-out-button';
import { checkoutPath } from './check-in-out';
import { useOfflineVisit } from './offline/offline-visits-live';
import { addressLine, mapsLink, timeEntryMissingWith } from './schedule-days';
import { visitClock, visitHours } from './visit-format';
import classes from './schedule-shift-card.module.css';

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
  const { t } = useTranslation();
  const visit = useOfflineVisit(shift.id);
  const zone = shift.timezone;
  const checkIn = shift.checkIn ?? visit?.checkInOut.checkIn ?? null;
  const checkOut = shift.checkOut ?? visit?.checkInOut.checkOut ?? null;
  const active = shift.status !== 'cancelled';
  const sheetPending = checkOut !== null && (shift.tasksMissing || (visit !== undefined && !visit.submitted));
  const wasOffline = shift.offlineCheckIn || shift.offlineCheckOut;
  const timeEntryMissing = visit ? timeEntryMissingWith(shift, checkIn, checkOut) : shift.timeEntryMissing;

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      data-shift-id={shift.id}
      aria-label={t('card.label', { client: shift.clientName })}
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <div className={classes.body}>
        <div className={classes.top}>
          <div>
            <p className={classes.hours}>{visitHours(shift.startTimestamp, shift.endTimestamp, zone)}</p>
            <p className={classes.client}>{shift.clientName}</p>
          </div>
          <div className={classes.badges}>
            {shift.serviceCode && (
              <Badge variant="light" color="gray">
                {shift.serviceCode}
              </Badge>
            )}
            <Badge variant="light" color={STATUS_COLORS[shift.status]}>
              {t(`status.${shift.status}`)}
            </Badge>
          </div>
        </div>
        {shift.address ? (
          <a href={mapsLink(shift.address)} target="_blank" rel="noreferrer" className={`${classes.link} ${classes.address}`}>
            <IconMapPin size={14} className={classes.pin} />
            <span>{addressLine(shift.address)}</span>
          </a>
        ) : (
          <p className={classes.note}>{t('card.noAddress')}</p>
        )}
        <Link to={`/app/care-plans/${shift.carePlanId}?shiftId=${shift.id}`} className={classes.link}>
          {t('card.carePlan')}
        </Link>
        {(checkIn || checkOut) && (
          <p className={classes.times}>
            {t('card.times', {
              checkIn: checkIn ? visitClock(checkIn, zone) : '—',
              checkOut: checkOut ? visitClock(checkOut, zone) : '—',
            })}
            {wasOffline && t('card.recordedOffline')}
          </p>
        )}
        {visit && (
          <Badge variant="light" color="orange" leftSection={<IconCloudUpload size={12} />} style={{ alignSelf: 'flex-start' }}>
            {t('card.savedOnPhone')}
          </Badge>
        )}
        {(shift.tasksMissing || timeEntryMissing) && (
          <p className={classes.missing}>
            {[timeEntryMissing && t('card.timeEntryMissing'), shift.tasksMissing && t('card.tasksMissing')]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {active && (
          <div className={classes.actions}>
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
                {t('card.careSheet')}
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
});
