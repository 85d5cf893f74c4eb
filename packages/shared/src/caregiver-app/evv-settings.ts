import { z } from 'zod';

/**
 * A company's EVV time rules for the check-ins and check-outs the caregiver app records (docs/glossary.md "EVV": time
 * in and out is one of the six elements the 21st Century Cures Act asks EVV to verify), stored in
 * companies.evv_settings; every key optional, a missing key takes its default. All durations are elapsed minutes
 * (not wall-clock hours: across a DST change "2 hours before" is still 120 minutes before):
 * - earlyCheckInMinutes: a check-in is accepted from this many minutes before the visit's scheduled start, 120
 *   (2 hours: time to arrive early for a client who asked, never a visit of another day);
 * - lateEntryLimitMinutes: a check-in or check-out whose own time lies more than this many minutes after the
 *   visit's scheduled end is refused from the phone (the office records it as a manual edit with a reason code),
 *   1440 (24 hours: a caregiver who forgot can still record the day's visit the next morning);
 * - clockSkewToleranceMinutes: a phone clock that differs from the server's by more than this many minutes has its
 *   entries flagged for office review, 5. Phones set their clocks from the carrier network or NTP to within about a
 *   second, and an upload over a weak signal takes seconds to a minute, so a larger gap means a clock set by hand or
 *   drifting. Five minutes stays below the 15-minute late check-in grace (LATE_CHECK_IN_GRACE_MINUTES) and the 8
 *   minutes that change a 15-minute billing unit (CMS 8-minute rule), so any clock error large enough to move a
 *   visit's flags or units is caught; it is also the tolerance the office's own timesheet edits allow
 *   (apps/server/src/features/visits/visits.timesheets.service.ts).
 */
/** Each setting's rule, without its default (ZEvvSettings adds them; an update leaves an omitted key alone). */
const EVV_SETTING_FIELDS = {
  earlyCheckInMinutes: z
    .number({ message: 'Early check-in must be minutes' })
    .int('Early check-in must be whole minutes')
    .min(0, 'Early check-in cannot be negative')
    .max(24 * 60, 'Early check-in must be at most 24 hours before the start'),
  lateEntryLimitMinutes: z
    .number({ message: 'The late entry limit must be minutes' })
    .int('The late entry limit must be whole minutes')
    .min(60, 'The late entry limit must be at least 1 hour after the end')
    .max(7 * 24 * 60, 'The late entry limit must be at most 7 days after the end'),
  clockSkewToleranceMinutes: z
    .number({ message: 'The clock tolerance must be minutes' })
    .int('The clock tolerance must be whole minutes')
    .min(1, 'The clock tolerance must be at least 1 minute')
    .max(60, 'The clock tolerance must be at most 60 minutes'),
};

export const ZEvvSettings = z.object({
  earlyCheckInMinutes: EVV_SETTING_FIELDS.earlyCheckInMinutes.default(120),
  lateEntryLimitMinutes: EVV_SETTING_FIELDS.lateEntryLimitMinutes.default(24 * 60),
  clockSkewToleranceMinutes: EVV_SETTING_FIELDS.clockSkewToleranceMinutes.default(5),
});
export type EvvSettings = z.infer<typeof ZEvvSettings>;

/** The settings with every default: what a company without settings works with. */
export const DEFAULT_EVV_SETTINGS: EvvSettings = ZEvvSettings.parse({});

/**
 * Input of updateEvvSettings: the settings to change, any of the keys; an omitted key keeps its stored value (issue
 * 28 "Partial updates do not reset what they leave out").
 */
export const ZUpdateEvvSettingsInput = z.object(EVV_SETTING_FIELDS).partial();
export type UpdateEvvSettingsInput = z.input<typeof ZUpdateEvvSettingsInput>;

/** The settings as getEvvSettings and updateEvvSettings return them: every key filled. */
export const ZEvvSettingsOutput = ZEvvSettings;

/**
 * Reads stored settings (companies.evv_settings) with their defaults. A stored value that no longer fits (an older
 * rule, a hand-edited row) falls back to its default rather than stopping check-ins; unknown keys are ignored.
 * @param json the stored jsonb (anything).
 * @returns complete settings.
 */
export function parseEvvSettings(json: unknown): EvvSettings {
  const stored = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(ZEvvSettings.shape) as (keyof EvvSettings)[]) {
    if (stored[key] === undefined) continue;
    if (ZEvvSettings.shape[key].safeParse(stored[key]).success) known[key] = stored[key];
  }
  return ZEvvSettings.parse(known);
}
