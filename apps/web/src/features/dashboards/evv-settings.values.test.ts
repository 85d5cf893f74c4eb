import { describe, expect, it } from 'vitest';
import { DEFAULT_EVV_SETTINGS, ZUpdateEvvSettingsInput } from '@hearth/shared/caregiver-app/evv-settings';
import { evvSettingsFieldOf, evvSettingsFormValues, evvSettingsPayload } from './evv-settings.values';

describe('EVV settings form values', () => {
  it('shows the late entry limit in hours and sends minutes', () => {
    const values = evvSettingsFormValues(DEFAULT_EVV_SETTINGS);
    expect(values).toEqual({ earlyCheckInMinutes: 120, lateEntryLimitHours: 24, clockSkewToleranceMinutes: 5 });
    expect(evvSettingsPayload(values)).toEqual(DEFAULT_EVV_SETTINGS);
    expect(evvSettingsPayload({ ...values, lateEntryLimitHours: '36.5' }).lateEntryLimitMinutes).toBe(2190);
  });

  it('lets the shared schema name a blank field, on the input the user sees', () => {
    const payload = evvSettingsPayload({ earlyCheckInMinutes: 120, lateEntryLimitHours: '', clockSkewToleranceMinutes: 5 });
    const issue = ZUpdateEvvSettingsInput.safeParse(payload).error?.issues[0];
    expect(issue?.path).toEqual(['lateEntryLimitMinutes']);
    expect(evvSettingsFieldOf('lateEntryLimitMinutes')).toBe('lateEntryLimitHours');
    expect(evvSettingsFieldOf('clockSkewToleranceMinutes')).toBe('clockSkewToleranceMinutes');
  });
});
