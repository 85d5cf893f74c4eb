import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import {
  durationWords,
  entryTimeProblem,
  type DurationUnitWords,
  type EntryKind,
} from '@hearth/shared/caregiver-app/evv-time-rules';
import { i18n } from '@/i18n/i18n.setup';
import { visitClock, visitDay } from './visit-format';

/** The times of a shift the EVV time rules read (older cached shifts may lack the last two). */
type EntryWindow = Pick<CaregiverShiftOutput, 'startTimestamp' | 'endTimestamp' | 'timezone'> &
  Partial<Pick<CaregiverShiftOutput, 'checkInOpensAt' | 'phoneEntriesCloseAt'>>;

/** A count of days, hours or minutes with the catalogue's plurals (tooEarlyMessage and tooLateMessage's words). */
const unitWords: DurationUnitWords = (count, unit) => i18n.t(`entry.${unit}`, { count });

/**
 * Whether the phone may record this check now, by the server's EVV time rules (evv-time-rules.ts) and the times
 * the shift carries: a check-in from `checkInOpensAt`, any check until `phoneEntriesCloseAt`. Checked before a
 * check is recorded, online or offline, so the phone never keeps a check the server would refuse when it uploads
 * (the app drops refused records, spec section 4).
 * @returns null when allowed, else the refusal in the server's words, in the app's language (times on the visit's
 *   wall clock); null
 *   too for a shift cached before it carried these times (the server still decides)
 */
export function phoneEntryRefusal(shift: EntryWindow, kind: EntryKind, now: Date = new Date()): string | null {
  const { checkInOpensAt, phoneEntriesCloseAt, timezone } = shift;
  if (!checkInOpensAt || !phoneEntriesCloseAt) return null;
  const when = (iso: string) => `${visitDay(iso, timezone)} ${visitClock(iso, timezone)}`;
  const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
  // The company's settings as the shift's times give them, so the server's own rule decides.
  const settings = {
    earlyCheckInMinutes: minutesBetween(checkInOpensAt, shift.startTimestamp),
    lateEntryLimitMinutes: minutesBetween(shift.endTimestamp, phoneEntriesCloseAt),
  };
  const visit = { startAt: new Date(shift.startTimestamp), endAt: new Date(shift.endTimestamp) };
  const problem = entryTimeProblem(kind, now, visit, settings);
  if (problem?.code === 'too_late') {
    const duration = durationWords(settings.lateEntryLimitMinutes, unitWords);
    return i18n.t(`entry.tooLate_${kind}`, { endAt: when(shift.endTimestamp), duration });
  }
  if (problem?.code === 'too_early') {
    if (settings.earlyCheckInMinutes === 0) return i18n.t('entry.tooEarlyAtStart', { opensAt: when(checkInOpensAt) });
    const duration = durationWords(settings.earlyCheckInMinutes, unitWords);
    return i18n.t('entry.tooEarly', { opensAt: when(checkInOpensAt), duration });
  }
  return null;
}
