/**
 * The architecture's import fences (docs/architecture.md "Feature folders" and "Layers"), checked by
 * `npm run lint:deps` in `npm run lint`. Each rule's comment is what a developer reads when it fires; the test
 * scripts/dependency-fences.test.ts proves that each one fires on a file that breaks it.
 */

/**
 * The modules a server feature offers to other features, by feature folder: its Drizzle tables (`*.schema.ts`) and
 * its view definitions (`*.view.ts`, registered by the view engine) always; anything else only when listed here.
 * A new entry is a decision: another feature now depends on that module.
 */
const SERVER_PUBLIC_MODULES = {
  'access-log': ['access-log.record'],
  audit: ['audit.rows'],
  billing: ['billing.lines'],
  'caregiver-app': ['caregiver-app.lookup'],
  'client-app': ['client-app.access', 'client-app-visits.family', 'client-app-alerts.notify'],
  caregivers: ['caregivers.service'],
  'care-sheets': ['care-sheets.pdf', 'care-sheets.pdf-source'],
  chat: ['chat.family'],
  'care-forms': ['care-forms.pdf-layout', 'care-forms.pdf-render', 'care-forms.read'],
  cases: ['cases.defaults'],
  clients: ['clients.lookup', 'clients.service'],
  'file-exports': ['file-exports.files', 'file-exports.scope'],
  live: ['live.publish'],
  notify: ['notify.service', 'notify.secrets'],
  notifications: ['visit-changes.notify', 'notifications.service', 'geofence.notify', 'visit-when', 'office-recipients'],
  'pay-periods': ['pay-periods.lock'],
  payroll: ['payroll.compute'],
  records: ['records.columns', 'records.zip-centroids', 'records.owner', 'records.addresses.service', 'records.journal.service'],
  reports: ['reports.catalog'],
  roles: ['roles.permissions', 'roles.seed'],
  shifts: ['shifts.units', 'shifts.lookup', 'shifts.service', 'shift-patterns.generate', 'shifts.live'],
  users: ['users.service'],
  visits: ['visits.record', 'visits.receipts', 'visits.timesheets.service', 'visits.worked'],
  'visit-requests': ['visit-requests.family'],
  views: ['views.registry', 'views.catalog', 'views.query', 'views.service', 'views.export', 'spreadsheet-cells'],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const publicPaths = [
  '^apps/server/src/features/[^/]+/[^/]+\\.(schema|view)\\.ts$',
  ...Object.entries(SERVER_PUBLIC_MODULES).flatMap(([feature, modules]) =>
    modules.map((module) => `^apps/server/src/features/${escape(feature)}/${escape(module)}\\.ts$`),
  ),
];

/** Tests and their helpers may reach anywhere: they exercise the layers from outside. */
const TESTS = '\\.test\\.tsx?$|test-support|/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: the modules cannot be understood, tested or loaded one without the other. Move what both ' +
        'need into a third module, or pass it in.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-shell-not-features',
      severity: 'error',
      comment:
        'apps/web/src/api and apps/web/src/layout are the shell every feature runs in: they never import a feature ' +
        '(routes compose features).',
      from: { path: '^apps/web/src/(api|layout)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-features-not-each-other',
      severity: 'error',
      comment: 'Web features do not import each other; compose them in apps/web/src/routes.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-features-not-transport',
      severity: 'error',
      comment:
        'Server features are plain services, free of HTTP and tRPC: only a feature router (*.router.ts), or the ' +
        'procedure builder its routers share (*.procedure.ts, such as chatProcedure), imports the tRPC layer; ' +
        'nothing in a feature imports apps/server/src/http or the app.',
      from: { path: '^apps/server/src/features/', pathNot: `\\.(router|procedure)\\.ts$|${TESTS}` },
      to: { path: '^apps/server/src/(trpc|http)/|^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'server-features-public-modules',
      severity: 'error',
      comment:
        "A server feature imports another feature only through that feature's public modules: its tables " +
        '(*.schema.ts), its views (*.view.ts), or a module listed in SERVER_PUBLIC_MODULES in .dependency-cruiser.cjs.',
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/server/src/features/', pathNot: ['^apps/server/src/features/$1/', ...publicPaths] },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'packages/shared is read by the server and the web: it imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.deps.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
