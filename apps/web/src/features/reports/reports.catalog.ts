import type { CATALOGUES } from '@hearth/shared/i18n/languages';
import { i18n } from '@/i18n/i18n.setup';

/** One report of /reports: its path segment, title, what it shows, and its backend view (null: not built yet). */
export interface ReportEntry {
  slug: string;
  /** The report's name in the shown language. */
  readonly title: string;
  /** What the report shows, in the shown language. */
  readonly description: string;
  view: string | null;
}

/** The report's key in the `catalog` group of the reports catalogue. */
type CatalogKey = keyof (typeof CATALOGUES)['en']['reports']['catalog'];

/** A report whose title and description are read from the catalogue in the current language on each use. */
function report(slug: string, key: CatalogKey, view: string | null): ReportEntry {
  return {
    slug,
    view,
    get title() {
      return i18n.t(`catalog.${key}.title`, { ns: 'reports' });
    },
    get description() {
      return i18n.t(`catalog.${key}.description`, { ns: 'reports' });
    },
  };
}

/**
 * Every report of the issue "Payroll, billing, reports" (item 3), in the order of the /reports index. A report
 * whose view is null is listed as coming soon and not linked; /reports/<slug> of it shows the coming-soon page.
 */
export const REPORTS: ReportEntry[] = [
  report('adp-employees', 'adpEmployees', 'reportAdpEmployees'),
  report('billing', 'billing', 'reportBilling'),
  report('care-sheet-files', 'careSheetFiles', 'reportCareSheetFiles'),
  report('caregiver-cash-advances', 'caregiverCashAdvances', 'reportCaregiverCashAdvances'),
  report('caregiver-changes', 'caregiverChanges', 'reportCaregiverChanges'),
  report('caregiver-files', 'caregiverFiles', 'reportCaregiverFiles'),
  report('caregiver-journals', 'caregiverJournals', 'reportCaregiverJournals'),
  report('case-resolution', 'caseResolution', 'reportCaseResolution'),
  report('cases-open', 'casesOpen', 'reportCasesOpen'),
  report('client-authorizations', 'clientAuthorizations', 'reportClientAuthorizations'),
  report('client-files', 'clientFiles', 'reportClientFiles'),
  report('client-journals', 'clientJournals', 'reportClientJournals'),
  report('integration-transaction-records', 'integrationTransactionRecords', 'reportIntegrationTransactionRecords'),
  report('integration-transactions', 'integrationTransactions', 'reportIntegrationTransactions'),
  report('nurse-assessments', 'nurseAssessments', 'reportNurseAssessments'),
  report('payroll', 'payroll', 'reportPayroll'),
];

/** The report at /reports/<slug>, or undefined for an unknown slug. */
export function reportOf(slug: string | undefined): ReportEntry | undefined {
  return REPORTS.find((r) => r.slug === slug);
}
