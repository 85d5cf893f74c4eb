import type { ViewDefinition } from '../views/views.registry';
import { reportAdpEmployeesView } from './adp-employees.view';
import { reportBillingView } from './billing.view';
import { reportCareSheetFilesView } from './care-sheet-files.view';
import { reportCaseResolutionView } from './case-resolution.view';
import { reportCasesOpenView } from './cases-open.view';
import { reportCaregiverChangesView } from './caregiver-changes.view';
import { reportCaregiverCashAdvancesView } from './caregiver-cash-advances.view';
import { reportCaregiverFilesView } from './caregiver-files.view';
import { reportCaregiverJournalsView } from './caregiver-journals.view';
import { reportClientAuthorizationsView } from './client-authorizations.view';
import { reportClientFilesView } from './client-files.view';
import { reportClientJournalsView } from './client-journals.view';
import { reportIntegrationTransactionRecordsView } from './integration-transaction-records.view';
import { reportIntegrationTransactionsView } from './integration-transactions.view';
import { reportNurseAssessmentsView } from './nurse-assessments.view';
import { reportPayrollView } from './payroll.view';

/** The report views (issue "Payroll, billing, reports" item 3), registered in the view catalog with the lists. */
export const REPORT_VIEWS: ViewDefinition[] = [
  reportAdpEmployeesView,
  reportBillingView,
  reportCareSheetFilesView,
  reportCaseResolutionView,
  reportCasesOpenView,
  reportCaregiverCashAdvancesView,
  reportCaregiverChangesView,
  reportCaregiverFilesView,
  reportCaregiverJournalsView,
  reportClientAuthorizationsView,
  reportClientFilesView,
  reportClientJournalsView,
  reportIntegrationTransactionRecordsView,
  reportIntegrationTransactionsView,
  reportNurseAssessmentsView,
  reportPayrollView,
];
