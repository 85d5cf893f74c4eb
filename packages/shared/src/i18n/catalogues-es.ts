import type { Catalogues } from './language-rule';
import esCaregiverApp from './es/caregiver-app.json';
import esCommon from './es/common.json';
import esShell from './es/shell.json';
import esRecords from './es/records.json';
import esAdmin from './es/admin.json';
import esSchedule from './es/schedule.json';
import esReports from './es/reports.json';
import esFiles from './es/files.json';
import esFinance from './es/finance.json';
import esDataTable from './es/data-table.json';
import esMfa from './es/mfa.json';
import esSignIn from './es/sign-in.json';
import esAccessLog from './es/access-log.json';
import esAccount from './es/account.json';
import esServer from './es/server.json';
import esClientApp from './es/client-app.json';
import esNotifications from './es/notifications.json';
import esLive from './es/live.json';
import esPush from './es/push.json';
import esOutbox from './es/outbox.json';
import esChat from './es/chat.json';
import esChatPhone from './es/chat-phone.json';
import esCareForms from './es/care-forms.json';
import esCareFormBuilder from './es/care-form-builder.json';
import esCareFormsPhone from './es/care-forms-phone.json';
import esCases from './es/cases.json';
import esCaseAdmin from './es/case-admin.json';
import esCasesPhone from './es/cases-phone.json';
import esClientAppVisits from './es/client-app-visits.json';
import esClientAppRequests from './es/client-app-requests.json';
import esVisitRequests from './es/visit-requests.json';
import esClientAppAlerts from './es/client-app-alerts.json';
import esClientAppStatements from './es/client-app-statements.json';
import esClientAppMessages from './es/client-app-messages.json';
import esClientAppAccount from './es/client-app-account.json';

/**
 * Spanish's message catalogues, by namespace (docs/decisions/0009-i18next-catalogues.md). A module of its own
 * so the web app loads one language's texts as a chunk of their own, only when that language is shown; the server
 * and the tests reach every language through `CATALOGUES` in languages.ts.
 */
export const CATALOGUES_ES = {
  caregiverApp: esCaregiverApp,
  common: esCommon,
  shell: esShell,
  records: esRecords,
  admin: esAdmin,
  schedule: esSchedule,
  reports: esReports,
  files: esFiles,
  finance: esFinance,
  dataTable: esDataTable,
  mfa: esMfa,
  signIn: esSignIn,
  accessLog: esAccessLog,
  account: esAccount,
  server: esServer,
  clientApp: esClientApp,
  notifications: esNotifications,
  push: esPush,
  outbox: esOutbox,
  live: esLive,
  chat: esChat,
  chatPhone: esChatPhone,
  careForms: esCareForms,
  careFormBuilder: esCareFormBuilder,
  careFormsPhone: esCareFormsPhone,
  cases: esCases,
  caseAdmin: esCaseAdmin,
  casesPhone: esCasesPhone,
  clientAppVisits: esClientAppVisits,
  clientAppRequests: esClientAppRequests,
  visitRequests: esVisitRequests,
  clientAppAlerts: esClientAppAlerts,
  clientAppStatements: esClientAppStatements,
  clientAppMessages: esClientAppMessages,
  clientAppAccount: esClientAppAccount,
} satisfies Catalogues;
