import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import { milesInHundredths, type PayPeriod } from '@hearth/shared/payroll/payroll-hours';
import { hasPayroll, payrollForCaregiver, type PayrollLineFields, type PayrollVisit } from '@hearth/shared/payroll/payroll-line';
import { parsePayrollSettings } from '@hearth/shared/payroll/payroll-settings';
import { zoneCalendar } from '@hearth/shared/payroll/payroll-calendar';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { caregiverCashAdvances, caregivers } from '../caregivers/caregivers.schema';
import { companies } from '../companies/companies.schema';
import { loadPayrollVisits, periodWindow } from '../visits/visits.worked';
import { rowsOf } from '../../db/rows';

/** The caregiver a payroll line belongs to, as the report and the ADP file name them. */
export interface PayrollPerson {
  id: number;
  firstName: string;
  lastName: string;
  adpFileNumber: string | null;
  branchId: number;
  companyId: number;
  timeZone: string;
}

/** A computed (not yet stored) payroll line: its caregiver and the payroll_lines fields. */
export interface ComputedPayrollLine extends PayrollLineFields {
  caregiver: PayrollPerson;
}

/** Whole numbers as one int[] parameter (`= any(...)`): a large period has more ids than a statement has parameters. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
}

/** The caregivers of the scope, narrowed to one branch when `branchId` is given: a condition on a caregiver id. */
function caregiverIdIn(scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>, branchId: number | null, column: SQL): SQL {
  const branch = branchId === null ? sql`` : sql` and c.branch_id = ${branchId}`;
  return sql`${column} in (select c.id from caregivers c where ${inBranchScope(scope, sql`c.branch_id`)}${branch})`;
}

/**
 * The payroll lines of a period for the caregivers of a scope (issue "Payroll, billing, reports": the payroll
 * report and the ADP export compute with this one function). Reads in bulk, one query per kind of data whatever
 * the number of caregivers: the caregivers (their branch's time zone and their company's payroll settings), their
 * worked visits of every workweek the period touches (loadPayrollVisits: the exports' rules, office edits win; a
 * week on each side of the period), the primary address coordinates of the visited clients, care sheet miles of the
 * period's visits and cash advances dated in the period; then payrollForCaregiver per caregiver. All a caregiver's
 * visits count, whichever branch the client is in (hours worked for the employer).
 * @param branchId null for every branch of the scope.
 * @returns lines of caregivers with hours, mileage or advances, by last name, first name and id.
 */
export async function computePayrollLines(
  db: Db,
  scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>,
  period: PayPeriod,
  branchId: number | null = null,
): Promise<ComputedPayrollLine[]> {
  const people = await db
    .select({
      id: caregivers.id,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      adpFileNumber: caregivers.adpFileNumber,
      payRates: caregivers.payRates,
      branchId: caregivers.branchId,
      companyId: branches.companyId,
      timeZone: branches.timezone,
      settings: companies.payrollSettings,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(inBranchScope(scope, caregivers.branchId), branchId === null ? undefined : eq(caregivers.branchId, branchId)))
    .orderBy(asc(caregivers.lastName), asc(caregivers.firstName), asc(caregivers.id));
  if (people.length === 0) return [];

  const window = periodWindow(period, 7);
  const visits = await loadPayrollVisits(db, caregiverIdIn(scope, branchId, sql`s.caregiver_id`), window);
  const zoneOf = new Map(people.map((p) => [p.id, p.timeZone]));
  // The period of a visit is its check-in's local date in the caregiver's branch zone, as payrollForCaregiver reads it.
  const inPeriod = new Set(
    visits
      .filter((v) => {
        const zone = zoneOf.get(v.caregiverId);
        const date = zone ? zoneCalendar(zone).localDate(v.checkIn) : '';
        return date >= period.from && date <= period.to;
      })
      .map((v) => v.id),
  );
  const places = rowsOf<{ client_id: number; lat: number | null; lon: number | null }>(
    await db.execute(sql`select distinct on (a.client_id) a.client_id, a.lat, a.lon from client_addresses a
      where a.is_primary and a.client_id = any(${intArray(visits.map((v) => v.clientId))}) order by a.client_id, a.id`),
  );
  const placeOf = new Map(places.map((p) => [Number(p.client_id), { lat: p.lat, lon: p.lon }]));
  const sheets = rowsOf<{ shift_id: number; miles: unknown }>(
    await db.execute(sql`select cs.shift_id, cs.transportation_data -> 'miles' as miles from care_sheets cs
      where cs.shift_id = any(${intArray([...inPeriod])})`),
  );
  const milesOf = new Map<number, number>();
  for (const sheet of sheets) {
    const visit = Number(sheet.shift_id);
    const miles = milesInHundredths(typeof sheet.miles === 'number' ? sheet.miles : Number(sheet.miles));
    milesOf.set(visit, (milesOf.get(visit) ?? 0) + miles);
  }
  const advanceRows = await db
    .select({ caregiverId: caregiverCashAdvances.caregiverId, cents: sql<string>`sum(${caregiverCashAdvances.amountCents})` })
    .from(caregiverCashAdvances)
    .where(
      and(
        caregiverIdIn(scope, branchId, sql`${caregiverCashAdvances.caregiverId}`),
        between(caregiverCashAdvances.advancedOn, period.from, period.to),
      ),
    )
    .groupBy(caregiverCashAdvances.caregiverId);
  const advances = new Map(advanceRows.map((a) => [a.caregiverId, Number(a.cents)]));

  const byCaregiver = new Map<number, { visits: PayrollVisit[]; miles: number }>();
  for (const v of visits) {
    const mine = byCaregiver.get(v.caregiverId) ?? { visits: [], miles: 0 };
    mine.visits.push({ ...v, location: placeOf.get(v.clientId) ?? null });
    if (inPeriod.has(v.id)) mine.miles += milesOf.get(v.id) ?? 0;
    byCaregiver.set(v.caregiverId, mine);
  }

  return people.flatMap(({ payRates, settings, ...caregiver }) => {
    const mine = byCaregiver.get(caregiver.id);
    const fields = payrollForCaregiver({
      visits: mine?.visits ?? [],
      period,
      timeZone: caregiver.timeZone,
      settings: parsePayrollSettings(settings),
      payRates,
      mileageHundredths: mine?.miles ?? 0,
      deductionCents: advances.get(caregiver.id) ?? 0,
    });
    return hasPayroll(fields) ? [{ caregiver, ...fields }] : [];
  });
}
