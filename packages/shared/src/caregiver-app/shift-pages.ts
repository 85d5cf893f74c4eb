import type { CaregiverAppGetShiftsInput, CaregiverShiftsPage } from './caregiver-app.schema';

/**
 * Cursors of caregiverAppGetShifts (issue "caregiver app" item 2: infinite scroll both ways). A page never splits
 * shifts that start at the same instant, so the next page starts just after the last start (`after` is "at or
 * after", hence +1 ms) and the previous page ends just before the first start (`before` is "strictly before"):
 * consecutive pages neither overlap nor leave a gap.
 */

/** The input of the page after `page` (same status filter), or null when `page.hasAfter` is false or it is empty. */
export function nextShiftsPageInput(
  page: CaregiverShiftsPage,
  status?: NonNullable<CaregiverAppGetShiftsInput>['status'],
): NonNullable<CaregiverAppGetShiftsInput> | null {
  const last = page.shifts.at(-1);
  if (!page.hasAfter || !last) return null;
  return { after: new Date(Date.parse(last.startTimestamp) + 1).toISOString(), ...(status ? { status } : {}) };
}

/** The input of the page before `page` (same status filter), or null when `page.hasBefore` is false or it is empty. */
export function previousShiftsPageInput(
  page: CaregiverShiftsPage,
  status?: NonNullable<CaregiverAppGetShiftsInput>['status'],
): NonNullable<CaregiverAppGetShiftsInput> | null {
  const first = page.shifts[0];
  if (!page.hasBefore || !first) return null;
  return { before: first.startTimestamp, ...(status ? { status } : {}) };
}
