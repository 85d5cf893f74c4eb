import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { prefetchSchedule } from './features/caregiver-app/schedule-data';
import { RootLayout } from './layout/root.layout';
import { RouteError } from './layout/route-error';
import { SessionGate } from './layout/session-gate';

/** Screens of the staff shell (and /chat, which caregivers share). */
const staffRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./features/home/home.page')).HomePage }) },
  { path: 'map', lazy: async () => ({ Component: (await import('./features/map/map.page')).MapPage }) },
  {
    path: 'clients',
    lazy: async () => ({ Component: (await import('./features/clients/clients-list.page')).ClientsListPage }),
  },
  { path: 'clients/:id', loader: ({ params }) => redirect(`/clients/${params.id ?? ''}/schedule`) },
  {
    path: 'clients/:id/schedule',
    lazy: async () => ({ Component: (await import('./routes/client-schedule.route')).ClientScheduleRoute }),
  },
  {
    path: 'clients/:id/profile',
    lazy: async () => ({ Component: (await import('./routes/client-profile.route')).ClientProfileRoute }),
  },
  {
    path: 'clients/:id/files/:fileId',
    lazy: async () => ({
      Component: (await import('./features/clients/client-file-preview.page')).ClientFilePreviewPage,
    }),
  },
  {
    path: 'caregivers',
    lazy: async () => ({ Component: (await import('./features/caregivers/caregivers-list.page')).CaregiversListPage }),
  },
  { path: 'caregivers/:id', loader: ({ params }) => redirect(`/caregivers/${params.id ?? ''}/schedule`) },
  {
    path: 'caregivers/:id/schedule',
    lazy: async () => ({ Component: (await import('./routes/caregiver-schedule.route')).CaregiverScheduleRoute }),
  },
  {
    path: 'caregivers/:id/profile',
    lazy: async () => ({
      Component: (await import('./features/caregivers/caregiver-profile.page')).CaregiverProfilePage,
    }),
  },
  {
    path: 'caregivers/:id/files/:fileId',
    lazy: async () => ({
      Component: (await import('./features/caregivers/caregiver-file-preview.page')).CaregiverFilePreviewPage,
    }),
  },
  { path: 'shifts', lazy: async () => ({ Component: (await import('./features/shifts/shifts-list.page')).ShiftsListPage }) },
  { path: 'reports', lazy: async () => ({ Component: (await import('./features/reports/reports.page')).ReportsPage }) },
  { path: 'reports/:report', lazy: async () => ({ Component: (await import('./routes/report.route')).ReportRoute }) },
  {
    path: 'file-imports',
    lazy: async () => ({ Component: (await import('./features/file-imports/file-imports.page')).FileImportsPage }),
  },
  {
    path: 'file-import-rows',
    lazy: async () => ({ Component: (await import('./features/file-imports/file-import-rows.page')).FileImportRowsPage }),
  },
  {
    path: 'file-exports',
    lazy: async () => ({ Component: (await import('./features/file-exports/file-exports.page')).FileExportsPage }),
  },
  {
    path: 'visit-requests',
    lazy: async () => ({ Component: (await import('./features/visit-requests/visit-requests.page')).VisitRequestsPage }),
  },
  { path: 'cases', lazy: async () => ({ Component: (await import('./features/cases/cases-list.page')).CasesListPage }) },
  { path: 'cases/:id', lazy: async () => ({ Component: (await import('./features/cases/case.page')).CasePage }) },
  {
    path: 'cases/:id/pdf',
    lazy: async () => ({ Component: (await import('./features/cases/case-pdf.page')).CasePdfPage }),
  },
  {
    path: 'care-forms',
    lazy: async () => ({ Component: (await import('./features/care-forms/care-forms-list.page')).CareFormsListPage }),
  },
  {
    path: 'care-forms/care-form-types',
    lazy: async () => ({
      Component: (await import('./features/care-forms/care-form-types-list.page')).CareFormTypesListPage,
    }),
  },
  {
    path: 'care-forms/care-form-types/:id',
    lazy: async () => ({
      Component: (await import('./features/care-forms/care-form-type-builder.page')).CareFormTypeBuilderPage,
    }),
  },
  {
    path: 'care-forms/:id',
    lazy: async () => ({ Component: (await import('./features/care-forms/care-form.page')).CareFormPage }),
  },
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./features/dashboards/dashboard.page')).DashboardPage }),
  },
  {
    path: 'dashboard/evv',
    lazy: async () => ({ Component: (await import('./features/dashboards/evv-dashboard.page')).EvvDashboardPage }),
  },
  {
    path: 'dashboard/evv/client/:clientId',
    lazy: async () => ({ Component: (await import('./features/dashboards/evv-person.page')).EvvClientPage }),
  },
  {
    path: 'dashboard/evv/caregiver/:caregiverId',
    lazy: async () => ({ Component: (await import('./features/dashboards/evv-person.page')).EvvCaregiverPage }),
  },
  {
    path: 'dashboard/rollup',
    lazy: async () => ({ Component: (await import('./features/dashboards/rollup.page')).RollupPage }),
  },
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('./features/notifications/notifications.page')).NotificationsPage }),
  },
  { path: 'chat', lazy: async () => ({ Component: (await import('./routes/chat.route')).ChatRoute }) },
  { path: 'mocks', lazy: async () => ({ Component: (await import('./features/mocks/outbox.page')).OutboxPage }) },
  { path: 'admin', element: <Navigate to="/admin/branches" replace /> },
  {
    path: 'admin/branches',
    lazy: async () => ({ Component: (await import('./features/branches/branches-list.page')).BranchesListPage }),
  },
  {
    path: 'admin/branches/:id',
    lazy: async () => ({ Component: (await import('./features/branches/branch-edit.page')).BranchEditPage }),
  },
  {
    path: 'admin/users',
    lazy: async () => ({ Component: (await import('./features/users/users-list.page')).UsersListPage }),
  },
  {
    path: 'admin/users/:id',
    lazy: async () => ({ Component: (await import('./features/users/user-edit.page')).UserEditPage }),
  },
  { path: 'admin/roles', lazy: async () => ({ Component: (await import('./features/roles/roles.page')).RolesPage }) },
  {
    path: 'admin/payer-sources',
    lazy: async () => ({
      Component: (await import('./features/payer-sources/payer-sources-list.page')).PayerSourcesListPage,
    }),
  },
  {
    path: 'admin/payer-sources/:id',
    lazy: async () => ({
      Component: (await import('./features/payer-sources/payer-source-edit.page')).PayerSourceEditPage,
    }),
  },
  {
    path: 'admin/pay-period-lock-times',
    lazy: async () => ({
      Component: (await import('./features/pay-periods/pay-period-lock-times.page')).PayPeriodLockTimesPage,
    }),
  },
  {
    path: 'admin/file-export-types',
    lazy: async () => ({
      Component: (await import('./features/file-exports/file-export-types.page')).FileExportTypesPage,
    }),
  },
  {
    path: 'admin/file-export-types/:name',
    lazy: async () => ({
      Component: (await import('./features/file-exports/file-export-type-edit.page')).FileExportTypeEditPage,
    }),
  },
  {
    path: 'admin/file-import-types',
    lazy: async () => ({
      Component: (await import('./features/file-imports/file-import-types.page')).FileImportTypesPage,
    }),
  },
  {
    path: 'admin/file-import-types/:name',
    lazy: async () => ({
      Component: (await import('./features/file-imports/file-import-type-edit.page')).FileImportTypeEditPage,
    }),
  },
  {
    path: 'admin/logging',
    lazy: async () => ({ Component: (await import('./features/access-log/access-log.page')).AccessLogPage }),
  },
  {
    path: 'admin/security',
    lazy: async () => ({ Component: (await import('./features/access-log/security-settings.page')).SecuritySettingsPage }),
  },
  {
    path: 'admin/cases',
    lazy: async () => ({ Component: (await import('./features/cases/admin/case-admin.page')).CaseAdminPage }),
  },
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./features/placeholders/not-found.page')).NotFoundPage }),
  },
];

