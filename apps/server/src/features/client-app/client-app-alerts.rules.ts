import { DateTime } from 'luxon';
import { zoneAbbreviation } from '@hearth/shared/app/time-display';
import type { Language } from '@hearth/shared/i18n/languages';

/*
 * What a client and their family hear of their visits (issue "client and family app" item 4: visit started, ended,
 * missed, caregiver changed, schedule changed). Pure rules; client-app-alerts.notify.ts sends what they decide.
 */

/**
 * How long after a check is recorded it is still news to a family, in minutes. A visit checked in offline and
 * uploaded hours later must not say "started" to a family that already saw it end (or was told it was missed): the
 * office's records keep it, the family's phone does not ring for it.
 */
export const FAMILY_CHECK_FRESH_MINUTES = 60;

/**
 * Whether a check recorded at `at` (UTC) and received by the server at `receivedAt` is still news to a family
 * (FAMILY_CHECK_FRESH_MINUTES). An online check is recorded at its receipt, so it always is.
 */
export function isFreshCheck(at: Date, receivedAt: Date): boolean {
  return receivedAt.getTime() - at.getTime() <= FAMILY_CHECK_FRESH_MINUTES * 60_000;
}

/** The checks a caregiver's request wrote, as times (UTC), and which of them the family hears of. */
export function familyCheckKinds(
  written: { checkIn: Date | null; checkOut: Date | null },
  receivedAt: Date,
): { kind: 'family_visit_started' | 'family_visit_ended'; at: Date }[] {
  const kinds: { kind: 'family_visit_started' | 'family_visit_ended'; at: Date }[] = [];
  // A visit uploaded whole (check-in and check-out in one replay) is told as ended only: it is no longer going on.
  if (written.checkIn && !written.checkOut && isFreshCheck(written.checkIn, receivedAt)) {
    kinds.push({ kind: 'family_visit_started', at: written.checkIn });
  }
  if (written.checkOut && isFreshCheck(written.checkOut, receivedAt)) {
    kinds.push({ kind: 'family_visit_ended', at: written.checkOut });
  }
  return kinds;
}

/**
 * A check's time as a family reads it, on the wall clock of the branch's IANA `timeZone` with the zone's
 * abbreviation: English "9:02 AM EST"; Spanish through Intl's es-US hour "9:02 a.m. EST".
 */
export function checkTime(at: Date, timeZone: string, language: Language): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const abbreviation = zoneAbbreviation(timeZone, at);
  if (language === 'en') return `${local.setLocale('en-US').toFormat('h:mm a')} ${abbreviation}`;
  const time = new Intl.DateTimeFormat('es-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  return `${time.replace(/[\u00a0\u202f]/g, ' ')} ${abbreviation}`;
}

/** A visit as the family rules read it: its caregiver (null for an open shift), times (UTC) and status. */
export interface FamilyVisitState {
  caregiverId: number | null;
  startAt: Date;
  endAt: Date;
  status: string;
}

/** How a visit's schedule changed, as the family is told (notifications catalogue familyChanges.<change>). */
export type ScheduleChange = 'added' | 'moved' | 'cancelled';

/** One thing to tell a family about a change to a visit. */
export type FamilyChangeNotice =
  { kind: 'family_schedule_changed'; change: ScheduleChange } | { kind: 'family_caregiver_changed'; caregiverId: number };

/**
 * What a family hears of a visit going from `before` (null: just created) to `after`, at `now` (issue "client and
 * family app" item 4):
 * - nothing for a visit that has ended (before and after end at or before `now`): timesheet corrections and the
 *   office's status records (completed, missed) are the office's business;
 * - a new visit: schedule changed "added" (whoever works it);
 * - a cancelled visit (it was not before): schedule changed "cancelled";
 * - other times: schedule changed "moved";
 * - another caregiver (not none): caregiver changed, naming them. A visit left without a caregiver tells the family
 *   nothing yet: the office is finding one, and they hear who when it is found.
 * @returns at most one notice of each kind.
 */
export function familyChangeNotices(before: FamilyVisitState | null, after: FamilyVisitState, now: Date): FamilyChangeNotice[] {
  const ended = (v: FamilyVisitState) => v.endAt.getTime() <= now.getTime();
  if (ended(after) && (before === null || ended(before))) return [];
  if (before === null) return after.status === 'cancelled' ? [] : [{ kind: 'family_schedule_changed', change: 'added' }];
  if (after.status === 'cancelled') {
    return before.status === 'cancelled' ? [] : [{ kind: 'family_schedule_changed', change: 'cancelled' }];
  }
  const notices: FamilyChangeNotice[] = [];
  const moved = before.startAt.getTime() !== after.startAt.getTime() || before.endAt.getTime() !== after.endAt.getTime();
  if (moved) notices.push({ kind: 'family_schedule_changed', change: 'moved' });
  if (after.caregiverId !== null && after.caregiverId !== before.caregiverId) {
    notices.push({ kind: 'family_caregiver_changed', caregiverId: after.caregiverId });
  }
  return notices;
}
