/** One report of /reports: its path segment, title, what it shows, and its backend view (null: not built yet). */
export interface ReportEntry {
  slug: string;
  title: string;
  description: string;
  view: string | null;
}

/**
 * Every report of the issue "Payroll, billing, reports" (item 3), in the order of the /reports index. A report
 * whose view is null is listed as coming soon and not linked; /reports/<slug> of it shows the coming-soon page.
 */
export const REPORTS: ReportEntry[] = [
  {
    slug: 'adp-employees',
    title: 'ADP employees',
    description: 'Caregivers with their ADP file number, status, hire date and branch; flags those without a number.',
    view: 'reportAdpEmployees',
  },
  {
    slug: 'billing',
    title: 'Billing',
    description:
      'Compute a period’s billing: each worked visit per payer and service code with units, rate and amount, and why a visit is not billed.',
    view: 'reportBilling',
  },
  {
    slug: 'care-sheet-files',
    title: 'Care sheet files',
    description:
      'Care sheets of visits: date and times, client, caregiver, status, tasks done, signatures or the reason the client could not sign, and miles.',
    view: 'reportCareSheetFiles',
  },
  {
    slug: 'caregiver-cash-advances',
    title: 'Caregiver cash advances',
    description: 'Money advanced to caregivers, with the date and whether payroll has deducted it.',
    view: 'reportCaregiverCashAdvances',
  },
  {
    slug: 'caregiver-changes',
    title: 'Caregiver changes',
    description: 'Each change of a visit’s caregiver (open shifts included): from whom, to whom, who changed it and when.',
    view: 'reportCaregiverChanges',
  },
  {
    slug: 'caregiver-files',
    title: 'Caregiver files',
    description: 'Files on caregivers’ records, with type, size, upload status and who added them.',
    view: 'reportCaregiverFiles',
  },
  {
    slug: 'caregiver-journals',
    title: 'Caregiver journals',
    description: 'Journal entries on caregivers’ records, latest first, with their authors.',
    view: 'reportCaregiverJournals',
  },
  {
    slug: 'client-authorizations',
    title: 'Client authorizations',
    description: 'Each authorization with its payer and code: authorized, scheduled, used and remaining units over its dates.',
    view: 'reportClientAuthorizations',
  },
  {
    slug: 'client-files',
    title: 'Client files',
    description: 'Files on clients’ records, with type, size, upload status and who added them.',
    view: 'reportClientFiles',
  },
  {
    slug: 'client-journals',
    title: 'Client journals',
    description: 'Journal entries on clients’ records, latest first, with their authors.',
    view: 'reportClientJournals',
  },
  {
    slug: 'integration-transaction-records',
    title: 'Integration transaction records',
    description: 'The clients, employees and visits of each EVV export: sent, or rejected with the reason to fix.',
    view: 'reportIntegrationTransactionRecords',
  },
  {
    slug: 'integration-transactions',
    title: 'Integration transactions',
    description: 'Exports to EVV aggregators (Sandata, HHAeXchange): period, status, records sent and rejected, errors.',
    view: 'reportIntegrationTransactions',
  },
  {
    slug: 'nurse-assessments',
    title: 'Nurse assessments',
    description: 'Nurse assessments of clients with findings and the next due date; flags overdue ones.',
    view: 'reportNurseAssessments',
  },
  {
    slug: 'payroll',
    title: 'Payroll',
    description: 'Per caregiver per pay period: regular, overtime, travel, mileage, deductions and a gross pay estimate.',
    view: 'reportPayroll',
  },
];

/** The report at /reports/<slug>, or undefined for an unknown slug. */
export function reportOf(slug: string | undefined): ReportEntry | undefined {
  return REPORTS.find((r) => r.slug === slug);
}
