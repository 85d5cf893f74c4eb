import { and, eq, or, sql } from 'drizzle-orm';
import { billingTotals } from '@hearth/shared/billing/billing.rules';
import type { ComputeBillingReportInput, ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { modifiersText } from '../file-exports/file-exports.files';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { computeBillingLines, type BillingLine } from './billing.lines';
import { billingLines } from './billing.schema';
import { inTransaction } from '../../db/transaction';

/**
 * Rows per insert: 1,000-row inserts ran 4.5x faster than single rows (docs/architecture.md "Database"), 27 parameters
 * a row.
 */
const INSERT_BATCH = 1_000;

/**
 * The company a computation bills for: the branch's when `branchId` is given (it must be in the caller's scope),
 * else the caller's. Checks that `payerSourceId` is a payer of that company.
 * @throws AppError NOT_FOUND "Branch N not found" / "Payer source N not found"; BAD_REQUEST for a caller without a
 * company (system level) and no branch.
 */
async function companyOf(scope: Scope, input: ComputeBillingReportInput): Promise<number> {
  let companyId = scope.companyId;
  if (input.branchId) {
    const [branch] = await scope.db
      .select({ companyId: branches.companyId })
      .from(branches)
      .where(and(eq(branches.id, input.branchId), inBranchScope(scope, branches.id)));
    if (!branch) throw new AppError('NOT_FOUND', `Branch ${input.branchId} not found`, { branchId: ['Unknown branch'] });
    companyId = branch.companyId;
  }
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', 'Choose a branch: billing belongs to a company', { branchId: ['Branch is required'] });
  }
  if (input.payerSourceId) {
    const [payer] = await scope.db
      .select({ id: payerSources.id })
      .from(payerSources)
      .where(and(eq(payerSources.id, input.payerSourceId), eq(payerSources.companyId, companyId)));
    if (!payer) {
      throw new AppError('NOT_FOUND', `Payer source ${input.payerSourceId} not found`, {
        payerSourceId: ['Unknown payer source'],
      });
    }
  }
  return companyId;
}

/** A computed line as billing_lines stores it. */
function rowOf(line: BillingLine, meta: { companyId: number; from: string; to: string; at: Date; by: number }) {
  return {
    companyId: meta.companyId,
    branchId: line.branchId,
    periodFrom: meta.from,
    periodTo: meta.to,
    shiftId: line.shiftId,
    clientId: line.clientId,
    caregiverId: line.caregiverId,
    payerSourceId: line.payerSourceId,
    authorizationId: line.authorizationId,
    visitDate: line.visitDate,
    checkInAt: line.checkInAt,
    checkOutAt: line.checkOutAt,
    serviceCode: line.serviceCode,
    modifiers: modifiersText(line.modifiers),
    minutes: line.minutes,
    units: line.units,
    rateCents: line.rateCents,
    amountCents: line.amountCents,
    evvRequired: line.evvRequired,
    evvVerified: line.evvVerified,
    overAuthorization: line.overAuthorization,
    status: line.status,
    note: line.note,
    computedAt: meta.at,
    computedByUserId: meta.by,
  };
}

/**
 * Computes a period's billing lines and stores them for the billing report (computeBillingReport {from, to,
 * branchId?, payerSourceId?}; issue "Payroll, billing, reports" items 2 and 3). The lines are computeBillingLines'
 * (the billing export's own). In one transaction it deletes the billing_lines of exactly this period (from and
 * to) of the company in the caller's scope, narrowed to the branch and, with `payerSourceId`, to that payer (plus
 * any earlier line of a shift now computed, e.g. one whose payer changed), then inserts the new lines in batches.
 * Other periods' lines stay. computedAt is one instant (UTC) for the whole run, computedBy the signed-in user.
 * @returns {periodFrom, periodTo, computedAt, lines (count), byStatus {status: {lines, units, amountCents}},
 * billedAmountCents (billable + over_authorization, cents)}.
 * @throws AppError as companyOf.
 */
export async function computeBillingReport({
  scope,
  input,
}: {
  scope: Scope;
  input: ComputeBillingReportInput;
}): Promise<ComputeBillingReportOutput> {
  const companyId = await companyOf(scope, input);
  const period = { from: input.from, to: input.to };
  const lines = await computeBillingLines({
    db: scope.db,
    scope,
    period,
    companyId,
    branchId: input.branchId,
    payerSourceId: input.payerSourceId,
  });
  const meta = { companyId, from: period.from, to: period.to, at: new Date(), by: scope.actorUserId };
  const shiftIds = `{${lines.map((l) => l.shiftId).join(',')}}`;
  await inTransaction(scope.db, async (db) => {
    await db
      .delete(billingLines)
      .where(
        and(
          eq(billingLines.periodFrom, period.from),
          eq(billingLines.periodTo, period.to),
          or(
            and(
              eq(billingLines.companyId, companyId),
              inBranchScope(scope, billingLines.branchId),
              input.branchId ? eq(billingLines.branchId, input.branchId) : undefined,
              input.payerSourceId ? eq(billingLines.payerSourceId, input.payerSourceId) : undefined,
            ),
            sql`${billingLines.shiftId} = any(${shiftIds}::int[])`,
          ),
        ),
      );
    for (let i = 0; i < lines.length; i += INSERT_BATCH) {
      await db.insert(billingLines).values(lines.slice(i, i + INSERT_BATCH).map((line) => rowOf(line, meta)));
    }
  });
  return {
    periodFrom: period.from,
    periodTo: period.to,
    computedAt: meta.at.toISOString(),
    lines: lines.length,
    ...billingTotals(lines),
  };
}
