import { and, eq, sql } from 'drizzle-orm';
import type {
  ComputePayrollReportInput,
  PayrollReportOutput,
  UpdatePayrollSettingsInput,
} from '@hearth/shared/payroll/payroll.schema';
import { parsePayrollSettings, ZPayrollSettings, type PayrollSettings } from '@hearth/shared/payroll/payroll-settings';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { definedKeys } from '../../db/partial-update';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { computePayrollLines } from './payroll.compute';
import { payrollLines } from './payroll.schema';

/**
 * Rows per INSERT: large enough to be fast (docs/architecture.md "Database": 1,000-row inserts), small enough for
 * 65,535 parameters.
 */
const INSERT_BATCH = 1000;

/**
 * Computes and stores the payroll report of a period (issue "Payroll, billing, reports" item 3) for the caregivers
 * of the caller's scope, or of one branch in it: computePayrollLines (the same numbers as the ADP export), then in
 * the request's transaction the period's lines of those caregivers are deleted and the new ones inserted, so
 * recomputing replaces and never duplicates. Only caregivers with hours, mileage or advances get a line.
 * A locked pay period is computed from its visits as they are now, like an open one: the lines stored earlier keep
 * their figures until the office computes the period again, and then count checks the phone recorded offline and
 * uploaded after the lock (admitPhoneEntry in pay-periods.lock.ts), which EVV review and the shift's timesheets
 * flag "Arrived after the pay period was locked" so the office sees why the figures moved.
 * @param input {from, to, branchId?}: local dates of the branch's time zone, both included.
 * @returns {periodFrom, periodTo, caregivers (lines stored), computedAt (ISO UTC), totals (minutes and cents)}.
 * @throws AppError NOT_FOUND for a branch outside the scope.
 */
export async function computePayrollReport({
  scope,
  input,
}: {
  scope: Scope;
  input: ComputePayrollReportInput;
}): Promise<PayrollReportOutput> {
  const branchId = input.branchId ?? null;
  if (branchId !== null) {
    const [branch] = await scope.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branchId), inBranchScope(scope, branches.id)));
    if (!branch) throw notFound('Branch', branchId);
  }
  const period = { from: input.from, to: input.to };
  // Computes of one period take turns (an advisory lock held until the transaction ends): two at once would each
  // delete the period's lines, then both insert, and the second would fail on the lines the first wrote.
  await scope.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-lines:${period.from}:${period.to}`}))`);
  const lines = await computePayrollLines(scope.db, scope, period, branchId);
  const computedAt = new Date();

  const branchCondition = branchId === null ? sql`` : sql` and c.branch_id = ${branchId}`;
  await scope.db
    .delete(payrollLines)
    .where(
      and(
        eq(payrollLines.periodFrom, period.from),
        eq(payrollLines.periodTo, period.to),
        sql`${payrollLines.caregiverId} in (select c.id from caregivers c where ${inBranchScope(scope, sql`c.branch_id`)}${branchCondition})`,
      ),
    );
  const rows = lines.map(({ caregiver, ...fields }) => ({
    ...fields,
    companyId: caregiver.companyId,
    branchId: caregiver.branchId,
    caregiverId: caregiver.id,
    periodFrom: period.from,
    periodTo: period.to,
    computedAt,
    computedByUserId: scope.actorUserId,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await scope.db.insert(payrollLines).values(rows.slice(i, i + INSERT_BATCH));
  }

  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    periodFrom: period.from,
    periodTo: period.to,
    caregivers: lines.length,
    computedAt: computedAt.toISOString(),
    totals: {
      regularMinutes: sum((l) => l.regularMinutes),
      overtimeMinutes: sum((l) => l.overtimeMinutes),
      travelMinutes: sum((l) => l.travelMinutes),
      grossPayCents: sum((l) => l.grossPayCents),
      mileageCents: sum((l) => l.mileageCents),
      deductionCents: sum((l) => l.deductionCents),
    },
  };
}

/**
 * The caller's company.
 * @throws AppError BAD_REQUEST for a caller without a company (system level).
 */
function companyOf(scope: Scope): number {
  if (scope.companyId === null)
    throw new AppError('BAD_REQUEST', 'Payroll settings belong to a company: sign in as a user of one');
  return scope.companyId;
}

/** The payroll settings of the caller's company, every default filled (payroll-settings.ts). */
export async function getPayrollSettings({ scope }: { scope: Scope }): Promise<PayrollSettings> {
  const [company] = await scope.db
    .select({ settings: companies.payrollSettings })
    .from(companies)
    .where(eq(companies.id, companyOf(scope)));
  return parsePayrollSettings(company?.settings);
}

/**
 * Changes the payroll settings of the caller's company (company admin; audited with the companies row): the keys
 * given take their new values, every omitted key keeps its stored one (`{}` changes nothing; issue 28). Lines
 * already computed keep their figures until their period is computed again.
 * @returns the stored settings, every default filled.
 */
export async function updatePayrollSettings({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdatePayrollSettingsInput;
}): Promise<PayrollSettings> {
  const current = await getPayrollSettings({ scope });
  const settings = ZPayrollSettings.parse({ ...current, ...definedKeys(input) });
  const [company] = await scope.db
    .update(companies)
    .set({ payrollSettings: settings })
    .where(eq(companies.id, companyOf(scope)))
    .returning({ settings: companies.payrollSettings });
  return parsePayrollSettings(company?.settings);
}
