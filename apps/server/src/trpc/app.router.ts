import { router } from './init';
import { registerActions } from './action-catalog';
import { usersRouter } from '../features/users/users.router';
import { branchesRouter } from '../features/branches/branches.router';
import { rolesRouter } from '../features/roles/roles.router';
import { viewsRouter } from '../features/views/views.router';
import { clientsRouter } from '../features/clients/clients.router';
import { notifyRouter } from '../features/notify/notify.router';
import { filesRouter } from '../features/files/files.router';
import { caregiversRouter } from '../features/caregivers/caregivers.router';
import { payerSourcesRouter } from '../features/payer-sources/payer-sources.router';
import { shiftsRouter } from '../features/shifts/shifts.router';
import { shiftPickupRouter } from '../features/shifts/shift-pickup.router';
import { payPeriodsRouter } from '../features/pay-periods/pay-periods.router';
import { shiftPatternsRouter } from '../features/shifts/shift-patterns.router';
import { careSheetsRouter } from '../features/care-sheets/care-sheets.router';
import { caregiverAppRouter } from '../features/caregiver-app/caregiver-app.router';
import { evvSettingsRouter } from '../features/caregiver-app/evv-settings.router';
import { accessLogRouter } from '../features/access-log/access-log.router';
import { encryptionKeysRouter } from '../features/encryption-keys/encryption-keys.router';
import { fileImportsRouter } from '../features/file-imports/file-imports.router';
import { fileExportsRouter } from '../features/file-exports/file-exports.router';
import { payrollRouter } from '../features/payroll/payroll.router';
import { billingRouter } from '../features/billing/billing.router';
import { mapRouter } from '../features/map/map.router';
import { dashboardsRouter } from '../features/dashboards/dashboards.router';
import { mfaRouter } from '../features/mfa/mfa.router';
import { notificationsRouter } from '../features/notifications/notifications.router';
import { liveRouter } from '../features/live/live.router';
import { chatRouter, chatUnreadRouter } from '../features/chat/chat.router';
import { careFormsRouter } from '../features/care-forms/care-forms.router';
import { careFormTypesRouter } from '../features/care-forms/care-form-types.router';
import { casesRouter } from '../features/cases/cases.router';
import { caseAdminsRouter, caseTypesRouter } from '../features/cases/case-types.router';
import { visitRequestsRouter } from '../features/visit-requests/visit-requests.router';
import { clientAppRouter } from '../features/client-app/client-app.router';

/** The root router at /api/trpc: procedure paths are the spec's call names. */
export const appRouter = router({
  ...usersRouter._def.record,
  ...branchesRouter._def.record,
  ...rolesRouter._def.record,
  ...viewsRouter._def.record,
  ...clientsRouter._def.record,
  ...notifyRouter._def.record,
  ...filesRouter._def.record,
  ...caregiversRouter._def.record,
  ...payerSourcesRouter._def.record,
  ...shiftsRouter._def.record,
  ...shiftPickupRouter._def.record,
  ...payPeriodsRouter._def.record,
  ...shiftPatternsRouter._def.record,
  ...careSheetsRouter._def.record,
  ...caregiverAppRouter._def.record,
  ...evvSettingsRouter._def.record,
  ...accessLogRouter._def.record,
  ...fileImportsRouter._def.record,
  ...fileExportsRouter._def.record,
  ...payrollRouter._def.record,
  ...billingRouter._def.record,
  ...mapRouter._def.record,
  ...dashboardsRouter._def.record,
  ...mfaRouter._def.record,
  ...notificationsRouter._def.record,
  ...chatUnreadRouter._def.record,
  ...clientAppRouter._def.record,
  encryptionKeys: encryptionKeysRouter,
  live: liveRouter,
  chat: chatRouter,
  careForms: careFormsRouter,
  careFormTypes: careFormTypesRouter,
  cases: casesRouter,
  caseTypes: caseTypesRouter,
  caseAdmins: caseAdminsRouter,
  visitRequests: visitRequestsRouter,
});

registerActions(Object.keys(appRouter._def.procedures));

export type AppRouter = typeof appRouter;
