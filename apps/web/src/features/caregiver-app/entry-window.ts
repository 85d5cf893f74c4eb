import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { entryTimeProblem, tooEarlyMessage, tooLateMessage, type EntryKind } from '@hearth/shared/caregiver-app/evv-time-rules';
import { visitClock, visitDay } from './visit-format';

/** The times of a shift the EVV time rules read (older cached shifts may lack the last two). */
type EntryWindow = Pick<CaregiverShiftOutput, 'startTimestamp' | 'endTimestamp' | 'timezone'> &
  Partial<Pick<CaregiverShiftOutput, 'checkInOpensAt' | 'phoneEntriesCloseAt'>>;

/**
 * Whether the phone may record this check now, by the server's EVV time rules (evv-time-rules.ts) and the times
 * the shift carries: a check-in from `checkInOpensAt`, any check until `phoneEntriesCloseAt`. Checked before a
 * check is recorded, online or offline, so the phone never keeps a check the server would refuse when it uploads
 * (the app drops refused records, spec section 4).
 * @returns null when allowed, else the refusal in the server's words (times on the visit's wall clock); null
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
  if (problem?.code === 'too_late') return tooLateMessage(kind, when(shift.endTimestamp), settings);
  if (problem?.code === 'too_early') return tooEarlyMessage(when(checkInOpensAt), settings);
  return null;
}
