import { describe, expect, it } from 'vitest';
import type { TimesheetTimes } from '../payroll/payroll-hours';
import { billedAmountCents, visitsOverAuthorization, type AuthorizedVisit } from './file-exports.billing';
import { wallClockText, wallClockTextWithZone, isEvvVerified, sandataDateTime, sandataTimeZone } from './file-exports.evv';
import { fileExportParamsErrors, parseFileExportSettings } from './file-exports.kinds';
import type { AuthorizationLimits } from '../clients/authorization-units';

const sheet = (patch: Partial<TimesheetTimes>): TimesheetTimes => ({
  checkIn: new Date('2025-03-03T14:00:00Z'),
  checkOut: new Date('2025-03-03T18:00:00Z'),
  checkInType: 1,
  checkOutType: 1,
  reasonCode: null,
  ...patch,
});

describe('isEvvVerified', () => {
  it('accepts check-in and check-out recorded by the device, online or offline', () => {
    expect(isEvvVerified([sheet({})])).toBe(true);
    expect(isEvvVerified([sheet({ checkInType: 2, checkOutType: 2 })])).toBe(true);
  });

  it('accepts office edits with a reason code, and refuses them without one', () => {
    expect(isEvvVerified([sheet({ checkOutType: 3, reasonCode: 'caregiver_forgot' })])).toBe(true);
    expect(isEvvVerified([sheet({ checkInType: 3, checkOutType: 3, reasonCode: null })])).toBe(false);
    expect(isEvvVerified([sheet({ checkInType: 3, reasonCode: '  ' })])).toBe(false);
  });

  it('refuses a visit without both times, or with a time of unknown origin', () => {
    expect(isEvvVerified([])).toBe(false);
    expect(isEvvVerified([sheet({ checkOut: null, checkOutType: null })])).toBe(false);
    expect(isEvvVerified([sheet({ checkInType: null })])).toBe(false);
  });

  it('judges the times that count: an office edit with a reason replaces an untyped device time', () => {
    const device = sheet({ checkOutType: null });
    const office = sheet({ checkIn: null, checkInType: null, checkOutType: 3, reasonCode: 'device_problem' });
    expect(isEvvVerified([device])).toBe(false);
    expect(isEvvVerified([device, office])).toBe(true);
  });
});

