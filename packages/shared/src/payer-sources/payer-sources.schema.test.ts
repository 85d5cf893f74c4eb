import { describe, expect, it } from 'vitest';
import { serviceKey, ZCreatePayerSourceInput, ZUpdatePayerSourceInput } from './payer-sources.schema';

describe('payer source form', () => {
  it('defaults the aggregator, flags and services of a new payer', () => {
    expect(ZCreatePayerSourceInput.parse({ name: 'VA', payerType: 'va' })).toEqual({
      name: 'VA',
      payerType: 'va',
      evvAggregator: 'none',
      requiresEvv: false,
      isActive: true,
      services: [],
    });
  });

  it('defaults a service to 15-minute units under the CMS 8-minute rule', () => {
    const parsed = ZCreatePayerSourceInput.parse({
      name: 'MassHealth',
      payerType: 'medicaid',
      services: [{ serviceCode: 't1019', billRateCents: 752 }],
    });
    expect(parsed.services).toEqual([
      { serviceCode: 'T1019', modifiers: [], billRateCents: 752, unitMinutes: 15, roundingRule: 'cms_8_minute' },
    ]);
  });

  it('keeps services out of an update that does not name them', () => {
    expect(ZUpdatePayerSourceInput.parse({ id: 3, isActive: false })).toEqual({ id: 3, isActive: false });
  });

  it('treats modifiers in any order as the same service', () => {
    expect(serviceKey({ serviceCode: 'T1019', modifiers: ['U2', 'U1'] })).toBe(
      serviceKey({ serviceCode: 'T1019', modifiers: ['U1', 'U2'] }),
    );
  });
});
