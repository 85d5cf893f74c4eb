import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_OVERTIME_RULE,
  dollarsText,
  hoursText,
  mileageCents,
  milesInHundredths,
  payrollHours,
} from '@hearth/shared/payroll/payroll-hours';
import { inBranchScope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { caregiverCashAdvances, caregivers } from '../caregivers/caregivers.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { shifts } from '../shifts/shifts.schema';
import { csvFile, periodOf, settingsOf, type BuiltExportFile, type ExportRun } from './file-exports.files';
import { isWorked, loadExportVisits, periodWindow } from './file-exports.visits';

/**
 * The columns of the payroll file, as ADP Workforce Now's paydata import ("EPI" CSV) names them: company code, batch,
 * the employee's file number, then regular and overtime hours, one "Earnings 3" pair (code and dollar amount) for
 * mileage reimbursement and one "Adjust Ded" pair (code and dollar amount) for cash advance deductions. Sources: ADP
 * Marketplace "Automated Paydata Integration" (fields Co Code, Batch ID, File #, Regular Hours, O/T Hours, Earnings 3
 * Code and Amount, Adjust Deduction Code and Amount; Co Code, Batch ID and File # first, in that order) and the
 * paydata CSV headers time systems write for it (Sundial, Time Portal, isolved: "Co Code", "Batch ID", "File #",
 * "Employee Name", "Reg Hours", "O/T Hours"). Employee Name is informational; ADP matches on File #.
 */
export const ADP_PAYROLL_COLUMNS = [
  'Co Code',
  'Batch ID',
  'File #',
  'Employee Name',
  'Reg Hours',
  'O/T Hours',
  'Earnings 3 Code',
  'Earnings 3 Amount',
  'Adjust Ded Code',
  'Adjust Ded Amount',
];

/**
 * Builds the ADP payroll file of a pay period (DOMAIN.md "Payroll": hours, mileage and cash-advance deductions per
 * caregiver per pay period, keyed by adpFileNumber). One row per caregiver of the scope (their branch) who has
 * hours, mileage or an advance in the period, by name:
 * - Reg Hours / O/T Hours: payrollHours over the caregiver's completed visits (effective times, office edits
 *   win; the FLSA workweek in the caregiver's branch time zone; the type's overtime threshold, default 40 hours),
 *   the visits of the workweeks around the period included so a workweek across its boundary is counted right;
 *   all the caregiver's visits count, whichever branch the client is in (hours worked for the employer);
 * - Earnings 3: the miles of the care sheets of the period's visits x the type's mileage rate (cents per mile),
 *   under the mileage earnings code; empty without miles or with a zero rate;
 * - Adjust Ded: the sum of the caregiver's cash advances dated (advancedOn) in the period, under the cash advance
 *   deduction code. The export only reads: marking advances deducted is the office's step (deductedOn).
 * A caregiver without an ADP file number keeps a row with an empty File #, so the office sees whom to fix in ADP
 * before importing (ADP refuses that row) rather than losing their hours silently. Hours have 2 decimals; money is
 * dollars with 2 decimals from integer cents.
 */
export async function buildPayrollExport(run: ExportRun): Promise<BuiltExportFile> {
  const settings = settingsOf(run, 'payroll_adp');
  const period = periodOf(run.params);
  const people = await run.db
    .select({
      id: caregivers.id,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      adpFileNumber: caregivers.adpFileNumber,
      timeZone: branches.timezone,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .where(inBranchScope(run.scope, caregivers.branchId))
    .orderBy(asc(caregivers.lastName), asc(caregivers.firstName), asc(caregivers.id));
  const caregiverIds = people.map((p) => p.id);
  if (caregiverIds.length === 0) return csvFile(ADP_PAYROLL_COLUMNS, [], { bom: false });

  // A week on each side: every workweek the period touches is then whole.
  const visits = await loadExportVisits(
    run.db,
    sql`${shifts.caregiverId} in (select c.id from caregivers c where ${inBranchScope(run.scope, sql`c.branch_id`)})`,
    periodWindow(period, 7),
  );
  const worked = visits.filter(isWorked);
  const rule = { thresholdMinutes: settings.overtimeThresholdMinutes, multiplier: DEFAULT_OVERTIME_RULE.multiplier };
  const hours = new Map(
    people.map((p) => {
      const mine = worked
        .filter((v) => v.shift.caregiverId === p.id)
        .map((v) => ({ id: v.shift.id, checkIn: v.span.checkIn, checkOut: v.span.checkOut }));
      return [p.id, payrollHours(mine, period, p.timeZone, rule)];
    }),
  );
  const paidShiftIds = [...hours.values()].flatMap((h) => h.visits.filter((v) => v.inPeriod).map((v) => v.id));
  const caregiverOfShift = new Map(worked.map((v) => [v.shift.id, v.shift.caregiverId!]));

  const miles = new Map<number, number>();
  if (paidShiftIds.length) {
    const sheets = await run.db
      .select({ shiftId: careSheets.shiftId, transportation: careSheets.transportationData })
      .from(careSheets)
      .where(inArray(careSheets.shiftId, paidShiftIds));
    for (const sheet of sheets) {
      const caregiverId = caregiverOfShift.get(sheet.shiftId)!;
      miles.set(caregiverId, (miles.get(caregiverId) ?? 0) + milesInHundredths(sheet.transportation?.miles));
    }
  }
  const advanceRows = await run.db
    .select({
      caregiverId: caregiverCashAdvances.caregiverId,
      cents: sql<number>`sum(${caregiverCashAdvances.amountCents})::int`,
    })
    .from(caregiverCashAdvances)
    .where(
      and(
        inArray(caregiverCashAdvances.caregiverId, caregiverIds),
        between(caregiverCashAdvances.advancedOn, period.from, period.to),
      ),
    )
    .groupBy(caregiverCashAdvances.caregiverId);
  const advances = new Map(advanceRows.map((a) => [a.caregiverId, Number(a.cents)]));

  const rows = people.flatMap((p) => {
    const h = hours.get(p.id)!;
    const mileage = mileageCents(miles.get(p.id) ?? 0, settings.mileageRateCents);
    const advance = advances.get(p.id) ?? 0;
    if (h.regularMinutes + h.overtimeMinutes === 0 && mileage === 0 && advance === 0) return [];
    return [
      [
        settings.companyCode,
        settings.batchId,
        p.adpFileNumber ?? '',
        `${p.lastName}, ${p.firstName}`,
        hoursText(h.regularMinutes),
        hoursText(h.overtimeMinutes),
        mileage > 0 ? settings.mileageEarningsCode : '',
        mileage > 0 ? dollarsText(mileage) : '',
        advance > 0 ? settings.cashAdvanceDeductionCode : '',
        advance > 0 ? dollarsText(advance) : '',
      ],
    ];
  });
  return csvFile(ADP_PAYROLL_COLUMNS, rows, { bom: false });
}
