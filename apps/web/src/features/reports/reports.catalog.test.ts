import { describe, expect, it } from 'vitest';
import { REPORTS, reportOf } from './reports.catalog';

describe('reports catalog', () => {
  it('lists the fourteen reports of the reports issue and the two of cases once each, each with a description', () => {
    expect(REPORTS).toHaveLength(16);
    expect(new Set(REPORTS.map((r) => r.slug)).size).toBe(16);
    for (const r of REPORTS) expect(r.description.length).toBeGreaterThan(20);
  });

  it('finds a report by slug and nothing for an unknown one', () => {
    expect(reportOf('client-authorizations')?.view).toBe('reportClientAuthorizations');
    expect(reportOf('payroll')?.view).toBe('reportPayroll');
    expect(reportOf('cases-open')?.view).toBe('reportCasesOpen');
    expect(reportOf('nope')).toBeUndefined();
    expect(reportOf(undefined)).toBeUndefined();
  });
});
