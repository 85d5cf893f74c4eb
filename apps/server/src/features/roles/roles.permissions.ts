import { CLIENT_APP_ACTIONS } from '@hearth/shared/client-app/client-app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { roles } from './roles.schema';
import {
  CARE_FORM_TABLES,
  CARE_FORM_VIEWS,
  FILE_TRANSFER_TABLES,
  FILE_TRANSFER_VIEWS,
  NURSE_REPORT_TABLES,
  NURSE_REPORT_VIEWS,
  RECORD_VIEWS,
  REPORT_TABLES,
  REPORT_VIEWS,
  STAFF_TABLES,
} from './roles.view-permissions';

type RoleRow = typeof roles.$inferSelect;

/**
 * Whether a role may call an action (a procedure path). System-level roles (Developer) may call everything;
 * others only what their action permission set lists.
 */
export function isActionAllowed(role: Pick<RoleRow, 'hasSystemLevelAccess' | 'actionPermissions'>, action: string): boolean {
  return role.hasSystemLevelAccess || role.actionPermissions.includes(action);
}

/** Whether a role counts as an admin (spec section 6: the Admin menu is visible only to admin users). */
export function isAdminRole(role: Pick<RoleRow, 'hasSystemLevelAccess' | 'hasCompanyLevelAccess'>): boolean {
  return role.hasSystemLevelAccess || role.hasCompanyLevelAccess;
}

/** Tables a role's table permissions can name (the view engine reads them). */
export const TABLE_NAMES = [
  'users',
  'branches',
  'roles',
  'clients',
  'client_addresses',
  'caregivers',
  'caregiver_addresses',
  'payer_sources',
  'shifts',
  'file_imports',
  'file_import_rows',
  'file_exports',
  'client_authorizations',
  'client_files',
  'client_journal_entries',
  'nurse_assessments',
  'caregiver_files',
  'caregiver_journal_entries',
  'caregiver_cash_advances',
  'payer_source_services',
  'payroll_lines',
  'billing_lines',
  'care_sheets',
  'audit_log',
  'integration_transaction_records',
  'care_forms',
  'cases',
  'case_types',
] as const;

/** The view engine's procedures: every staff role has them; view permissions decide which views. */
export const VIEW_ENGINE_ACTIONS = [
  'getBackendView',
  'queryView',
  'queryOptionsView',
  'getFrontendViews',
  'upsertFrontendView',
  'deleteFrontendView',
  'getFrontendViewUserPreferences',
  'upsertFrontendViewUserPreference',
];
const READ_BRANCHES = ['getBranches', 'getBranch', ...VIEW_ENGINE_ACTIONS];

/** get, create, update and delete procedures of a sub-record, e.g. crud('Client', 'Address'). */
function crud(owner: string, record: string, plural = `${record}s`): string[] {
  return [`get${owner}${plural}`, `create${owner}${record}`, `update${owner}${record}`, `delete${owner}${record}`];
}

