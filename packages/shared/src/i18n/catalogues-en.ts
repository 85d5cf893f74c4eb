import type { Catalogues } from './language-rule';
import enCaregiverApp from './en/caregiver-app.json';
import enCommon from './en/common.json';
import enShell from './en/shell.json';
import enRecords from './en/records.json';
import enAdmin from './en/admin.json';
import enSchedule from './en/schedule.json';
import enReports from './en/reports.json';
import enFiles from './en/files.json';
import enFinance from './en/finance.json';
import enDataTable from './en/data-table.json';
import enMfa from './en/mfa.json';
import enSignIn from './en/sign-in.json';
import enAccessLog from './en/access-log.json';
import enAccount from './en/account.json';
import enServer from './en/server.json';
import enClientApp from './en/client-app.json';
import enNotifications from './en/notifications.json';
import enLive from './en/live.json';
import enPush from './en/push.json';
import enOutbox from './en/outbox.json';
import enChat from './en/chat.json';
import enChatPhone from './en/chat-phone.json';
import enCareForms from './en/care-forms.json';
import enCareFormBuilder from './en/care-form-builder.json';
import enCareFormsPhone from './en/care-forms-phone.json';
import enCases from './en/cases.json';
import enCaseAdmin from './en/case-admin.json';
import enCasesPhone from './en/cases-phone.json';
import enClientAppVisits from './en/client-app-visits.json';
import enClientAppRequests from './en/client-app-requests.json';
import enVisitRequests from './en/visit-requests.json';
import enClientAppAlerts from './en/client-app-alerts.json';
import enClientAppStatements from './en/client-app-statements.json';
import enClientAppMessages from './en/client-app-messages.json';
import enClientAppAccount from './en/client-app-account.json';

/**
 * English's message catalogues, by namespace (docs/decisions/0009-i18next-catalogues.md). A module of its own
 * so the web app loads one language's texts as a chunk of their own, only when that language is shown; the server
 * and the tests reach every language through `CATALOGUES` in languages.ts.
 */
export const CATALOGUES_EN = {
  caregiverApp: enCaregiverApp,
  common: enCommon,
  shell: enShell,
  records: enRecords,
  admin: enAdmin,
  schedule: enSchedule,
  reports: enReports,
  files: enFiles,
  finance: enFinance,
  dataTable: enDataTable,
  mfa: enMfa,
  signIn: enSignIn,
  accessLog: enAccessLog,
  account: enAccount,
  server: enServer,
  clientApp: enClientApp,
  notifications: enNotifications,
  push: enPush,
  outbox: enOutbox,
  live: enLive,
  chat: enChat,
  chatPhone: enChatPhone,
  careForms: enCareForms,
  careFormBuilder: enCareFormBuilder,
  careFormsPhone: enCareFormsPhone,
  cases: enCases,
  caseAdmin: enCaseAdmin,
  casesPhone: enCasesPhone,
  clientAppVisits: enClientAppVisits,
  clientAppRequests: enClientAppRequests,
  visitRequests: enVisitRequests,
  clientAppAlerts: enClientAppAlerts,
  clientAppStatements: enClientAppStatements,
  clientAppMessages: enClientAppMessages,
  clientAppAccount: enClientAppAccount,
} satisfies Catalogues;
