import { describe, expect, it } from 'vitest';
import { evvParamsOf, hoursText, lastFullWeeks, percentText } from './dashboards.format';

describe('dashboards.format', () => {
  it('the default period is the last four full Sunday-Saturday weeks', () => {
    // 2031-03-05 is a Wednesday: this week began Sunday 2031-03-02.
    expect(lastFullWeeks('2031-03-05')).toEqual({ from: '2031-02-02', to: '2031-03-01' });
    // On a Sunday the week just begun is not full yet.
    expect(lastFullWeeks('2031-03-02')).toEqual({ from: '2031-02-02', to: '2031-03-01' });
    expect(lastFullWeeks('2031-03-08')).toEqual({ from: '2031-02-02', to: '2031-03-01' });
  });

  it('reads the URL, falling back to defaults on bad or too long periods', () => {
    const ok = evvParamsOf(new URLSearchParams('from=2031-01-01&to=2031-01-31&branchId=3&tab=trends'), '2031-03-05');
    expect(ok).toEqual({ from: '2031-01-01', to: '2031-01-31', branchId: 3, tab: 'trends', sort: 'rate', desc: false, page: 1 });
    const bad = evvParamsOf(
      new URLSearchParams('from=2031-01-01&to=2031-06-30&branchId=x&tab=nope&sort=pay&page=0'),
      '2031-03-05',
    );
    expect(bad).toEqual({
      from: '2031-02-02',
      to: '2031-03-01',
      branchId: undefined,
      tab: 'caregivers',
      sort: 'rate',
      desc: false,
      page: 1,
    });
  });

  it('reads the list’s order and page from the URL', () => {
    const p = evvParamsOf(new URLSearchParams('tab=clients&sort=lateCheckIns&desc=1&page=7'), '2031-03-05');
    expect(p).toMatchObject({ tab: 'clients', sort: 'lateCheckIns', desc: true, page: 7 });
    expect(evvParamsOf(new URLSearchParams('page=-2&desc=yes'), '2031-03-05')).toMatchObject({ page: 1, desc: false });
  });

  it('formats rates and hours', () => {
    expect(percentText(0.754)).toBe('75%');
    expect(percentText(null)).toBe('—');
    expect(hoursText(150)).toBe('2.5 h');
  });
});