const READ_CLIENTS = [
  'getClient',
  'getClientAddresses',
  'getClientContacts',
  'getClientAuthorizations',
  'getClientFiles',
  'getClientFileDownloadLink',
  'getClientJournalEntries',
  'getNurseAssessments',
  'getClientAuthorizationMatch',
  'getClientAuthMetrics',
  'getClientAuthorizationCodeCombos',
];
const WRITE_CLIENTS = [
  ...READ_CLIENTS,
  'createClient',
  'updateClient',
  ...crud('Client', 'Address', 'Addresses'),
  ...crud('Client', 'Contact'),
  ...crud('Client', 'Authorization'),
  ...crud('Client', 'File'),
  ...crud('Client', 'JournalEntry', 'JournalEntries'),
  'createNurseAssessment',
  'updateNurseAssessment',
  'getMapLocations',
  'sendClientLoginLink',
  'sendClientContactLoginLink',
];
const READ_CAREGIVERS = [
  'getCaregiver',
  'getCaregiverAddresses',
  'getCaregiverFiles',
  'getCaregiverFileDownloadLink',
  'getCaregiverJournalEntries',
  'getCaregiverCashAdvances',
  'getCaregiverCredentials',
];
const WRITE_CAREGIVERS = [
  ...READ_CAREGIVERS,
  'createCaregiver',
  'updateCaregiver',
  ...crud('Caregiver', 'Address', 'Addresses'),
  ...crud('Caregiver', 'File'),
  ...crud('Caregiver', 'JournalEntry', 'JournalEntries'),
  ...crud('Caregiver', 'CashAdvance'),
  ...crud('Caregiver', 'Credential'),
  'sendCaregiverLoginLink',
  'setCaregiverPassword',
];
const READ_PAYERS = ['getPayerSources', 'getPayerSource'];
const WRITE_PAYERS = [...READ_PAYERS, 'createPayerSource', 'updatePayerSource'];
const READ_SHIFTS = [
  'getShift',
  'getShifts',
  'getLateVisits',
  'getShiftComments',
  'getShiftChanges',
  'getShiftPickupInvitations',
  'getPickupCandidates',
  'getShiftPatterns',
  'getPayPeriodLockTimes',
  'getCareSheetPDFDetails',
  'getCareSheetPDFFile',
  // The families' ratings of a visit (issue "client and family app" item 2), shown in its drawer.
  'getVisitRatings',
];
/** Comments on a shift: every staff role that reads shifts may write them. */
const SHIFT_COMMENTS = ['createShiftComment', 'updateShiftComment', 'deleteShiftComment'];
const WRITE_SHIFTS = [
  ...READ_SHIFTS,
  ...SHIFT_COMMENTS,
  'createShift',
  'updateShift',
  'deleteShift',
  'saveShiftTimesheet',
  'deleteTimesheet',
  'sendShiftReminder',
  'sendPickupInvitations',
  'createShiftPattern',
  'updateShiftPattern',
  'deleteShiftPattern',
];
const WRITE_LOCK_TIMES = ['createPayPeriodLockTime', 'updatePayPeriodLockTime', 'deletePayPeriodLockTime'];
/** Reading filled care forms (issue 23 item 5): PRN staff read them, every role that fills them too. */
const READ_CARE_FORMS = ['careForms.detail', 'careForms.version', 'careForms.listForClient', 'careForms.pdf'];
/** Filling, signing and amending care forms, and reading their types: nurses and the office. */
const FILL_CARE_FORMS = [
  ...READ_CARE_FORMS,
  'careForms.create',
  'careForms.saveInProgress',
  'careForms.complete',
  'careForms.amend',
  'careForms.mine',
  'careForms.startable',
  'careFormTypes.list',
  'careFormTypes.builtIns',
  'careFormTypes.detail',
  'careFormTypes.pdf',
];
/**
 * Working cases (issue 24): the office and nurses report, work, move and document them, print the case file
 * (cases.pdf), read the case types.
 */
const WORK_CASES = [
  ...['cases.report', 'cases.detail', 'cases.update', 'cases.transition', 'cases.markStateReported', 'cases.addComment'],
  ...['cases.startModule', 'cases.attachmentLink', 'cases.createAttachment', 'cases.history', 'cases.reportableTypes'],
  'cases.assignees',
  ...['cases.mine', 'cases.pdf', 'caseTypes.list', 'caseTypes.detail'],
];
/** PRN staff read a case and comment on it. */
const READ_CASES = ['cases.detail', 'cases.addComment'];
/**
 * The family's visit requests (issue 25 item 3): the office roles that write shifts answer them, since approving
 * changes the schedule.
 */
const ANSWER_VISIT_REQUESTS = ['visitRequests.list', 'visitRequests.decide'];
/** Who handles a type's cases in a branch: the branch manager for their branches, admins for every branch. */
const CASE_ADMIN_ACTIONS = ['caseAdmins.list', 'caseAdmins.set'];
/** Designing case types and their modules: admins (and system level). */
const DESIGN_CASE_TYPES = ['caseTypes.create', 'caseTypes.update', 'caseTypes.setModules', ...CASE_ADMIN_ACTIONS];
/**
 * A caregiver's cases on the phone (issue 24 item 3): reporting from their own visit (the service confines them),
 * the types they may report, their own reports and those reports' photos.
 */
const CAREGIVER_CASES = ['cases.report', 'cases.reportableTypes', 'cases.mine', 'cases.detail', 'cases.attachmentLink'];
/** Designing care form types: admins (and system level). */
const DESIGN_CARE_FORM_TYPES = [
  'careFormTypes.create',
  'careFormTypes.update',
  'careFormTypes.setStatus',
  'careFormTypes.copyBuiltIn',
  'careFormTypes.importJson',
];
/**
 * A caregiver's care forms on the phone: those assigned to them or started by them (the service confines them),
 * starting one from their own visit, and a type's blank PDF for paper back-up.
 */
