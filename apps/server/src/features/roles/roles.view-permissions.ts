/**
 * The view and table permission sets of the default roles (docs/architecture.md "The action catalogue": a role may
 * query a view only when it holds the view and every table the view reads). Used by DEFAULT_ROLES in
 * roles.permissions.ts.
 */
export const RECORD_VIEWS = ['clients', 'caregivers', 'payerSources', 'shifts'];
/**
 * The care forms table (/care-forms) and what it reads: every role that fills or reads forms; with them the cases
 * table (/cases; issue 24), which PRN staff read too to find the cases they comment on.
 */
export const CARE_FORM_VIEWS = ['careForms', 'cases'];
export const CARE_FORM_TABLES = ['care_forms', 'cases', 'case_types'];
export const FILE_TRANSFER_VIEWS = ['fileImports', 'fileImportRows', 'fileExports'];
export const FILE_TRANSFER_TABLES = ['file_imports', 'file_import_rows', 'file_exports'];
/** Record reports (issue "Payroll, billing, reports" item 3) a nurse reads: assessments and authorization units. */
export const NURSE_REPORT_VIEWS = ['reportNurseAssessments', 'reportClientAuthorizations'];
export const NURSE_REPORT_TABLES = ['nurse_assessments', 'client_authorizations', 'payer_source_services', 'users'];
export const REPORT_VIEWS = [
  ...NURSE_REPORT_VIEWS,
  'reportAdpEmployees',
  'reportCaregiverCashAdvances',
  'reportCaregiverFiles',
  'reportCaregiverJournals',
  'reportClientFiles',
  'reportClientJournals',
  'reportPayroll',
  'reportBilling',
  'reportCareSheetFiles',
  'reportCaregiverChanges',
  'reportIntegrationTransactions',
  'reportIntegrationTransactionRecords',
  'reportCasesOpen',
  'reportCaseResolution',
];
export const REPORT_TABLES = [
  ...NURSE_REPORT_TABLES,
  'client_files',
  'client_journal_entries',
  'caregiver_files',
  'caregiver_journal_entries',
  'caregiver_cash_advances',
  'payroll_lines',
  'billing_lines',
  'care_sheets',
  'audit_log',
  'integration_transaction_records',
];
/** The record tables every staff role reads through the view engine. */
export const STAFF_TABLES = [
  'branches',
  'clients',
  'client_addresses',
  'caregivers',
  'caregiver_addresses',
  'payer_sources',
  'shifts',
];