/** How long /app waits offline for its first window from the phone before it shows the shell with a loader. */
const OFFLINE_WINDOW_WAIT_MS = 500;

/** The caregiver app under /app. */
const caregiverRoutes: RouteObject[] = [
  {
    index: true,
    // Runs alongside `lazy`: the first window is asked for while the page's code downloads (the fetching code is
    // small and in the first download, so the request leaves at once). Online it is not awaited: the shell shows
    // while the network answers. Offline the window comes from the phone in a few milliseconds, and waiting for it
    // lets the first render draw the visits instead of a loader the phone would render only to replace; a read
    // slower than OFFLINE_WINDOW_WAIT_MS (the full cache, deriving its key) shows the loader meanwhile.
    loader: async ({ request }) => {
      const prefetched = prefetchSchedule(new URL(request.url).searchParams);
      if (!navigator.onLine) {
        await Promise.race([prefetched, new Promise((resolve) => setTimeout(resolve, OFFLINE_WINDOW_WAIT_MS))]);
      }
      return null;
    },
    lazy: async () => ({ Component: (await import('./features/caregiver-app/schedule.page')).SchedulePage }),
  },
  { path: 'pickup', lazy: async () => ({ Component: (await import('./features/caregiver-app/pickup.page')).PickupPage }) },
  {
    path: 'care-sheets',
    lazy: async () => ({ Component: (await import('./features/caregiver-app/care-sheets.page')).CareSheetsPage }),
  },
  {
    path: 'care-sheets/:id/review',
    lazy: async () => ({
      Component: (await import('./features/caregiver-app/care-sheet-review.page')).CareSheetReviewPage,
    }),
  },
  {
    // careSheetId is the literal "offline" for a visit checked out on the phone without network.
    path: 'care-sheets/:careSheetId/shifts/:shiftId/checkout',
    lazy: async () => ({ Component: (await import('./features/caregiver-app/checkout.page')).CheckOutPage }),
  },
  {
    // The visit's care plan, then links to the visit's care forms (routes/care-plan.route.tsx composes them).
    path: 'care-plans/:id',
    lazy: async () => ({ Component: (await import('./routes/care-plan.route')).CarePlanRoute }),
  },
  {
    path: 'care-forms',
    lazy: async () => ({ Component: (await import('./routes/care-forms-phone.route')).CareFormsPhoneListRoute }),
  },
  {
    path: 'care-forms/new',
    lazy: async () => ({ Component: (await import('./routes/care-forms-phone.route')).CareFormsPhoneStartRoute }),
  },
  {
    // :id is a form's id, or new-<clientRecordId> for a form started on the phone and not yet created.
    path: 'care-forms/:id',
    lazy: async () => ({ Component: (await import('./routes/care-forms-phone.route')).CareFormsPhoneFillRoute }),
  },
  {
    // The caregiver's incident reports: "My reports" and "Report an incident" (routes/cases-phone.route.tsx).
    path: 'cases',
    lazy: async () => ({ Component: (await import('./routes/cases-phone.route')).CasesPhoneListRoute }),
  },
  {
    path: 'cases/new',
    lazy: async () => ({ Component: (await import('./routes/cases-phone.route')).CasesPhoneReportRoute }),
  },
  { path: '*', element: <Navigate to="/app" replace /> },
];

