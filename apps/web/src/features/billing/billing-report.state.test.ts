import { describe, expect, it } from 'vitest';
import { presetOf, presetPeriod, selectionKey, selectionOf, withSelection, withStatus } from './billing-report.state';

const now = new Date(2031, 0, 20, 12);

describe('billing period presets', () => {
  it('gives this and last calendar month, across a year end', () => {
    expect(presetPeriod('this', now)).toEqual({ from: '2031-01-01', to: '2031-01-31' });
    expect(presetPeriod('last', now)).toEqual({ from: '2030-12-01', to: '2030-12-31' });
    expect(presetPeriod('last', new Date(2031, 2, 31, 12))).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(presetOf({ from: '2030-12-01', to: '2030-12-31' }, now)).toBe('last');
    expect(presetOf({ from: '2030-12-01', to: '2030-12-15' }, now)).toBe('custom');
  });
});

describe('billing selection in the table filters', () => {
  it('writes and reads back the period, branch and payer, keeping other filters', () => {
    const other = { column: 'clientName', operator: 'contains' as const, value: 'Lima' };
    const filters = withSelection([other, { column: 'periodFrom', operator: 'equals', value: '2020-01-01' }], {
      from: '2031-01-01',
      to: '2031-01-31',
      branchId: 3,
      payerSourceId: null,
    });
    expect(filters).toHaveLength(4);
    expect(filters[3]).toEqual(other);
    expect(selectionOf(filters)).toEqual({ from: '2031-01-01', to: '2031-01-31', branchId: 3, payerSourceId: null });
    expect(selectionOf([other])).toBeNull();
    expect(selectionKey(selectionOf(filters)!)).toBe('2031-01-01|2031-01-31|3|');
  });

  it('shows one status or all', () => {
    const base = withSelection([], { from: '2031-01-01', to: '2031-01-31', branchId: null, payerSourceId: 7 });
    const onlyRate = withStatus(base, 'no_rate');
    expect(onlyRate.at(-1)).toEqual({ column: 'status', operator: 'equals', value: 'no_rate' });
    expect(withStatus(onlyRate, 'all')).toEqual(base);
  });
});
