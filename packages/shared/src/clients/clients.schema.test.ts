import { describe, expect, it } from 'vitest';
import {
  ZCreateClientAddressInput,
  ZCreateClientContactInput,
  ZCreateClientInput,
  ZCreateNurseAssessmentInput,
  ZUpdateClientInput,
} from './clients.schema';
import { ZCreateClientAuthorizationInput, ZGetClientAuthMetricsInput } from './client-authorizations.schema';

/** The first message per field of a failed parse. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('client', () => {
  const valid = { branchId: 1, firstName: 'Ana', lastName: 'Silva' };

  it('needs a branch and a name; status and tasks are optional', () => {
    expect(ZCreateClientInput.parse(valid)).toEqual(valid);
    expect(errorsOf(ZCreateClientInput.safeParse({ ...valid, firstName: '  ' }))).toEqual({
      firstName: 'First name is required',
    });
  });

  it('checks status, dates, email, phone and care plan tasks', () => {
    const result = ZCreateClientInput.safeParse({
      ...valid,
      status: 'gone',
      dateOfBirth: '1950-02-30',
      email: 'nope',
      phoneNumber: '12',
      carePlanTasks: ['Bathing', 'Bathing'],
    });
    expect(errorsOf(result)).toEqual({
      status: 'Status must be active, on hold, discharged or deceased',
      dateOfBirth: 'Use a real date written YYYY-MM-DD',
      email: 'Invalid email',
      phoneNumber: 'Invalid phone number',
      carePlanTasks: 'A task is listed twice',
    });
    expect(errorsOf(ZCreateClientInput.safeParse({ ...valid, dateOfBirth: '2999-01-01' }))).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
    });
    // A text that is no date says so, and only that (not also "cannot be in the future").
    const notADate = ZCreateClientInput.safeParse({ ...valid, dateOfBirth: '2999-13-45' });
    expect(notADate.error?.issues.map((issue) => issue.message)).toEqual(['Use a real date written YYYY-MM-DD']);
    expect(ZCreateClientInput.safeParse({ ...valid, email: '', phoneNumber: '(617) 555-0142 x12' }).success).toBe(true);
  });

  it('leaves omitted fields out of an update, so they stay unchanged', () => {
    expect(ZUpdateClientInput.parse({ id: 3, status: 'on_hold' })).toEqual({ id: 3, status: 'on_hold' });
  });
});

describe('address', () => {
  const valid = { clientId: 1, line1: '1 Main St', city: 'Boston', state: 'ma', zip: '02108' };

  it('upper-cases the state and stores the ZIP in its normal form', () => {
    expect(ZCreateClientAddressInput.parse(valid).state).toBe('MA');
    expect(ZCreateClientAddressInput.parse({ ...valid, zip: '2108' }).zip).toBe('02108');
    expect(ZCreateClientAddressInput.parse({ ...valid, zip: '021081234' }).zip).toBe('02108-1234');
    expect(errorsOf(ZCreateClientAddressInput.safeParse({ ...valid, state: 'Mass', zip: '00000' }))).toEqual({
      state: 'Use the two-letter state code',
      zip: 'ZIP 00000 is a placeholder, not a ZIP code',
    });
  });

  it('takes latitude and longitude together, in range', () => {
    expect(errorsOf(ZCreateClientAddressInput.safeParse({ ...valid, lat: 42.3 }))).toEqual({
      lon: 'Give both latitude and longitude or neither',
    });
    expect(errorsOf(ZCreateClientAddressInput.safeParse({ ...valid, lat: 91, lon: -71 }))).toEqual({
      lat: 'Latitude must be between -90 and 90',
    });
  });
});

describe('contact', () => {
  const valid = { clientId: 1, firstName: 'Rosa', lastName: 'Silva', relationship: 'Daughter' };

  it('needs a phone for an emergency contact and an email for portal access', () => {
    expect(errorsOf(ZCreateClientContactInput.safeParse({ ...valid, isEmergencyContact: true, hasPortalAccess: true }))).toEqual({
      phoneNumber: 'An emergency contact needs a phone number',
      email: 'Portal access needs an email address',
    });
    expect(ZCreateClientContactInput.safeParse({ ...valid, hasPortalAccess: true, email: 'rosa@example.com' }).success).toBe(
      true,
    );
  });
});

describe('authorization', () => {
  const valid = {
    clientId: 1,
    payerSourceId: 2,
    serviceCode: 't1019',
    startDate: '2025-01-01',
    endDate: '2025-06-30',
    unitsPerWeek: 20,
  };

  it('upper-cases the service code and modifiers', () => {
    expect(ZCreateClientAuthorizationInput.parse({ ...valid, modifiers: ['u1', 'tt'] })).toMatchObject({
      serviceCode: 'T1019',
      modifiers: ['U1', 'TT'],
    });
  });

  it.each([
    [{ serviceCode: 'T101' }, { serviceCode: 'Service code must be a HCPCS code such as T1019' }],
    [{ modifiers: ['U1', 'U2', 'U3', 'U4', 'U5'] }, { modifiers: 'At most 4 modifiers' }],
    [{ modifiers: ['U'] }, { 'modifiers.0': 'A modifier is two letters or digits, like U1' }],
    [{ modifiers: ['U1', 'u1'] }, { modifiers: 'A modifier is listed twice' }],
    [{ endDate: '2024-12-31' }, { endDate: 'The end date must be on or after the start date' }],
    [{ unitsPerWeek: null }, { unitsPerWeek: 'Give units per week, per month or in total' }],
    [{ unitsPerWeek: 0 }, { unitsPerWeek: 'Units per week must be at least 1' }],
    [{ unitsTotal: 2.5 }, { unitsTotal: 'Total units must be whole units' }],
  ])('refuses %o', (patch, errors) => {
    expect(errorsOf(ZCreateClientAuthorizationInput.safeParse({ ...valid, ...patch }))).toEqual(errors);
  });

  it('accepts a one-day authorization with a monthly or total limit', () => {
    const oneDay = { ...valid, endDate: valid.startDate, unitsPerWeek: undefined };
    expect(ZCreateClientAuthorizationInput.safeParse({ ...oneDay, unitsPerMonth: 40 }).success).toBe(true);
    expect(ZCreateClientAuthorizationInput.safeParse({ ...oneDay, unitsTotal: 40 }).success).toBe(true);
  });

  it('limits a metrics period to 366 days in order', () => {
    expect(
      errorsOf(ZGetClientAuthMetricsInput.safeParse({ clientId: 1, startDate: '2025-01-01', endDate: '2026-06-01' })),
    ).toEqual({
      endDate: 'The period must be at most 366 days',
    });
  });
});

describe('nurse assessment', () => {
  it('wants the next due date after the assessment', () => {
    const result = ZCreateNurseAssessmentInput.safeParse({
      clientId: 1,
      assessmentType: 'supervisory',
      assessedOn: '2025-03-01',
      nextDueOn: '2025-03-01',
      findings: 'Stable',
    });
    expect(errorsOf(result)).toEqual({ nextDueOn: 'The next due date must be after the assessment date' });
  });
});
