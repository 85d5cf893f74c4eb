import { describe, expect, it } from 'vitest';
import { evvPeriodParts } from './evv-period';

describe('evvPeriodParts', () => {
  it('reads four whole weeks (Sunday to Saturday) from the weekly rollups alone', () => {
    expect(evvPeriodParts({ from: '2031-03-02', to: '2031-03-29' })).toEqual({
      weeks: { from: '2031-03-02', to: '2031-03-23' },
      days: [],
    });
  });

  it('reads the days before the first and after the last whole week from the visits', () => {
    expect(evvPeriodParts({ from: '2031-03-04', to: '2031-03-20' })).toEqual({
      weeks: { from: '2031-03-09', to: '2031-03-09' },
      days: [
        { from: '2031-03-04', to: '2031-03-08' },
        { from: '2031-03-16', to: '2031-03-20' },
      ],
    });
  });

  it('reads a period without a whole week from the visits, even across a Saturday', () => {
    expect(evvPeriodParts({ from: '2031-03-06', to: '2031-03-12' })).toEqual({
      weeks: null,
      days: [{ from: '2031-03-06', to: '2031-03-12' }],
    });
    expect(evvPeriodParts({ from: '2031-03-05', to: '2031-03-05' })).toEqual({
      weeks: null,
      days: [{ from: '2031-03-05', to: '2031-03-05' }],
    });
  });

  it('covers every day of any period exactly once', () => {
    const start = Date.parse('2031-02-20T00:00:00Z');
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (let a = 0; a < 20; a++) {
      for (let len = 1; len <= 30; len++) {
        const from = iso(start + a * 86_400_000);
        const to = iso(start + (a + len - 1) * 86_400_000);
        const parts = evvPeriodParts({ from, to });
        const covered: string[] = [];
        for (const d of parts.days) {
          for (let ms = Date.parse(`${d.from}T00:00:00Z`); ms <= Date.parse(`${d.to}T00:00:00Z`); ms += 86_400_000)
            covered.push(iso(ms));
        }
        if (parts.weeks) {
          for (
            let ms = Date.parse(`${parts.weeks.from}T00:00:00Z`);
            ms <= Date.parse(`${parts.weeks.to}T00:00:00Z`);
            ms += 7 * 86_400_000
          ) {
            expect(new Date(ms).getUTCDay()).toBe(0);
            for (let k = 0; k < 7; k++) covered.push(iso(ms + k * 86_400_000));
          }
        }
        covered.sort();
        expect(covered).toHaveLength(len);
        expect(new Set(covered).size).toBe(len);
        expect([covered[0], covered.at(-1)]).toEqual([from, to]);
      }
    }
  });
});
