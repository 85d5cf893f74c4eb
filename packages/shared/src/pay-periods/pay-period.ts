/**
 * The start of the pay period the caregiver app counts missed visits from (spec section 9: "the 1st of the month
 * if the day is 16 or later, otherwise two weeks before the 1st"). Calendar dates YYYY-MM-DD in the caregiver's
 * time zone; no time zone arithmetic happens here.
 * @param localDate today's date where the caregiver is, e.g. "2026-11-15".
 * @returns the period start, e.g. "2026-10-18" for 2026-11-15 and "2026-11-01" for 2026-11-16.
 * @throws RangeError for text that is not a YYYY-MM-DD date.
 */
export function missedCountPeriodStart(localDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  if (!match) throw new RangeError(`Not a date written YYYY-MM-DD: ${localDate}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const first = Date.UTC(y, m - 1, 1);
  const start = d >= 16 ? first : first - 14 * 86_400_000;
  return new Date(start).toISOString().slice(0, 10);
}