const CAREGIVER_CARE_FORMS = [
  'careForms.mine',
  'careForms.startable',
  'careForms.detail',
  'careForms.saveInProgress',
  'careForms.complete',
  'careForms.create',
  'careFormTypes.pdf',
  ...CAREGIVER_CASES,
];
/** The caregiver app's pickup calls (issue "Scheduling" item 4); each confines the caregiver to their own offers. */
const CAREGIVER_APP_ACTIONS = [
  'caregiverAppGetPickupInvitations',
  'caregiverAppAcceptPickupInvitation',
  'caregiverAppDeclinePickupInvitation',
  'caregiverAppGetShifts',
  'caregiverAppGetCounts',
  'caregiverAppCheckInOut',
  'caregiverAppUpsertCaregiverMetadata',
  'listMyCareSheets',
  'getCareSheetCheckOutDetails',
  'prefetchCareSheetCheckOutDetailsForOffline',
  'saveCareSheetCheckInOut',
  'saveCareSheetReview',
  'getCareSheetPDFDetails',
  'getCareSheetPDFFile',
  'encryptionKeys.createKey',
  'encryptionKeys.getKey',
  ...CAREGIVER_CARE_FORMS,
];
/** What office staff who run clients and caregivers day to day may do (Branch Manager, RVP). */
/** Imports and exports (spec "File imports", "File exports"); their types are edited at system level only. */
const FILE_TRANSFER_ACTIONS = [
  'queueFileImport',
  'getFileImport',
  'getFileImportTypes',
  'getFileImportDownloadLink',
  'getFileImportTemplateDownloadLink',
  'queueFileExport',
  'getFileExport',
  'getFileExportTypes',
  'getFileExportDownloadLink',
];
/**
 * Payroll and billing reports, dashboards and the map (issue "Payroll, billing, reports"): computing a period's
 * payroll or billing lines, reading the company's payroll and EVV settings, the dashboards of the caller's branches.
 */
const REPORT_ACTIONS = [
  'computePayrollReport',
  'computeBillingReport',
  'getPayrollSettings',
  'getEvvSettings',
  'getDashboardSummary',
  'getEvvDashboard',
  'getEvvClientDashboard',
  'getEvvCaregiverDashboard',
  'getMapLocations',
];
/** The same figures per branch and per region (/dashboard/rollup), for roles over several branches. */
const ROLLUP_ACTIONS = ['getRollupDashboard'];
const OFFICE_ACTIONS = [
  ...WRITE_CLIENTS,
  ...WRITE_CAREGIVERS,
  ...READ_PAYERS,
  ...WRITE_SHIFTS,
  ...FILE_TRANSFER_ACTIONS,
  ...REPORT_ACTIONS,
  ...FILL_CARE_FORMS,
  ...WORK_CASES,
  ...ANSWER_VISIT_REQUESTS,
];
/** Nurses read the records, assess clients and write notes and files. */
const NURSE_ACTIONS = [
  ...READ_SHIFTS,
  ...SHIFT_COMMENTS,
  ...READ_CLIENTS,
  ...READ_CAREGIVERS,
  ...READ_PAYERS,
  'createNurseAssessment',
  'updateNurseAssessment',
  'getMapLocations',
  ...crud('Client', 'JournalEntry', 'JournalEntries'),
  // Deleting is the upload flow's undo when the PUT fails (spec section 4 "File upload").
  'createClientFile',
  'deleteClientFile',
  ...FILL_CARE_FORMS,
  ...WORK_CASES,
];
/** PRN (per diem) staff read the records and write notes. */
const PRN_ACTIONS = [
  ...READ_SHIFTS,
  ...SHIFT_COMMENTS,
  ...READ_CLIENTS,
  ...READ_CAREGIVERS,
  ...READ_PAYERS,
  ...crud('Client', 'JournalEntry', 'JournalEntries'),
  ...READ_CARE_FORMS,
  ...READ_CASES,
];
const READ_USERS = ['getUsers', 'getUser', 'getUserHistory'];
const ADMIN_ACTIONS = [
  ...READ_BRANCHES,
  ...READ_USERS,
  'updateUser',
  'resetUserMfa',
  'createBranch',
  'updateBranch',
  'getRoles',
  'getPermissionCatalog',
  'startImpersonatingUser',
  ...OFFICE_ACTIONS,
  ...WRITE_PAYERS,
  ...WRITE_LOCK_TIMES,
  ...ROLLUP_ACTIONS,
  'updatePayrollSettings',
  'updateEvvSettings',
  'getSecuritySettings',
  'updateSecuritySettings',
  'getRecordAccessHistory',
  'getOutbox',
  ...DESIGN_CARE_FORM_TYPES,
  ...DESIGN_CASE_TYPES,
];
/** A branch manager runs the office of their branches and names who handles each type of case there. */
const BRANCH_MANAGER_ACTIONS = [
  ...READ_BRANCHES,
  ...READ_USERS,
  'updateUser',
  ...OFFICE_ACTIONS,
  ...WRITE_LOCK_TIMES,
  ...CASE_ADMIN_ACTIONS,
];

/** The chat flags of the Client and Trusted Contact roles (issue "client and family app" item 4; migration 0035). */
const FAMILY_CHAT = { chatEnabled: true, chatSendMessageEnabled: true, chatDownloadAttachmentEnabled: true };

