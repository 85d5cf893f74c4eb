import type { EvvSettings } from './evv-settings';

/**
 * The time rules of a check-in or check-out from the caregiver app (EVV time integrity; settings in
 * evv-settings.ts). Pure instants and elapsed minutes, no time zone: the callers word the instants in the
 * branch's zone (the server with Luxon, the phone with its own formatter), so the same rule holds across a DST
 * change and on both sides.
 *
 * - An entry's own time is the phone's time when it was recorded offline (it happened then, and may upload days
 *   later), and the server's receipt time when it was sent online (it happens as it arrives; a phone clock set
 *   back cannot make a late online entry look on time).
 * - A check-in is accepted from `earlyCheckInMinutes` before the scheduled start.
 * - A check-in or check-out whose own time lies more than `lateEntryLimitMinutes` after the scheduled end is
 *   refused from the phone: the caregiver asks the office, which records it as a manual edit with a reason code.
 * - The phone's clock is compared with the server's at receipt; more than `clockSkewToleranceMinutes` apart, the
 *   entry is flagged for review (never refused or dropped). So is an offline entry stated after its receipt.
 * - The server refuses an online entry outside these times; an offline replay outside them is recorded and flagged,
 *   never refused (the phone drops refused records).
 */

const MINUTE_MS = 60_000;

export type EntryKind = 'check_in' | 'check_out';

/** A visit's scheduled start and end (UTC instants). */
export interface ScheduledVisit {
  startAt: Date;
  endAt: Date;
}

/** The earliest instant a check-in of a visit starting at `startAt` is accepted (UTC). */
export function checkInOpensAt(startAt: Date, settings: Pick<EvvSettings, 'earlyCheckInMinutes'>): Date {
  return new Date(startAt.getTime() - settings.earlyCheckInMinutes * MINUTE_MS);
}

/** The last instant the phone may record a check-in or check-out of a visit ending at `endAt` (UTC). */
export function phoneEntriesCloseAt(endAt: Date, settings: Pick<EvvSettings, 'lateEntryLimitMinutes'>): Date {
  return new Date(endAt.getTime() + settings.lateEntryLimitMinutes * MINUTE_MS);
}

/** The instant the rules judge an entry by: the phone's time offline, the server's receipt time online. */
export function entryRuleTime(entry: { at: Date; offline: boolean; receivedAt: Date }): Date {
  return entry.offline ? entry.at : entry.receivedAt;
}

/** Why an entry's time is refused: before check-in opens, or after the phone's entries close. */
export type EntryTimeProblem = { code: 'too_early'; opensAt: Date } | { code: 'too_late'; closesAt: Date };

/**
 * Whether an entry's own time (entryRuleTime) is outside what the phone may record for the visit.
 * @returns too_early (check-ins only) with the opening instant, too_late with the closing instant, or null.
 */
export function entryTimeProblem(
  kind: EntryKind,
  at: Date,
  visit: ScheduledVisit,
  settings: Pick<EvvSettings, 'earlyCheckInMinutes' | 'lateEntryLimitMinutes'>,
): EntryTimeProblem | null {
  const closesAt = phoneEntriesCloseAt(visit.endAt, settings);
  if (at.getTime() > closesAt.getTime()) return { code: 'too_late', closesAt };
  const opensAt = checkInOpensAt(visit.startAt, settings);
  if (kind === 'check_in' && at.getTime() < opensAt.getTime()) return { code: 'too_early', opensAt };
  return null;
}

/** A count of one unit of time in words, in a language: (2, 'hour') -> "2 hours". */
export type DurationUnitWords = (count: number, unit: 'day' | 'hour' | 'minute') => string;

const englishUnit: DurationUnitWords = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Minutes as people say them: "90 minutes", "2 hours", "1 hour 30 minutes", "3 days". */
export function durationText(minutes: number): string {
  return durationWords(minutes, englishUnit);
}

/**
 * Minutes in the units durationText chooses, each count worded by `plural` (the web passes its catalogue's plurals).
 * @param minutes a whole number of minutes, 0 or more
 */
export function durationWords(minutes: number, plural: DurationUnitWords): string {
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes < 120 && minutes % 60 !== 0) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * The refusal of a check-in before it opens.
 * @param opensAtText the opening instant as the caller words it in the branch's zone ("03/08/26 7:00 AM EDT").
 */
export function tooEarlyMessage(opensAtText: string, settings: Pick<EvvSettings, 'earlyCheckInMinutes'>): string {
  return settings.earlyCheckInMinutes === 0
    ? `Too early to check in: check-in opens when the visit starts, at ${opensAtText}.`
    : `Too early to check in: check-in opens at ${opensAtText}, ${durationText(settings.earlyCheckInMinutes)} before the visit starts.`;
}

/**
 * The refusal of an entry past the phone's limit: it tells the caregiver to ask the office, which records the
 * time as a manual edit with a reason code (saveShiftTimesheet).
 * @param endText the scheduled end as the caller words it in the branch's zone.
 */
export function tooLateMessage(kind: EntryKind, endText: string, settings: Pick<EvvSettings, 'lateEntryLimitMinutes'>): string {
  const what = kind === 'check_in' ? 'check-in' : 'check-out';
  return (
    `Too late to record this ${what} from the phone: the visit ended at ${endText}, and the phone records times ` +
    `until ${durationText(settings.lateEntryLimitMinutes)} after the end. Ask the office to record your ${what} ` +
    'as a manual edit with a reason code.'
  );
}

/** What the server knows of a phone's clock when an entry arrives. */
export interface ClockReading {
  /** The server's time when the request arrived (UTC). */
  receivedAt: Date;
  /** The phone's clock when it sent the request (the device time header), or null when it did not say. */
  deviceTime: Date | null;
  /** The phone's time of the entry. */
  entryAt: Date;
  /** Recorded offline and uploaded later. */
  offline: boolean;
}

/**
 * How far the phone's clock is ahead of the server's (negative: behind), in milliseconds, or null when nothing
 * tells. The phone's clock when sending is compared with the receipt time; without it, an online entry's own
 * time stands for it (the phone sends at once), and an offline entry only shows a clock that runs ahead (an entry
 * cannot be made after it was received), so its lead is the least the clock is off by.
 */
export function deviceClockOffsetMs(reading: ClockReading): number | null {
  const { receivedAt, deviceTime, entryAt, offline } = reading;
  if (deviceTime) return deviceTime.getTime() - receivedAt.getTime();
  const lead = entryAt.getTime() - receivedAt.getTime();
  if (!offline) return lead;
  return lead > 0 ? lead : null;
}

/**
 * Whether an offline entry's phone time lies after the server received it, by more than the clock tolerance: an
 * entry cannot be made after it was uploaded, so its stated time is not the visit's (a replay of tomorrow's visit
 * sent today). Whatever the phone's clock said when sending, the entry is flagged for review.
 */
export function isStatedAfterReceipt(
  entry: { at: Date; receivedAt: Date },
  settings: Pick<EvvSettings, 'clockSkewToleranceMinutes'>,
): boolean {
  return entry.at.getTime() - entry.receivedAt.getTime() > settings.clockSkewToleranceMinutes * MINUTE_MS;
}

/** Whether a clock offset (deviceClockOffsetMs) is beyond the company's tolerance: the entry is flagged for review. */
export function isClockSkewed(offsetMs: number | null, settings: Pick<EvvSettings, 'clockSkewToleranceMinutes'>): boolean {
  return offsetMs !== null && Math.abs(offsetMs) > settings.clockSkewToleranceMinutes * MINUTE_MS;
}
