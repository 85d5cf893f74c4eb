import { eq } from 'drizzle-orm';
import type { ShiftReminderOutput } from '@hearth/shared/shifts/shifts.schema';
import { formatLocalSpan } from '@hearth/shared/shifts/workweek';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { notify } from '../notify/notify.service';
import { clientShortName } from '../notifications/visit-changes.notify';
import { msg, translate } from '../../i18n/server-i18n';
import { languageOfUser } from '../../i18n/request-language';
import { zonedSpan } from '../../i18n/server-dates';
import { findShift } from './shifts.lookup';

/**
 * Reminds the caregiver of a shift (sendShiftReminder {scheduleId}; spec section 7 "Shifts") through the notifier
 * (notify(): the outbox, in the request's transaction): by SMS to their phone number when they have one, else by
 * email. The message names the client by first name and last initial and the visit's local time span in the
 * branch's time zone; the full address stays in the app. The message is in the caregiver's language (their user's
 * setting, else English).
 * @returns {channel, recipient}.
 * @throws AppError NOT_FOUND "Shift N not found"; BAD_REQUEST for an open or cancelled shift, or a caregiver
 * with neither phone number nor email.
 */
export async function sendShiftReminder({
  scope,
  input,
}: {
  scope: Scope;
  input: { scheduleId: number };
}): Promise<ShiftReminderOutput> {
  const { row: shift, timezone } = await findShift(scope, input.scheduleId);
  if (shift.caregiverId === null) {
    throw new AppError('BAD_REQUEST', `Shift ${shift.id} is an open shift: there is no caregiver to remind`);
  }
  if (shift.status === 'cancelled') throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled`);
  const [caregiver] = await scope.db.select().from(caregivers).where(eq(caregivers.id, shift.caregiverId));
  const [client] = await scope.db
    .select({ firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, shift.clientId));
  if (!caregiver || !client) throw new Error(`shift ${shift.id} lost its caregiver or client`);
  const phone = caregiver.phoneNumber?.trim();
  const email = caregiver.email?.trim();
  const name = `${caregiver.firstName} ${caregiver.lastName}`;
  if (!phone && !email) {
    throw new AppError('BAD_REQUEST', `Caregiver ${name} has no phone number or email to send a reminder to`);
  }
  const channel = phone ? 'sms' : 'email';
  const recipient = (phone || email)!;
  // In the caregiver's language (their setting, else English); English keeps the spec's time format.
  const language = await languageOfUser(scope.db, caregiver.userId);
  const span =
    language === 'en'
      ? formatLocalSpan({ start: shift.startAt, end: shift.endAt }, timezone)
      : zonedSpan(shift.startAt, shift.endAt, timezone, language);
  const values = { firstName: caregiver.firstName, client: clientShortName(client), span };
  await notify({
    db: scope.db,
    channel,
    kind: 'shift_reminder',
    recipient,
    userId: caregiver.userId,
    subject: channel === 'email' ? translate(msg('reminder.subject', { span }), language) : null,
    body: translate(msg('reminder.body', values), language),
    link: '/app',
  });
  return { channel, recipient };
}
