import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { roles } from './roles.schema';

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
const READ_USERS = ['getUsers', 'getUser', 'getUserHistory'];
const ADMIN_ACTIONS = [
  ...READ_BRANCHES,
  ...READ_USERS,
  'updateUser',
  'updateBranch',
  'getRoles',
  'getPermissionCatalog',
  'startImpersonatingUser',
];
const STAFF_TABLES = ['branches', 'clients', 'client_addresses', 'caregivers', 'caregiver_addresses'];

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
    actionPermissions: [...READ_BRANCHES, ...READ_USERS, 'updateUser'],
    tablePermissions: ['users', ...STAFF_TABLES],
    viewPermissions: ['branches', 'users'],
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
    actionPermissions: ADMIN_ACTIONS,
    tablePermissions: ['users', 'roles', ...STAFF_TABLES],
    viewPermissions: ['branches', 'users'],
  },
  { id: ROLE_IDS.caregiver, name: 'Caregiver', chatEnabled: true, chatSendMessageEnabled: true },
  { id: ROLE_IDS.developer, name: 'Developer', hasSystemLevelAccess: true, hasPayPeriodLockOverride: true, chatEnabled: true },
  {
    id: ROLE_IDS.nurse,
    name: 'Nurse',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    actionPermissions: READ_BRANCHES,
    tablePermissions: STAFF_TABLES,
    viewPermissions: ['branches'],
  },
  {
    id: ROLE_IDS.rvp,
    name: 'RVP',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    actionPermissions: [...READ_BRANCHES, ...READ_USERS],
    tablePermissions: ['users', ...STAFF_TABLES],
    viewPermissions: ['branches', 'users'],
  },
  {
    id: ROLE_IDS.prn,
    name: 'PRN',
    hasBranchLevelAccess: true,
    chatEnabled: true,
    chatSendMessageEnabled: true,
    actionPermissions: READ_BRANCHES,
    tablePermissions: STAFF_TABLES,
    viewPermissions: ['branches'],
  },
  { id: ROLE_IDS.client, name: 'Client' },
  { id: ROLE_IDS.trustedContact, name: 'Trusted Contact' },
];
