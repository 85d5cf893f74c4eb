import type { EvvSettings, UpdateEvvSettingsInput } from '@hearth/shared/caregiver-app/evv-settings';

/**
 * The EVV settings form's values: the late entry limit in hours as people think of it (the wire carries minutes,
 * evv-settings.ts); the check-in opening and the clock tolerance stay in minutes.
 */
export interface EvvSettingsFormValues {
  earlyCheckInMinutes: number | string;
  lateEntryLimitHours: number | string;
  clockSkewToleranceMinutes: number | string;
}

/** An input's number, or NaN for a blank one (the shared schema then names the field). */
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The form's values of stored settings: 1440 minutes -> 24 hours. */
export function evvSettingsFormValues(settings: EvvSettings): EvvSettingsFormValues {
  return {
    earlyCheckInMinutes: settings.earlyCheckInMinutes,
    lateEntryLimitHours: settings.lateEntryLimitMinutes / 60,
    clockSkewToleranceMinutes: settings.clockSkewToleranceMinutes,
  };
}

/** The updateEvvSettings input of the form's values: hours to whole minutes. */
export function evvSettingsPayload(values: EvvSettingsFormValues): UpdateEvvSettingsInput {
  return {
    earlyCheckInMinutes: numberOf(values.earlyCheckInMinutes),
    lateEntryLimitMinutes: Math.round(numberOf(values.lateEntryLimitHours) * 60),
    clockSkewToleranceMinutes: numberOf(values.clockSkewToleranceMinutes),
  };
}

/** The form field of a payload path (the schema's error on minutes shows on the hours input). */
export function evvSettingsFieldOf(path: string): string {
  return path === 'lateEntryLimitMinutes' ? 'lateEntryLimitHours' : path;
}
