import { and, eq, ne, sql } from 'drizzle-orm';
import { billingTotals } from '@hearth/shared/billing/billing.rules';
import type { ComputeBillingReportInput, ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { modifiersText } from '../file-exports/file-exports.files';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { computeBillingChunks, type BillingLine } from './billing.lines';
import { insertByUnnest, type UnnestColumn } from '../../db/unnest';
import type { Db } from '../../db/client';
import { billingLines } from './billing.schema';
import { inTransaction } from '../../db/transaction';

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

/** The billing_lines columns one chunk writes, each from a computed line. */
const LINE_COLUMNS: UnnestColumn<BillingLine>[] = [
  ['branch_id', 'int', (l) => l.branchId],
  ['shift_id', 'int', (l) => l.shiftId],
  ['client_id', 'int', (l) => l.clientId],
  ['caregiver_id', 'int', (l) => l.caregiverId],
  ['payer_source_id', 'int', (l) => l.payerSourceId],
  ['authorization_id', 'int', (l) => l.authorizationId],
  ['visit_date', 'date', (l) => l.visitDate],
  ['check_in_at', 'timestamptz', (l) => l.checkInAt.toISOString()],
  ['check_out_at', 'timestamptz', (l) => l.checkOutAt.toISOString()],
  ['service_code', 'text', (l) => l.serviceCode],
  ['modifiers', 'text', (l) => modifiersText(l.modifiers)],
  ['minutes', 'int', (l) => l.minutes],
  ['units', 'int', (l) => l.units],
  ['rate_cents', 'int', (l) => l.rateCents],
  ['amount_cents', 'bigint', (l) => l.amountCents],
  ['evv_required', 'bool', (l) => l.evvRequired],
  ['evv_verified', 'bool', (l) => l.evvVerified],
  ['over_authorization', 'bool', (l) => l.overAuthorization],
  ['status', 'text', (l) => l.status],
  ['note', 'text', (l) => l.note],
];

/**
 * Writes one chunk's lines in one statement, the company, period, instant and user the same for every line. A line
 * of the same period and shift stored before (by an earlier computation, under whatever payer the shift had) is
 * replaced in place (billing_lines_period_shift_idx).
 */
function insertLines(
  db: Db,
  lines: BillingLine[],
  meta: { companyId: number; from: string; to: string; at: Date; by: number },
): Promise<void> {
  return insertByUnnest(
    db,
    'billing_lines',
    LINE_COLUMNS,
    lines,
    {
      company_id: sql`${meta.companyId}::int`,
      period_from: sql`${meta.from}::date`,
      period_to: sql`${meta.to}::date`,
      computed_at: sql`${meta.at.toISOString()}::timestamptz`,
      computed_by_user_id: sql`${meta.by}::int`,
    },
    ['period_from', 'period_to', 'shift_id'],
  );
}

/** Adds the totals of `next` (billingTotals of a chunk) into `into`. */
function addTotals(into: ReturnType<typeof billingTotals>, next: ReturnType<typeof billingTotals>): void {
  for (const [status, totals] of Object.entries(next.byStatus) as [
    keyof typeof next.byStatus,
    (typeof next.byStatus)[keyof typeof next.byStatus],
  ][]) {
    into.byStatus[status].lines += totals.lines;
    into.byStatus[status].units += totals.units;
    into.byStatus[status].amountCents += totals.amountCents;
  }
  into.billedAmountCents += next.billedAmountCents;
}

/**
 * Computes a period's billing lines and stores them for the billing report (computeBillingReport {from, to,
 * branchId?, payerSourceId?}; issue "Payroll, billing, reports" items 2 and 3). The lines are computeBillingChunks'
 * (the billing export's own). In one transaction it writes them a chunk of clients at a time (per chunk one insert
 * from unnest), each replacing in place the line its shift had in this period (insertLines), then deletes the
 * period's lines of the company in the caller's scope, narrowed to the branch and, with `payerSourceId`, to that
 * payer, that the run did not write (their computing instant is another's); the totals are kept running. Other
 * periods' lines stay. Replacing in place, not deleting and inserting again, is what makes a recompute cheap: a
 * line's indexed columns do not change, so each line is rewritten on the same page (a HOT update: billing_lines
 * leaves half of each page free, migration 0045) with no index entry added, and a new line is inserted against no
 * index entry the same transaction deleted. computedAt is one instant (UTC) for the whole run, computedBy the
 * signed-in user.
 * @returns {periodFrom, periodTo, computedAt, lines (count), byStatus {status: {lines, units, amountCents}},
 * billedAmountCents (billable + over_authorization, cents)}.
 * @throws AppError as companyOf.
 */
export async function computeBillingReport({
  scope,
  input,
  ...chunking
}: {
  scope: Scope;
  input: ComputeBillingReportInput;
  /** Clients per chunk (BILLING_CHUNK when omitted). */
  chunkSize?: number;
  /** Visit rows per cursor fetch (openBillingVisits' default when omitted). */
  fetchRows?: number;
}): Promise<ComputeBillingReportOutput> {
  const companyId = await companyOf(scope, input);
  const period = { from: input.from, to: input.to };
  const meta = { companyId, from: period.from, to: period.to, at: new Date(), by: scope.actorUserId };
  const totals = billingTotals([]);
  let count = 0;
  await inTransaction(scope.db, async (db) => {
    const query = { db, scope, period, companyId, branchId: input.branchId, payerSourceId: input.payerSourceId, ...chunking };
    await computeBillingChunks(query, async (lines) => {
      await insertLines(db, lines, meta);
      count += lines.length;
      addTotals(totals, billingTotals(lines));
    });
    // The period's lines in reach that this run did not write: visits no longer billed (cancelled, moved, ...).
    await db
      .delete(billingLines)
      .where(
        and(
          eq(billingLines.periodFrom, period.from),
          eq(billingLines.periodTo, period.to),
          eq(billingLines.companyId, companyId),
          inBranchScope(scope, billingLines.branchId),
          input.branchId ? eq(billingLines.branchId, input.branchId) : undefined,
          input.payerSourceId ? eq(billingLines.payerSourceId, input.payerSourceId) : undefined,
          ne(billingLines.computedAt, meta.at),
        ),
      );
  });
  return {
    periodFrom: period.from,
    periodTo: period.to,
    computedAt: meta.at.toISOString(),
    lines: count,
    ...totals,
  };
}