/** Every route: /login, /forgot-password and /reset-password are public; everything else passes the session gate, which also confines each role. */
/**
 * The client and family app under /client-mobile-app (issue "client and family app"): each page checks the shown
 * client's permission itself (features/client-app/client-app.frame.tsx); Messages composes chat (routes/).
 */
const clientAppRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./features/client-app/home/client-home.page')).ClientHomePage }),
  },
  {
    path: 'visits',
    lazy: async () => ({ Component: (await import('./features/client-app/visits/visits.page')).ClientVisitsPage }),
  },
  {
    path: 'visits/:shiftId',
    lazy: async () => ({ Component: (await import('./features/client-app/visits/visit.page')).ClientVisitPage }),
  },
  {
    path: 'requests',
    lazy: async () => ({ Component: (await import('./features/client-app/requests/requests.page')).ClientRequestsPage }),
  },
  {
    path: 'messages',
    lazy: async () => ({ Component: (await import('./routes/client-app-messages.route')).ClientMessagesRoute }),
  },
  { path: 'more', lazy: async () => ({ Component: (await import('./features/client-app/more/more.page')).ClientMorePage }) },
  {
    path: 'care-plan',
    lazy: async () => ({ Component: (await import('./features/client-app/care-plan/care-plan.page')).ClientCarePlanPage }),
  },
  {
    path: 'statements',
    lazy: async () => ({
      Component: (await import('./features/client-app/statements/statements.page')).ClientStatementsPage,
    }),
  },
  {
    path: 'statements/:statementId',
    lazy: async () => ({ Component: (await import('./features/client-app/statements/statement.page')).ClientStatementPage }),
  },
  {
    path: 'alerts',
    lazy: async () => ({ Component: (await import('./features/client-app/alerts/alerts.page')).ClientAlertsPage }),
  },
  {
    path: 'account',
    lazy: async () => ({ Component: (await import('./features/client-app/account/account.page')).ClientAccountPage }),
  },
  { path: '*', element: <Navigate to="/client-mobile-app" replace /> },
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await import('./features/auth/login.page')).LoginPage }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('./features/auth/forgot-password.page')).ForgotPasswordPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('./features/auth/reset-password.page')).ResetPasswordPage }),
      },
      {
        element: <SessionGate />,
        errorElement: <RouteError />,
        children: [
          // The three shells load lazily, each with its first page (in parallel): a page downloads only its own
          // shell (issue "caregiver app", Performance: /app's first download).
          {
            path: 'app',
            lazy: async () => ({ Component: (await import('./layout/caregiver.shell')).CaregiverShell }),
            children: caregiverRoutes,
          },
          {
            path: 'client-mobile-app',
            lazy: async () => ({ Component: (await import('./features/client-app/client-app.shell')).ClientAppShell }),
            children: clientAppRoutes,
          },
          {
            lazy: async () => ({ Component: (await import('./layout/main.layout')).MainLayout }),
            children: staffRoutes,
          },
        ],
      },
    ],
  },
]);
