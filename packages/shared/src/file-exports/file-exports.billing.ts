import type { AuthorizationLimits } from '../clients/authorization-units';
import { calendarWeekOf } from '../shifts/workweek';

/**
 * Billing arithmetic of the billing export (docs/glossary.md "Billing": units times the payer's rate per service code,
 * per client and payer, for completed and verified visits; "Authorization": units per week / month / total).
 * Money in integer cents, dates YYYY-MM-DD.
 */

/** A billed line's amount: units x rate, in cents; exact, since both are integers. */
export function billedAmountCents(units: number, rateCents: number): number {
  return units * rateCents;
}

/** A billed visit as the authorization check reads it. */
export interface AuthorizedVisit {
  id: number;
  authorizationId: number | null;
  /** The visit's local date. */
  date: string;
  /** Orders visits of one date (e.g. the check-in in epoch milliseconds). */
  order: number;
  units: number;
}

/**
 * The visits whose units go past their authorization (docs/glossary.md "Authorization"; the scheduling warnings use the
 * same limits): per authorization, visits are counted in date order, and a visit is over when, with its units,
 * the units of its calendar week (Sunday to Saturday) pass unitsPerWeek, those of its calendar month pass
 * unitsPerMonth, or those of the whole authorization pass unitsTotal; a visit dated outside the authorization's
 * dates is over too. Visits without an authorization are never flagged here. Pass every billable visit of the
 * authorizations concerned (earlier ones in the week, month or authorization count), not only the exported ones.
 * @returns the ids of the visits over their authorization.
 */
export function visitsOverAuthorization(
  visits: readonly AuthorizedVisit[],
  authorizations: ReadonlyMap<number, AuthorizationLimits>,
): Set<number> {
  const over = new Set<number>();
  const ordered = [...visits].sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
  const used = new Map<string, number>();
  const add = (key: string, units: number) => {
    const total = (used.get(key) ?? 0) + units;
    used.set(key, total);
    return total;
  };
  for (const visit of ordered) {
    if (visit.authorizationId === null) continue;
    const auth = authorizations.get(visit.authorizationId);
    if (!auth) continue;
    if (visit.date < auth.startDate || visit.date > auth.endDate) {
      over.add(visit.id);
      continue;
    }
    const id = visit.authorizationId;
    const week = add(`${id}:w:${calendarWeekOf(visit.date).startDate}`, visit.units);
    const month = add(`${id}:m:${visit.date.slice(0, 7)}`, visit.units);
    const total = add(`${id}:t`, visit.units);
    if (
      (auth.unitsPerWeek !== null && week > auth.unitsPerWeek) ||
      (auth.unitsPerMonth !== null && month > auth.unitsPerMonth) ||
      (auth.unitsTotal !== null && total > auth.unitsTotal)
    ) {
      over.add(visit.id);
    }
  }
  return over;
}
