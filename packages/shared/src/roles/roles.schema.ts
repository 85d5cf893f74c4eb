import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';

/** Input of updateRoleActionPermissions / updateRoleTablePermissions / updateRoleViewPermissions: the whole set. */
export const ZUpdateRolePermissionsInput = z.object({
  roleId: ZId,
  permissions: z.array(zText().min(1).max(200)).max(2000),
});
export type UpdateRolePermissionsInput = z.infer<typeof ZUpdateRolePermissionsInput>;

/**
 * The nine chat flags of a role (spec section 3 "Role"; default false), in the spec's order. Each gates one chat right
 * of the role's users (apps/server/src/db/request-scope.ts chatRightsOf), and every one but chatEnabled counts only
 * while chatEnabled is on.
 */
export const ROLE_CHAT_FLAGS = [
  'chatEnabled',
  'chatBroadcastEnabled',
  'chatBroadcastAllEnabled',
  'chatSendMessageEnabled',
  'chatDownloadAttachmentEnabled',
  'chatUploadAttachmentEnabled',
  'chatInitiateConversationEnabled',
  'chatCopyAttachmentsEnabled',
  'chatReadBranchConversationsEnabled',
] as const;
export type RoleChatFlag = (typeof ROLE_CHAT_FLAGS)[number];

/** The chat flags as a zod shape: every one of ROLE_CHAT_FLAGS, true or false. */
const chatFlagsShape = Object.fromEntries(ROLE_CHAT_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  RoleChatFlag,
  z.ZodBoolean
>;

/**
 * Input of updateRoleChatFlags: the role and all nine chat flags (each required, true or false), so a save states
 * the whole set and two editors never merge half of each other's choices. Unknown keys are refused.
 */
export const ZUpdateRoleChatFlagsInput = z
  .object({
    roleId: ZId,
    ...chatFlagsShape,
  })
  .strict();
export type UpdateRoleChatFlagsInput = z.infer<typeof ZUpdateRoleChatFlagsInput>;

/**
 * A role as getRoles, the three permission updates and updateRoleChatFlags return it (spec section 3 "Role"): level and chat flags and
 * the three permission sets (procedure paths, table names, view names).
 */
export const ZRoleOutput = z.object({
  id: z.number(),
  name: z.string(),
  pgRole: z.string(),
  hasSystemLevelAccess: z.boolean(),
  hasCompanyLevelAccess: z.boolean(),
  hasBranchLevelAccess: z.boolean(),
  hasPayPeriodLockOverride: z.boolean(),
  ...chatFlagsShape,
  actionPermissions: z.array(z.string()),
  tablePermissions: z.array(z.string()),
  viewPermissions: z.array(z.string()),
});
export type RoleOutput = z.infer<typeof ZRoleOutput>;

/** Output of getPermissionCatalog: the names each permission set can hold. */
export const ZPermissionCatalogOutput = z.object({
  /** Procedure paths a role may be allowed to call. */
  actions: z.array(z.string()),
  /** Table names a role may be allowed to read. */
  tables: z.array(z.string()),
  /** Backend view names a role may be allowed to open. */
  views: z.array(z.string()),
});
export type PermissionCatalogOutput = z.infer<typeof ZPermissionCatalogOutput>;
