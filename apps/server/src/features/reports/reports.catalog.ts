import type { ViewDefinition } from '../views/views.registry';
import { reportAdpEmployeesView } from './adp-employees.view';
import { reportCaregiverCashAdvancesView } from './caregiver-cash-advances.view';
import { reportCaregiverFilesView } from './caregiver-files.view';
import { reportCaregiverJournalsView } from './caregiver-journals.view';
import { reportClientAuthorizationsView } from './client-authorizations.view';
import { reportClientFilesView } from './client-files.view';
import { reportClientJournalsView } from './client-journals.view';
import { reportNurseAssessmentsView } from './nurse-assessments.view';

/** The report views (issue "Payroll, billing, reports" item 3), registered in the view catalog with the lists. */
export const REPORT_VIEWS: ViewDefinition[] = [
  reportAdpEmployeesView,
  reportCaregiverCashAdvancesView,
  reportCaregiverFilesView,
  reportCaregiverJournalsView,
  reportClientAuthorizationsView,
  reportClientFilesView,
  reportClientJournalsView,
  reportNurseAssessmentsView,
];
