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
import { caregiverIdIn, computePayrollChunks, type ComputedPayrollLine } from './payroll.compute';
import { insertByUnnest, type UnnestColumn } from '../../db/unnest';
import { payrollLines } from './payroll.schema';

/** The payroll_lines columns one chunk writes, each from a computed line. */
const LINE_COLUMNS: UnnestColumn<ComputedPayrollLine>[] = [
  ['company_id', 'int', (l) => l.caregiver.companyId],
  ['branch_id', 'int', (l) => l.caregiver.branchId],
  ['caregiver_id', 'int', (l) => l.caregiver.id],
  ['visits', 'int', (l) => l.visits],
  ['visit_minutes', 'int', (l) => l.visitMinutes],
  ['travel_minutes', 'int', (l) => l.travelMinutes],
  ['regular_minutes', 'int', (l) => l.regularMinutes],
  ['overtime_minutes', 'int', (l) => l.overtimeMinutes],
  ['regular_rate_cents', 'int', (l) => l.regularRateCents],
  ['straight_time_pay_cents', 'bigint', (l) => l.straightTimePayCents],
  ['overtime_premium_cents', 'bigint', (l) => l.overtimePremiumCents],
  ['mileage_hundredths', 'int', (l) => l.mileageHundredths],
  ['mileage_cents', 'bigint', (l) => l.mileageCents],
  ['deduction_cents', 'bigint', (l) => l.deductionCents],
  ['gross_pay_cents', 'bigint', (l) => l.grossPayCents],
  ['missing_pay_rate', 'bool', (l) => l.missingPayRate],
];

/** Writes one chunk's lines in one statement, the period, instant and user the same for every line. */
function insertLines(
  scope: Scope,
  lines: ComputedPayrollLine[],
  meta: { period: { from: string; to: string }; computedAt: Date },
): Promise<void> {
  return insertByUnnest(scope.db, 'payroll_lines', LINE_COLUMNS, lines, {
    period_from: sql`${meta.period.from}::date`,
    period_to: sql`${meta.period.to}::date`,
    computed_at: sql`${meta.computedAt.toISOString()}::timestamptz`,
    computed_by_user_id: sql`${scope.actorUserId}::int`,
  });
}

/** The report's totals, kept running over the chunks. */
type Totals = PayrollReportOutput['totals'];

function addTotals(totals: Totals, line: ComputedPayrollLine): void {
  totals.regularMinutes += line.regularMinutes;
  totals.overtimeMinutes += line.overtimeMinutes;
  totals.travelMinutes += line.travelMinutes;
  totals.grossPayCents += line.grossPayCents;
  totals.mileageCents += line.mileageCents;
  totals.deductionCents += line.deductionCents;
}

/**
 * Computes and stores the payroll report of a period (issue "Payroll, billing, reports" item 3) for the caregivers
 * of the caller's scope, or of one branch in it: computePayrollLines (the same numbers as the ADP export), then in
 * the request's transaction the period's lines of those caregivers are deleted and the new ones inserted, so
 * recomputing replaces and never duplicates. The lines are computed and written a chunk of caregivers at a time
 * (computePayrollChunks; one insert from unnest per chunk), the totals kept running, so memory stays flat. Only caregivers with hours, mileage or advances get a line.
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
  chunkSize,
  fetchRows,
  splitAfterId,
}: {
  scope: Scope;
  input: ComputePayrollReportInput;
  /** Caregivers per chunk (computePayrollChunks' PAYROLL_CHUNK when omitted). */
  chunkSize?: number;
  /** Caregivers per fetch of the visit cursor (computePayrollChunks' default when omitted). */
  fetchRows?: number;
  /** Where the caregivers are split between two connections (computePayrollChunks' median id when omitted). */
  splitAfterId?: number;
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
  const computedAt = new Date();
  await scope.db
    .delete(payrollLines)
    .where(
      and(
        eq(payrollLines.periodFrom, period.from),
        eq(payrollLines.periodTo, period.to),
        caregiverIdIn(scope, branchId, sql`${payrollLines.caregiverId}`),
      ),
    );
  const totals: Totals = {
    regularMinutes: 0,
    overtimeMinutes: 0,
    travelMinutes: 0,
    grossPayCents: 0,
    mileageCents: 0,
    deductionCents: 0,
  };
  let caregiverCount = 0;
  const { openReadConnection } = scope;
  const run = { db: scope.db, scope, period, branchId, chunkSize, fetchRows, splitAfterId, openReadConnection };
  await computePayrollChunks(run, async (lines) => {
    await insertLines(scope, lines, { period, computedAt });
    caregiverCount += lines.length;
    for (const line of lines) addTotals(totals, line);
  });
  return {
    periodFrom: period.from,
    periodTo: period.to,
    caregivers: caregiverCount,
    computedAt: computedAt.toISOString(),
    totals,
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
