import { and, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { RoundingRule } from '@hearth/shared/payer-sources/payer-sources.constants';
import { unitsFromMinutes } from '@hearth/shared/shifts/shift-units';
import type { Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { clientAuthorizations } from '../clients/clients.schema';
import { payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts } from './shifts.schema';

/** How a payer's service turns minutes into units (docs/glossary.md "Unit"). */
export interface UnitRule {
  unitMinutes: number;
  roundingRule: RoundingRule;
}

/** The rule when the payer does not list the service: 15-minute units, CMS 8-minute rule (most HCPCS codes). */
export const DEFAULT_UNIT_RULE: UnitRule = { unitMinutes: 15, roundingRule: 'cms_8_minute' };

/**
 * The unit rule of each authorization's service: the payer_source_services row of its payer and service code
 * with the same modifiers, else one with that code and any modifiers, else DEFAULT_UNIT_RULE.
 * @returns authorization id -> rule.
 */
export async function authorizationUnitRules(scope: Scope, authorizationIds: number[]): Promise<Map<number, UnitRule>> {
  const rules = new Map<number, UnitRule>();
  if (authorizationIds.length === 0) return rules;
  const rows = await scope.db
    .select({
      authorizationId: clientAuthorizations.id,
      modifiers: clientAuthorizations.modifiers,
      serviceModifiers: payerSourceServices.modifiers,
      unitMinutes: payerSourceServices.unitMinutes,
      roundingRule: payerSourceServices.roundingRule,
    })
    .from(clientAuthorizations)
    .innerJoin(
      payerSourceServices,
      and(
        eq(payerSourceServices.payerSourceId, clientAuthorizations.payerSourceId),
        eq(payerSourceServices.serviceCode, clientAuthorizations.serviceCode),
      ),
    )
    .where(inArray(clientAuthorizations.id, authorizationIds))
    .orderBy(payerSourceServices.id);
  for (const id of authorizationIds) {
    const mine = rows.filter((r) => r.authorizationId === id);
    const same = mine.find((r) => JSON.stringify(r.serviceModifiers) === JSON.stringify(r.modifiers)) ?? mine[0];
    rules.set(id, same ? { unitMinutes: same.unitMinutes, roundingRule: same.roundingRule } : DEFAULT_UNIT_RULE);
  }
  return rules;
}

/** A shift as unit counting reads it. */
export interface UnitShift {
  status: string;
  startAt: Date;
  endAt: Date;
  checkInAt: Date | null;
  checkOutAt: Date | null;
}

/**
 * Minutes a shift counts for billing: worked minutes (check-in to check-out) for a completed shift with both
 * times, else its scheduled minutes.
 */
export function billableMinutes(s: UnitShift): number {
  const worked = s.status === 'completed' && s.checkInAt && s.checkOutAt;
  const [from, to] = worked ? [s.checkInAt!, s.checkOutAt!] : [s.startAt, s.endAt];
  return Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
}

/** Units of one shift under a rule: unitsFromMinutes (packages/shared/src/shifts/shift-units.ts) of billableMinutes. */
export function shiftUnits(s: UnitShift, rule: UnitRule): number {
  return unitsFromMinutes(billableMinutes(s), rule.unitMinutes, rule.roundingRule);
}

/**
 * The shifts of a client on the given authorizations whose local start date (branch time zone) lies within
 * [startDate, endDate], not cancelled and not missed (a missed visit uses no authorized units: it is not billed),
 * other than `excludeShiftId`. Found through the (client_id, start_at) index, the UTC bounds widened by a day on
 * each side for the time zone, then narrowed by local date.
 * @returns each shift's authorization, local start date (YYYY-MM-DD), status and times.
 */
export async function authorizationShifts(
  scope: Scope,
  q: { clientId: number; authorizationIds: number[]; startDate: string; endDate: string; excludeShiftId?: number },
) {
  if (q.authorizationIds.length === 0) return [];
  const localDate = sql<string>`to_char(${shifts.startAt} at time zone ${branches.timezone}, 'YYYY-MM-DD')`;
  const day = 86_400_000;
  const from = new Date(Date.parse(`${q.startDate}T00:00:00Z`) - day);
  const to = new Date(Date.parse(`${q.endDate}T00:00:00Z`) + 2 * day);
  return scope.db
    .select({
      id: shifts.id,
      authorizationId: shifts.authorizationId,
      localDate,
      status: shifts.status,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      checkInAt: shifts.checkInAt,
      checkOutAt: shifts.checkOutAt,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(
      and(
        eq(shifts.clientId, q.clientId),
        gte(shifts.startAt, from),
        lt(shifts.startAt, to),
        inArray(shifts.authorizationId, q.authorizationIds),
        notInArray(shifts.status, ['cancelled', 'missed']),
        q.excludeShiftId ? ne(shifts.id, q.excludeShiftId) : undefined,
        sql`${localDate} between ${q.startDate} and ${q.endDate}`,
      ),
    );
}
