import { describe, expect, it } from 'vitest';
import { caseTypeFormValues, hoursInDays, parseCaseTypeForm } from './case-type.values';

describe('parseCaseTypeForm', () => {
  it('sends empty deadlines as none and typed hours as numbers', () => {
    const result = parseCaseTypeForm({
      ...caseTypeFormValues(),
      name: ' Fall ',
      acknowledgeWithinHours: 2,
      resolveWithinHours: '',
    });
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Fall',
        description: '',
        defaultPriority: 'routine',
        reportableByCaregivers: false,
        acknowledgeWithinHours: 2,
        stateReportWithinHours: null,
        resolveWithinHours: null,
      },
    });
  });
  it('gives the shared schema messages per field', () => {
    const result = parseCaseTypeForm({ ...caseTypeFormValues(), name: '  ', stateReportWithinHours: 0, resolveWithinHours: 1.5 });
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Name the case type', stateReportWithinHours: 'At least 1 hour', resolveWithinHours: 'Whole hours' },
    });
  });
  it('refuses a deadline over a year', () => {
    const result = parseCaseTypeForm({ ...caseTypeFormValues(), name: 'X', acknowledgeWithinHours: 8761 });
    expect(result).toEqual({ ok: false, errors: { acknowledgeWithinHours: 'At most 8760 hours' } });
  });
});

describe('hoursInDays', () => {
  it('splits hours in whole days and hours', () => {
    expect(hoursInDays(24)).toEqual({ days: 1, hours: 0 });
    expect(hoursInDays(30)).toEqual({ days: 1, hours: 6 });
    expect(hoursInDays(336)).toEqual({ days: 14, hours: 0 });
    expect(hoursInDays(4)).toEqual({ days: 0, hours: 4 });
  });
});
