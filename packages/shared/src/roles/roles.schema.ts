import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';

/** Input of updateRoleActionPermissions / updateRoleTablePermissions / updateRoleViewPermissions: the whole set. */
export const ZUpdateRolePermissionsInput = z.object({
  roleId: ZId,
  permissions: z.array(zText().min(1).max(200)).max(2000),
});
export type UpdateRolePermissionsInput = z.infer<typeof ZUpdateRolePermissionsInput>;

/**
 * A role as getRoles and the three permission updates return it (spec section 3 "Role"): level and chat flags and
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
  chatEnabled: z.boolean(),
  chatBroadcastEnabled: z.boolean(),
  chatBroadcastAllEnabled: z.boolean(),
  chatSendMessageEnabled: z.boolean(),
  chatDownloadAttachmentEnabled: z.boolean(),
  chatUploadAttachmentEnabled: z.boolean(),
  chatInitiateConversationEnabled: z.boolean(),
  chatCopyAttachmentsEnabled: z.boolean(),
  chatReadBranchConversationsEnabled: z.boolean(),
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
