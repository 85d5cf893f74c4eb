/**
 * How the EVV dashboard splits a period of local dates between its weekly rollups and its per-visit flags
 * (apps/server/src/features/dashboards/dashboards.schema.ts): the whole Sunday-Saturday weeks inside the period come
 * from the weekly rollups, the days before the first and after the last whole week from the visits themselves.
 */

/** A run of local dates, both ends included (YYYY-MM-DD). */
export interface DateRange {
  from: string;
  to: string;
}

/** The parts of a period: `weeks` from the Sunday of the first whole week to the Sunday of the last (null: none). */
export interface EvvPeriodParts {
  weeks: DateRange | null;
  /** The days outside every whole week, at most two runs (before and after the weeks; one when there are none). */
  days: DateRange[];
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The whole Sunday-Saturday weeks of from..to and the days around them.
 * @param period from, to: YYYY-MM-DD local dates, from <= to (the input schema checks it).
 * @returns e.g. 2031-03-04..2031-03-20 (Tuesday to Thursday): weeks 2031-03-09..2031-03-09 (the week of Sunday the
 *   9th), days 2031-03-04..2031-03-08 and 2031-03-16..2031-03-20.
 */
export function evvPeriodParts(period: DateRange): EvvPeriodParts {
  const from = dayOf(period.from);
  const to = dayOf(period.to);
  // Day 0 (1970-01-01) was a Thursday: (day + 4) mod 7 is the day of the week, Sunday 0.
  const dow = (day: number) => (((day + 4) % 7) + 7) % 7;
  const firstSunday = from + ((7 - dow(from)) % 7);
  const lastSaturday = to - ((dow(to) + 1) % 7);
  if (lastSaturday - firstSunday < 6) return { weeks: null, days: [{ ...period }] };
  const days: DateRange[] = [];
  if (firstSunday > from) days.push({ from: period.from, to: dateOf(firstSunday - 1) });
  if (lastSaturday < to) days.push({ from: dateOf(lastSaturday + 1), to: period.to });
  return { weeks: { from: dateOf(firstSunday), to: dateOf(lastSaturday - 6) }, days };
}
