import { describe, expect, it } from 'vitest';
import { ZComputeBillingReportInput } from './billing.schema';
import { billingStatusOf, billingTotals, daysInPeriod, isBilledStatus } from './billing.rules';

const facts = { evvRequired: true, evvVerified: true, serviceCode: 'T1019', hasRate: true, overAuthorization: false };

describe('billingStatusOf', () => {
  it('bills a verified, priced visit within its authorization', () => {
    expect(billingStatusOf(facts, 'MassHealth')).toEqual({ status: 'billable', note: '' });
    expect(billingStatusOf({ ...facts, evvRequired: false, evvVerified: false }, 'Private').status).toBe('billable');
  });

  it('leaves out an unverified visit of a payer requiring EVV, before any other reason', () => {
    const out = billingStatusOf({ ...facts, evvVerified: false, hasRate: false, overAuthorization: true }, 'MassHealth');
    expect(out.status).toBe('not_evv_verified');
    expect(out.note).toContain('MassHealth requires EVV');
  });

  it('says which rate is missing', () => {
    expect(billingStatusOf({ ...facts, hasRate: false, overAuthorization: true }, 'VA CCN')).toEqual({
      status: 'no_rate',
      note: 'No rate for T1019 at VA CCN',
    });
    expect(billingStatusOf({ ...facts, serviceCode: null, hasRate: false }, 'VA CCN')).toEqual({
      status: 'no_rate',
      note: 'No service code on the visit',
    });
  });

  it('flags a priced visit past its authorization', () => {
    expect(billingStatusOf({ ...facts, overAuthorization: true }, 'MassHealth').status).toBe('over_authorization');
    expect(isBilledStatus('over_authorization')).toBe(true);
    expect(isBilledStatus('no_rate')).toBe(false);
    expect(isBilledStatus('not_evv_verified')).toBe(false);
  });
});

describe('billingTotals', () => {
  it('sums lines, units and cents per status and bills only billable and over-authorization lines', () => {
    const totals = billingTotals([
      { status: 'billable', units: 8, amountCents: 5000 },
      { status: 'billable', units: 17, amountCents: 12784 },
      { status: 'over_authorization', units: 40, amountCents: 30080 },
      { status: 'not_evv_verified', units: 9, amountCents: 0 },
    ]);
    expect(totals.byStatus).toEqual({
      billable: { lines: 2, units: 25, amountCents: 17784 },
      over_authorization: { lines: 1, units: 40, amountCents: 30080 },
      not_evv_verified: { lines: 1, units: 9, amountCents: 0 },
      no_rate: { lines: 0, units: 0, amountCents: 0 },
    });
    expect(totals.billedAmountCents).toBe(47864);
  });
});

describe('ZComputeBillingReportInput', () => {
  it('takes a period of up to 62 days, in order', () => {
    expect(daysInPeriod('2025-03-01', '2025-03-01')).toBe(1);
    expect(ZComputeBillingReportInput.safeParse({ from: '2025-03-01', to: '2025-05-01' }).success).toBe(true);
    const long = ZComputeBillingReportInput.safeParse({ from: '2025-03-01', to: '2025-05-02' });
    expect(long.error?.issues[0]?.message).toBe('A billing period covers at most 62 days (this one has 63)');
    const reversed = ZComputeBillingReportInput.safeParse({ from: '2025-03-02', to: '2025-03-01' });
    expect(reversed.error?.issues[0]?.path).toEqual(['to']);
    expect(ZComputeBillingReportInput.safeParse({ from: '2025-02-30', to: '2025-03-01' }).success).toBe(false);
  });
});