describe('aggregator formats', () => {
  it('writes Sandata times in UTC to the second and its US time zone names', () => {
    expect(sandataDateTime(new Date('2025-03-03T14:00:00.123Z'))).toBe('2025-03-03T14:00:00Z');
    expect(sandataDateTime(null)).toBeNull();
    expect(sandataTimeZone('America/New_York')).toBe('US/Eastern');
    expect(sandataTimeZone('America/Phoenix')).toBe('US/Arizona');
    expect(sandataTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });

  it('writes HHAeXchange times on the agency’s wall clock, across DST', () => {
    expect(wallClockText(new Date('2025-03-03T14:00:00Z'), 'America/New_York')).toBe('2025-03-03 09:00');
    expect(wallClockText(new Date('2025-07-03T14:00:00Z'), 'America/New_York')).toBe('2025-07-03 10:00');
    expect(wallClockText(null, 'America/New_York')).toBe('');
    expect(() => wallClockText(new Date(), 'Nowhere/Else')).toThrow(RangeError);
  });

  it('writes the billing file’s times with the zone’s abbreviation, across the 2026 Chicago changes', () => {
    expect(wallClockTextWithZone(new Date('2026-03-06T15:00:00Z'), 'America/Chicago')).toBe('2026-03-06 09:00 CST');
    expect(wallClockTextWithZone(new Date('2026-03-09T14:00:00Z'), 'America/Chicago')).toBe('2026-03-09 09:00 CDT');
    expect(wallClockTextWithZone(new Date('2026-11-01T06:30:00Z'), 'America/Chicago')).toBe('2026-11-01 01:30 CDT');
    expect(wallClockTextWithZone(new Date('2026-11-01T07:30:00Z'), 'America/Chicago')).toBe('2026-11-01 01:30 CST');
    expect(wallClockTextWithZone(null, 'America/Chicago')).toBe('');
  });
});

describe('billing arithmetic', () => {
  const auth: AuthorizationLimits = {
    startDate: '2025-03-01',
    endDate: '2025-03-31',
    unitsPerWeek: 40,
    unitsPerMonth: null,
    unitsTotal: 100,
  };
  const visit = (id: number, date: string, units: number, authorizationId: number | null = 1): AuthorizedVisit => ({
    id,
    authorizationId,
    date,
    order: 0,
    units,
  });

  it('multiplies units by the rate in cents', () => {
    expect(billedAmountCents(16, 752)).toBe(12032);
    expect(billedAmountCents(0, 752)).toBe(0);
  });

  it('flags the visit that passes the weekly limit, counting earlier visits of the week in date order', () => {
    // Week of Sunday 2025-03-02: 16 + 16 = 32, then 16 more = 48 > 40.
    const visits = [
      visit(3, '2025-03-06', 16),
      visit(1, '2025-03-03', 16),
      visit(2, '2025-03-04', 16),
      visit(4, '2025-03-10', 16),
    ];
    expect([...visitsOverAuthorization(visits, new Map([[1, auth]]))]).toEqual([3]);
  });

  it('flags visits past the total, visits outside the dates, never those without an authorization', () => {
    const visits = [
      ...['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24'].map((d, i) => visit(10 + i, d, 30)),
      visit(20, '2025-04-01', 4),
      visit(21, '2025-03-05', 500, null),
      visit(22, '2025-03-05', 1, 99),
    ];
    expect([...visitsOverAuthorization(visits, new Map([[1, auth]]))].sort()).toEqual([13, 20]);
  });

  it('applies the monthly limit per calendar month', () => {
    const monthly: AuthorizationLimits = {
      ...auth,
      endDate: '2025-04-30',
      unitsPerWeek: null,
      unitsTotal: null,
      unitsPerMonth: 20,
    };
    const visits = [visit(1, '2025-03-28', 12), visit(2, '2025-03-31', 12), visit(3, '2025-04-01', 12)];
    expect([...visitsOverAuthorization(visits, new Map([[1, monthly]]))]).toEqual([2]);
  });
});

describe('export parameters and settings', () => {
  it('asks period kinds for from and to within 62 days, and refuses what a kind does not take', () => {
    expect(fileExportParamsErrors('payroll_adp', {})).toEqual({ from: 'From is required', to: 'To is required' });
    expect(fileExportParamsErrors('payroll_adp', { from: '2025-03-01', to: '2025-05-01' })).toEqual({});
    expect(fileExportParamsErrors('payroll_adp', { from: '2025-03-01', to: '2025-05-02' })).toEqual({
      to: 'An export covers at most 62 days (this period has 63)',
    });
    expect(fileExportParamsErrors('payroll_adp', { from: '2025-03-01', to: '2025-03-15', payerSourceId: 3 })).toEqual({
      payerSourceId: 'payerSourceId does not apply to ADP payroll exports',
    });
    expect(fileExportParamsErrors('clients', { format: 'xlsx', from: '2025-03-01' })).toEqual({
      from: 'from does not apply to Clients exports',
    });
    expect(fileExportParamsErrors('billing', { from: '2025-03-01', to: '2025-03-31', payerSourceId: 3, branchId: null })).toEqual(
      {},
    );
  });

  it('fills defaults, checks values and names unknown settings', () => {
    expect(parseFileExportSettings('payroll_adp', { companyCode: 'ABC' }).settings).toEqual({
      companyCode: 'ABC',
      batchId: 'HEARTH',
      mileageEarningsCode: 'M',
      cashAdvanceDeductionCode: 'CA',
    });
    // The overtime threshold and mileage rate moved to the company's payroll settings: old stored keys are dropped.
    expect(parseFileExportSettings('payroll_adp', { overtimeThresholdMinutes: 2400, mileageRateCents: 65 }).settings).toEqual({
      companyCode: '',
      batchId: 'HEARTH',
      mileageEarningsCode: 'M',
      cashAdvanceDeductionCode: 'CA',
    });
    expect(parseFileExportSettings('payroll_adp', { coCode: 'ABC', companyCode: 'ABCD' }).errors).toEqual({
      coCode: expect.stringContaining('Unknown setting "coCode" for ADP payroll exports (known: companyCode, batchId'),
      companyCode: 'Co Code has at most 3 characters',
    });
    expect(parseFileExportSettings('clients', { x: 1 }).errors).toEqual({
      x: 'Unknown setting "x": Clients exports have no settings',
    });
    expect(parseFileExportSettings('evv_sandata', { reasonCodes: { caregiver_forgot: '910' } }).settings).toMatchObject({
      providerQualifier: 'MedicaidID',
      reasonCodes: { caregiver_forgot: '910' },
    });
    expect(parseFileExportSettings('evv_hhaexchange', { agencyTaxId: '12-345' }).errors).toEqual({
      agencyTaxId: 'Agency Tax ID is up to 10 digits',
    });
  });
});
