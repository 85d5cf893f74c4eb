import { dollarsText, hoursText } from '@hearth/shared/payroll/payroll-hours';
import { computePayrollLines } from '../payroll/payroll.compute';
import { csvFile, periodOf, settingsOf, type BuiltExportFile, type ExportRun } from './file-exports.files';

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
 * Builds the ADP payroll file of a pay period (docs/glossary.md "Payroll": hours, mileage and cash-advance deductions
 * per caregiver per pay period, keyed by adpFileNumber) from the same computation as the payroll report
 * (computePayrollLines, without storing), with the company's payroll settings (overtime threshold, multiplier,
 * daily overtime, paid travel, mileage rate: payroll-settings.ts). One row per caregiver of the scope (their
 * branch) who has hours, mileage or an advance in the period, by name:
 * - Reg Hours / O/T Hours: the line's regular and overtime minutes (visits, office edits winning, plus paid travel
 *   between clients; FLSA workweeks in the caregiver's branch time zone, a workweek across the period's boundary
 *   counted whole);
 * - Earnings 3: the line's mileage reimbursement (care sheet miles of the period's visits x the mileage rate) under
 *   the type's mileage earnings code; empty without mileage;
 * - Adjust Ded: the line's deductions (cash advances dated in the period) under the type's cash advance deduction
 *   code. The export only reads: marking advances deducted is the office's step (deductedOn).
 * A caregiver without an ADP file number keeps a row with an empty File #, so the office sees whom to fix in ADP
 * before importing (ADP refuses that row) rather than losing their hours silently. Hours have 2 decimals; money is
 * dollars with 2 decimals from integer cents. The file carries hours, not pay: ADP applies its own rates.
 */
export async function buildPayrollExport(run: ExportRun): Promise<BuiltExportFile> {
  const settings = settingsOf(run, 'payroll_adp');
  const lines = await computePayrollLines(run.db, run.scope, periodOf(run.params));
  const rows = lines.map((line) => [
    settings.companyCode,
    settings.batchId,
    line.caregiver.adpFileNumber ?? '',
    `${line.caregiver.lastName}, ${line.caregiver.firstName}`,
    hoursText(line.regularMinutes),
    hoursText(line.overtimeMinutes),
    line.mileageCents > 0 ? settings.mileageEarningsCode : '',
    line.mileageCents > 0 ? dollarsText(line.mileageCents) : '',
    line.deductionCents > 0 ? settings.cashAdvanceDeductionCode : '',
    line.deductionCents > 0 ? dollarsText(line.deductionCents) : '',
  ]);
  return csvFile(ADP_PAYROLL_COLUMNS, rows, { bom: false });
}
