import { isBilledStatus } from '@hearth/shared/billing/billing.rules';
import { wallClockTextWithZone } from '@hearth/shared/file-exports/file-exports.evv';
import { dollarsText } from '@hearth/shared/payroll/payroll-hours';
import { computeBillingLines } from '../billing/billing.lines';
import { csvFile, modifiersText, periodOf, type BuiltExportFile, type ExportRun } from './file-exports.files';

/** The billing file's columns: one line per billed visit, grouped by payer source. */
export const BILLING_COLUMNS = [
  'Payer',
  'Payer ID',
  'Client',
  'Medicaid ID',
  'Service Code',
  'Modifiers',
  'Visit Date',
  'Caregiver',
  'Check-in',
  'Check-out',
  'Minutes',
  'Units',
  'Rate',
  'Amount',
  'Authorization #',
  'Over Authorization',
  'EVV Verified',
  'Note',
];

/**
 * Builds the billing file of a period: the billed lines (isBilledStatus: billable and over_authorization) of
 * computeBillingLines for the run's scope and company (params.payerSourceId: that payer only), the same lines and
 * totals the billing report shows. Visits an EVV payer does not take (not_evv_verified) and visits without a rate
 * (no_rate) are left out of the claim; the report lists them with the reason. Rate is the bill rate in dollars,
 * Amount units x rate exactly in cents; a visit over its authorization is flagged "Yes" in Over Authorization.
 * Lines by payer, client, date and check-in; times on the branch's wall clock with its zone's abbreviation.
 */
export async function buildBillingExport(run: ExportRun): Promise<BuiltExportFile> {
  const lines = await computeBillingLines({
    db: run.db,
    scope: run.scope,
    period: periodOf(run.params),
    companyId: run.row.companyId,
    payerSourceId: run.params.payerSourceId,
  });
  const rows = lines
    .filter((line) => isBilledStatus(line.status))
    .map((line) => [
      line.payer.name,
      line.payer.payerId ?? '',
      `${line.client.lastName}, ${line.client.firstName}`,
      line.client.medicaidId ?? '',
      line.serviceCode ?? '',
      modifiersText(line.modifiers),
      line.visitDate,
      line.caregiver ? `${line.caregiver.lastName}, ${line.caregiver.firstName}` : '',
      wallClockTextWithZone(line.checkInAt, line.timeZone),
      wallClockTextWithZone(line.checkOutAt, line.timeZone),
      line.minutes,
      line.units,
      line.rateCents === null ? '' : dollarsText(line.rateCents),
      dollarsText(line.amountCents),
      line.authorizationNumber ?? '',
      line.overAuthorization ? 'Yes' : 'No',
      line.evvVerified ? 'Yes' : 'No',
      // Billed lines need no note: Over Authorization carries the one flag they can have.
      '',
    ]);
  return csvFile(BILLING_COLUMNS, rows, { bom: true });
}