/** The seeded roles: the spec's picker ids 1-7 (spec section 5), then Client and Trusted Contact. */
export const DEFAULT_ROLES: (Partial<RoleRow> & Pick<RoleRow, 'id' | 'name'>)[] = [
  {
    id: ROLE_IDS.branchManager,
    name: 'Branch Manager',
    hasBranchLevelAccess: true,
    hasPayPeriodLockOverride: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    chatInitiateConversationEnabled: true,
    chatBroadcastEnabled: true,
    chatReadBranchConversationsEnabled: true,
    // Filing a document or photo sent in chat into the client's or caregiver's record is the office's task.
    chatCopyAttachmentsEnabled: true,
    actionPermissions: BRANCH_MANAGER_ACTIONS,
    tablePermissions: ['users', ...STAFF_TABLES, ...FILE_TRANSFER_TABLES, ...REPORT_TABLES, ...CARE_FORM_TABLES],
    viewPermissions: ['branches', 'users', ...RECORD_VIEWS, ...FILE_TRANSFER_VIEWS, ...REPORT_VIEWS, ...CARE_FORM_VIEWS],
  },
  {
    id: ROLE_IDS.companyAdmin,
    name: 'Company Admin',
    hasCompanyLevelAccess: true,
    hasPayPeriodLockOverride: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    chatInitiateConversationEnabled: true,
    chatBroadcastEnabled: true,
    chatBroadcastAllEnabled: true,
    chatReadBranchConversationsEnabled: true,
    chatCopyAttachmentsEnabled: true,
    actionPermissions: ADMIN_ACTIONS,
    tablePermissions: ['users', 'roles', ...STAFF_TABLES, ...FILE_TRANSFER_TABLES, ...REPORT_TABLES, ...CARE_FORM_TABLES],
    viewPermissions: ['branches', 'users', ...RECORD_VIEWS, ...FILE_TRANSFER_VIEWS, ...REPORT_VIEWS, ...CARE_FORM_VIEWS],
  },
  {
    id: ROLE_IDS.caregiver,
    name: 'Caregiver',
    chatEnabled: true,
    chatSendMessageEnabled: true,
    // A photo from the client's home (a wound, a broken lift) and the office's documents back (issue 22 item 2).
    chatUploadAttachmentEnabled: true,
    chatDownloadAttachmentEnabled: true,
    actionPermissions: CAREGIVER_APP_ACTIONS,
  },
  { id: ROLE_IDS.developer, name: 'Developer', hasSystemLevelAccess: true, hasPayPeriodLockOverride: true, chatEnabled: true },
  {
    id: ROLE_IDS.nurse,
    name: 'Nurse',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    chatUploadAttachmentEnabled: true,
    chatDownloadAttachmentEnabled: true,
    actionPermissions: [...READ_BRANCHES, ...NURSE_ACTIONS],
    tablePermissions: [...STAFF_TABLES, ...NURSE_REPORT_TABLES, ...CARE_FORM_TABLES],
    viewPermissions: ['branches', ...RECORD_VIEWS, ...NURSE_REPORT_VIEWS, ...CARE_FORM_VIEWS],
  },
  {
    id: ROLE_IDS.rvp,
    name: 'RVP',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    actionPermissions: [...READ_BRANCHES, ...READ_USERS, ...OFFICE_ACTIONS, ...ROLLUP_ACTIONS],
    tablePermissions: ['users', ...STAFF_TABLES, ...FILE_TRANSFER_TABLES, ...REPORT_TABLES, ...CARE_FORM_TABLES],
    viewPermissions: ['branches', 'users', ...RECORD_VIEWS, ...FILE_TRANSFER_VIEWS, ...REPORT_VIEWS, ...CARE_FORM_VIEWS],
  },
  {
    id: ROLE_IDS.prn,
    name: 'PRN',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    actionPermissions: [...READ_BRANCHES, ...PRN_ACTIONS],
    // The care forms table names who filled and signed each form (users).
    tablePermissions: [...STAFF_TABLES, ...CARE_FORM_TABLES, 'users'],
    viewPermissions: ['branches', ...RECORD_VIEWS, ...CARE_FORM_VIEWS],
  },
  // Clients and their trusted contacts call only the client app, which confines them to their own clients. They
  // message the office of their client's branch in chat, which confines them to that conversation
  // (chat/chat.family-reach.ts), and open what the office sends there; they start nothing else and attach nothing.
  { id: ROLE_IDS.client, name: 'Client', actionPermissions: [...CLIENT_APP_ACTIONS], ...FAMILY_CHAT },
  { id: ROLE_IDS.trustedContact, name: 'Trusted Contact', actionPermissions: [...CLIENT_APP_ACTIONS], ...FAMILY_CHAT },
];
